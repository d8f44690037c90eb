import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/.server/auth/guards";
import { suggestMentions } from "~/.server/users";

/** GET /api/mentions?q=: up to five people for an @mention being typed (members only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) return Response.json({ people: [] }, { status: 401 });
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const people = await suggestMentions(context.db, query, user.id);
  // Who is suggested depends on the member (their blocks): another member signing in on this browser asks again.
  return Response.json({ people }, { headers: { "Cache-Control": "private, max-age=30", Vary: "Cookie" } });
}

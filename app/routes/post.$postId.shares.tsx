import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/.server/auth/guards";
import { attempt, refuse } from "~/.server/outcome";
import { sharePost } from "~/.server/posts";
import { publishCounts } from "~/.server/realtime";
import { POST_MESSAGES } from "~/lib/messages";
import { ShareSchema } from "~/lib/schemas/post";

/**
 * POST /post/{id}/shares: records a share made with JavaScript (the dialog sends it with keepalive,
 * so sharing twice quickly, or closing the dialog, loses nothing). Without JavaScript the share page's
 * form records it instead.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) return Response.json(refuse(401, POST_MESSAGES.signInToShare), { status: 401 });
  const form = await request.formData();
  const parsed = ShareSchema.safeParse({ platform: form.get("platform") ?? undefined });
  const platform = parsed.success ? parsed.data.platform : "internal";
  // The share itself already happened (the dialog opened the service): a failure to record it is only logged.
  const outcome = await attempt("recording a share", null, () => sharePost(context.db, user.id, params.postId ?? "", platform));
  if (outcome.ok) publishCounts(context, context.db, outcome.postId, outcome.counts);
  return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/.server/auth/guards";

/**
 * GET /api/session (SESSION_CHECK_PATH): which member this browser is signed in as, null for none. A
 * page whose room found its session ended asks, and listens on when its browser holds a new session of
 * the same member (a password change: decision 083).
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  return Response.json({ member: user?.id ?? null }, { headers: { "Cache-Control": "no-store" } });
}

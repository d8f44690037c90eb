import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/.server/auth/guards";
import { readForm, requiredParam } from "~/.server/http";
import { limiterOf, subjects, tooManyRequests } from "~/.server/limits";
import { recordView } from "~/.server/posts/interactions";
import { toResponse } from "~/.server/respond";
import { publishCounts } from "~/.server/realtime";

/** POST /post/{id}/view: a member saw the post (view tracking; never the author, once a day). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  await readForm(request);
  const postId = requiredParam(params, "postId");
  const user = await getOptionalUser(context);
  if (!user) return new Response(null, { status: 204 });
  const verdict = await limiterOf(context).hit([subjects.member(user.id)], "view");
  if (!verdict.allowed) return toResponse(tooManyRequests(null, verdict.retryAfterSeconds));
  try {
    const outcome = await recordView(context.db, user.id, postId);
    if (outcome.ok && outcome.counted) publishCounts(context, context.db, outcome.postId);
    return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status });
  } catch (error) {
    // View-tracking failures are only warned about (spec document 1 §8).
    console.warn("recording a view failed:", error);
    return Response.json({ ok: false, message: null }, { status: 500 });
  }
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

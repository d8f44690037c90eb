import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberAction } from "~/.server/actions";
import { requiredParam } from "~/.server/http";
import { getCard } from "~/.server/posts/cards";
import { sharePost } from "~/.server/posts/interactions";
import { publishCounts } from "~/.server/realtime";
import { respond, returnToOf, toResponse } from "~/.server/respond";
import { ShareSchema } from "~/lib/schemas/post";
import { postUrl, sharedText, shareTargets } from "~/lib/share";

/**
 * POST /post/{id}/shares: the one place a share is recorded, with its platform. The dialog (JavaScript)
 * sends it with keepalive, so sharing twice quickly, or closing the dialog, loses nothing, and gets the
 * answer as JSON; the share page's forms (without JavaScript) are sent on to the service itself.
 */
export async function action(args: ActionFunctionArgs) {
  const postId = requiredParam(args.params, "postId");
  const answer = await memberAction(args, ["share"], async ({ context, member, form, request }) => {
    const parsed = ShareSchema.safeParse({ platform: form.get("platform") ?? undefined });
    const platform = parsed.success ? parsed.data.platform : "internal";
    const outcome = await sharePost(context.db, member.id, postId, platform);
    if (!outcome.ok) return respond(context, form, outcome);
    publishCounts(context, context.db, outcome.postId, outcome);
    const { audience: _audience, ...shared } = outcome;
    if (returnToOf(form) === null) return respond(context, form, shared);
    const item = await getCard(context.db, member.id, outcome.postId);
    const url = postUrl(new URL(request.url).origin, outcome.postId, item?.post.communityId ?? null);
    const target = shareTargets(url, item ? sharedText(item.post) : "").find((t) => t.platform === platform);
    return redirect(target?.href ?? returnToOf(form) ?? "/");
  });
  return toResponse(answer);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

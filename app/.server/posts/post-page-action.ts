import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberAction } from "../actions";
import { purgePublicProfile } from "../edge-cache";
import { requiredParam } from "../http";
import { interactWithPost, POST_INTENTS } from "./interact";

/**
 * The interactions on a post: like, repost, bookmark (each with the wanted state), comment and comment
 * like. Signed-out visitors get the spec's 'Please sign in to …' and nothing changes. The action of
 * both of a post's pages, /post/{id} and its community's /community/{cid}/post/{id}: a refused comment
 * comes back in the page it was written on (without JavaScript, the page's action data).
 */
export function postPageAction(args: ActionFunctionArgs) {
  const postId = requiredParam(args.params, "postId");
  return memberAction(args, POST_INTENTS, async ({ context, member, intent, form }) => {
    const answer = await interactWithPost(context, member.id, postId, intent, form);
    // What visitors see changed: a repost on the member's public profile (a comment purges in interact.ts).
    if (intent === "repost") await purgePublicProfile(context, member.username);
    return answer;
  });
}

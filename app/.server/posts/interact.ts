import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Intent } from "~/lib/intents";
import { POST_MESSAGES } from "~/lib/messages";
import { CommentSchema, ToggleSchema } from "~/lib/schemas/post";
import type { PostActionAnswer } from "~/lib/types/post";
import { addComment, setCommentLike } from "../comments";
import { purgePublicPost } from "../edge-cache";
import { refuse } from "../outcome";
import { publishCounts, publishDeletedPost, publishNewPost, tellNotified } from "../realtime";
import { respond, returnToOf } from "../respond";
import { setBookmark, setLike, setRepost } from "./interactions";
import { parseSubmission } from "../submission";

/** The interactions a post's page and cards send to /post/{id}. */
export const POST_INTENTS = ["like", "repost", "bookmark", "comment", "comment-like"] as const satisfies readonly Intent[];

const CommentLikeSchema = ToggleSchema.extend({ commentId: z.string().min(1) });

/**
 * A member's like, repost, bookmark (each with the wanted state), comment or comment like on a post:
 * written, told to the feed room, and answered for a fetcher or a page without JavaScript.
 */
export async function interactWithPost(
  context: AppLoadContext,
  memberId: string,
  postId: string,
  intent: (typeof POST_INTENTS)[number],
  form: FormData,
) {
  const db = context.db;
  if (intent === "comment") {
    const submission = parseSubmission(form, { schema: CommentSchema });
    // Shown again with the text and the message (without JavaScript, on the page itself).
    if (submission.status !== "success") {
      return data<PostActionAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await addComment(db, memberId, postId, submission.value);
    // A post that is gone says so, as a like, repost or bookmark of it does; any other refusal is the spec's failure.
    if (!outcome.ok) return respond(context, form, { ...outcome, message: outcome.message === POST_MESSAGES.notFound ? outcome.message : POST_MESSAGES.commentFailed });
    publishCounts(context, db, outcome.postId);
    tellNotified(context, db, outcome.told);
    // Visitors' copies of the post's page (and of the repost's page it was made from) hold the comments.
    await purgePublicPost(context, postId, outcome.postId);
    const { told: _told, ...answer } = outcome;
    return respond(context, form, answer, POST_MESSAGES.commentPosted);
  }

  if (intent === "comment-like") {
    const parsed = CommentLikeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return respond(context, form, refuse(400, POST_MESSAGES.notFound));
    const outcome = await setCommentLike(db, memberId, parsed.data.commentId, parsed.data.value);
    return respond(context, form, outcome.ok ? { ...outcome, state: outcome.liked } : outcome);
  }

  // A toggle's button is named after it and carries the wanted state ('like' = 'true').
  const parsed = ToggleSchema.safeParse({ value: form.get(intent) ?? undefined });
  if (!parsed.success) return respond(context, form, refuse(400, POST_MESSAGES.notFound));
  const wanted = parsed.data.value;
  switch (intent) {
    case "like": {
      const outcome = await setLike(db, memberId, postId, wanted);
      if (!outcome.ok) return respond(context, form, outcome);
      publishCounts(context, db, outcome.postId, outcome);
      tellNotified(context, db, { ids: [outcome.audience.authorId] });
      const { audience: _audience, ...answer } = outcome;
      return respond(context, form, { ...answer, state: outcome.liked });
    }
    case "bookmark": {
      const outcome = await setBookmark(db, memberId, postId, wanted);
      // Without JavaScript the bookmark icon alone may be missed: say what happened.
      const said = returnToOf(form) ? (wanted ? POST_MESSAGES.bookmarked : POST_MESSAGES.unbookmarked) : undefined;
      return respond(context, form, outcome.ok ? { ...outcome, state: outcome.bookmarked } : outcome, said);
    }
    case "repost": {
      const outcome = await setRepost(db, memberId, postId, wanted);
      const said = wanted ? POST_MESSAGES.reposted : POST_MESSAGES.unreposted;
      if (!outcome.ok) return respond(context, form, outcome, said);
      publishCounts(context, db, outcome.postId, outcome);
      tellNotified(context, db, { ids: [outcome.audience.authorId] });
      const repost = outcome.repostAudience;
      if (outcome.repostId && outcome.reposted) {
        publishNewPost(context, { type: "post-created", postId: outcome.repostId, authorId: memberId, hasVideo: false, communityId: repost.communityId, repost: true }, repost, { authorInBlock: outcome.reposterInBlock, authorMuted: false });
      } else if (outcome.repostId) {
        publishDeletedPost(context, outcome.repostId, repost);
      }
      const { audience: _audience, repostAudience: _repostAudience, reposterInBlock: _reposterInBlock, ...answer } = outcome;
      return respond(context, form, { ...answer, state: outcome.reposted }, said);
    }
  }
}

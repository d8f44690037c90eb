import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { commentToDelete, deleteComment } from "~/.server/comments";
import { purgePublicPost } from "~/.server/edge-cache";
import { invariantResponse, requiredParam, safeRedirectPath } from "~/.server/http";
import { publishCounts, tellNotified } from "~/.server/realtime";
import { answerHeaders, respond } from "~/.server/respond";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DeleteCommentForm } from "~/components/post/delete-comment-form";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: `${COMMENT_DELETE_TEXTS.title} | Murmur` }];

/**
 * The comment delete confirmation as a page, for members without JavaScript (with it, a dialog on the
 * comment posts to this page's action): only for the comment's writer and the post's author.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const postId = requiredParam(params, "postId");
  const found = await commentToDelete(context.db, user.id, postId, requiredParam(params, "commentId"));
  // Someone else's comment on someone else's post is refused (403), one they may not see is not found.
  if (!found.ok) invariantResponse(false, found.message ?? COMMENT_DELETE_TEXTS.notFound, { status: found.status });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/post/${postId}#comments`);
  return { postId: found.postId, commentId: found.commentId, writer: found.writer, returnTo };
}

/** Deletes the comment and its replies; anyone but its writer and the post's author is refused, and nothing changes. */
export function action(args: ActionFunctionArgs) {
  const postId = requiredParam(args.params, "postId");
  const commentId = requiredParam(args.params, "commentId");
  return memberAction(args, ["comment-delete"], async ({ context, member, form }) => {
    const outcome = await deleteComment(context.db, member.id, postId, commentId);
    if (!outcome.ok) return respond(context, form, outcome);
    // Pages showing the post hear its count (the comment itself leaves theirs on their next load, as a
    // new comment arrives there: rooms carry counts, not comments); visitors' copies of its page go.
    publishCounts(context, context.db, outcome.postId, outcome);
    tellNotified(context, context.db, { ids: outcome.notified });
    await purgePublicPost(context, outcome.postId);
    const { audience: _audience, notified: _notified, ...answer } = outcome;
    return respond(context, form, answer, COMMENT_DELETE_TEXTS.deleted);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function DeleteCommentPage() {
  const { postId, commentId, writer, returnTo } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(returnTo), [navigate, returnTo]);
  return (
    <div>
      <PageHeader title={COMMENT_DELETE_TEXTS.title} />
      <div className="px-4 py-4">
        <DeleteCommentForm target={{ postId, commentId, writer }} returnTo={returnTo} onDone={done} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: () => <ErrorPage status={403} title={COMMENT_DELETE_TEXTS.title} text={COMMENT_DELETE_TEXTS.forbidden} />,
        404: notFound("Comment not found", COMMENT_DELETE_TEXTS.notFound),
      }}
    />
  );
}

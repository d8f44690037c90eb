import { noteCounts } from "~/lib/live-feed";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import type { PostActionAnswer } from "~/lib/types/post";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { ReturnTo } from "../return-to";
import { ConfirmActions } from "../ui/confirm-actions";

/** A comment its writer or the post's author may delete (decision 094). */
export type DeletableComment = { postId: string; commentId: string; writer: string };

/** The address of a comment's delete confirmation: its page without JavaScript, its dialog's action with it. */
export const deleteCommentPath = ({ postId, commentId }: { postId: string; commentId: string }) => `/post/${postId}/comments/${commentId}/delete`;

/**
 * The comment delete confirmation, as the post's (delete-form.tsx): Delete / Cancel, 'Deleting...'
 * while busy. With JavaScript the answer's counts go to the page's live counts at once, so every card
 * and page of the post shows the comment count without it.
 */
export function DeleteCommentForm({
  target,
  returnTo,
  onCancel,
  onDone,
}: {
  target: DeletableComment;
  returnTo: string;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const { fetcher, busy } = useActionFetcher<PostActionAnswer>(`comment-delete-${target.commentId}`, (answer) => {
    if (answer.ok && answer.counts) noteCounts(target.postId, answer.counts);
    (answer.ok ? onDone : onCancel)?.();
  });

  return (
    <fetcher.Form method="post" action={deleteCommentPath(target)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="comment-delete" />
      <ReturnTo to={returnTo} />
      <p className="text-muted">{COMMENT_DELETE_TEXTS.confirm}</p>
      <ConfirmActions label="Delete" busyLabel="Deleting..." busy={busy} onCancel={onCancel} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

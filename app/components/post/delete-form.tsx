import { markDeleted } from "~/lib/deleted-posts";
import type { PostActionAnswer } from "~/lib/types/post";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { ReturnTo } from "../return-to";
import { ConfirmActions } from "../ui/confirm-actions";

export const DELETE_MESSAGE = "Are you sure you want to delete this post? This action cannot be undone.";

/** A post or repost the member may delete, and what the confirmation calls it. */
export type Deletable = { id: string; title: "Delete Post" | "Delete Repost" };

/** The delete confirmation (spec document 1 §2.4): Delete / Cancel, 'Deleting...' while busy. */
export function DeleteForm({
  target,
  returnTo,
  onCancel,
  onDone,
}: {
  target: Deletable;
  returnTo: string;
  onCancel?: () => void;
  onDone?: () => void;
}) {
  const { fetcher, busy } = useActionFetcher<PostActionAnswer>(`delete-${target.id}`, (answer) => {
    if (answer.ok) markDeleted(target.id);
    (answer.ok ? onDone : onCancel)?.();
  });

  return (
    <fetcher.Form method="post" action={`/post/${target.id}/delete`} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="delete" />
      <ReturnTo to={returnTo} />
      <p className="text-muted">{DELETE_MESSAGE}</p>
      <ConfirmActions label="Delete" busyLabel="Deleting..." busy={busy} onCancel={onCancel} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

import { REMOVE_FOLLOWER_TEXTS } from "~/lib/texts/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { ReturnTo } from "../return-to";
import { useHoldDialogOpen } from "../ui/dialog";
import { ConfirmActions } from "../ui/confirm-actions";

/** What a removal answers with JavaScript: the member's followers count after it. */
export type RemoveFollowerAnswer = { ok: boolean; message: string | null; followersCount?: number };

/** The address of a follower's removal: its confirmation page without JavaScript, its dialog's action with it. */
export const removeFollowerPath = (owner: string, follower: string) => `/profile/${owner}/followers/${follower}/remove`;

/** Whether a form's action is a follower's removal (`removeFollowerPath`'s shape). */
export const isFollowerRemoval = (action: string | undefined) => /^\/profile\/[^/]+\/followers\/[^/]+\/remove$/.test(action ?? "");

/**
 * The removal's confirmation (decision 098), as the comment's delete (delete-comment-form.tsx):
 * Cancel / Remove, 'Removing...' while busy; it says the follower is not told and may follow again.
 */
export function RemoveFollowerForm({
  owner,
  follower,
  returnTo,
  onCancel,
  onDone,
}: {
  owner: string;
  follower: { username: string; displayName: string };
  returnTo: string;
  onCancel?: () => void;
  onDone?: (answer: RemoveFollowerAnswer) => void;
}) {
  const { fetcher, busy } = useActionFetcher<RemoveFollowerAnswer>(`follower-remove:${follower.username.toLowerCase()}`, (answer) => {
    if (answer.ok) onDone?.(answer);
    else onCancel?.();
  });
  // Sent, the dialog stays until the answer: its row leaves only once the answer is handled (the list
  // is not read again after a removal, decision 115), so a dialog closed meanwhile would keep the row.
  useHoldDialogOpen(busy);
  return (
    <fetcher.Form method="post" action={removeFollowerPath(owner, follower.username)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="follower-remove" />
      <ReturnTo to={returnTo} />
      <p className="font-semibold">{REMOVE_FOLLOWER_TEXTS.question}</p>
      <p className="text-muted" dir="auto">
        {REMOVE_FOLLOWER_TEXTS.explain(follower.displayName)}
      </p>
      <ConfirmActions label={REMOVE_FOLLOWER_TEXTS.control} busyLabel={REMOVE_FOLLOWER_TEXTS.busy} busy={busy} onCancel={onCancel && (() => busy || onCancel())} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

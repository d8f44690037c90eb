import { useFetcher } from "@remix-run/react";
import { markDeleted } from "~/lib/deleted-posts";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { useOncePer } from "~/lib/use-once-per";
import { ReturnTo } from "../return-to";
import { ConfirmActions } from "../ui/confirm-actions";
import type { PostActionData } from "./post-types";

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
  const fetcher = useFetcher<PostActionData>({ key: `delete-${target.id}` });
  useFetcherToast(fetcher);
  const busy = fetcher.state !== "idle";
  useOncePer(fetcher.state === "idle" ? fetcher.data : null, (answer) => {
    if (answer.ok) markDeleted(target.id);
    (answer.ok ? onDone : onCancel)?.();
  });

  return (
    <fetcher.Form method="post" action={`/post/${target.id}/delete`} className="flex flex-col gap-4">
      <ReturnTo to={returnTo} />
      <p className="text-muted">{DELETE_MESSAGE}</p>
      <ConfirmActions label="Delete" busyLabel="Deleting..." busy={busy} onCancel={onCancel} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

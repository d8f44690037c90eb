import { useEffect, useRef, useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo, useReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { Dialog } from "~/components/ui/dialog";
import { isModifiedClick, PageLink } from "~/components/ui/page-link";
import { BLOCK_TEXTS } from "~/lib/texts/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";

/** The address of a member's block: its confirmation page without JavaScript, and the action of both forms. */
export const blockPath = (username: string) => `/profile/${username}/block`;

type BlockAnswer = { ok: boolean; message: string | null };

/**
 * The block's confirmation (decision 100), as a follower's removal (remove-follower-form.tsx): what a
 * block does, Cancel / Block, 'Blocking...' while busy.
 */
export function BlockForm({ username, returnTo, onCancel, onDone }: { username: string; returnTo: string; onCancel?: () => void; onDone?: () => void }) {
  const { fetcher, busy } = useActionFetcher<BlockAnswer>(`block:${username.toLowerCase()}`, (answer) => {
    if (answer.ok) onDone?.();
    else onCancel?.();
  });
  return (
    <fetcher.Form method="post" action={blockPath(username)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="block" />
      <ReturnTo to={returnTo} />
      <p className="font-semibold">{BLOCK_TEXTS.question(username)}</p>
      <p className="text-muted">{BLOCK_TEXTS.explain(username)}</p>
      <ConfirmActions label={BLOCK_TEXTS.confirm} busyLabel={BLOCK_TEXTS.busy} busy={busy} onCancel={onCancel} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

/**
 * A profile's Block: a link to the confirmation's page without JavaScript (back to the profile after
 * it), the confirmation as a dialog in place with it.
 */
export function BlockControl({ username }: { username: string }) {
  const [open, setOpen] = useState(false);
  const returnTo = useReturnTo();
  return (
    <>
      <PageLink
        to={`${blockPath(username)}?${new URLSearchParams({ returnTo })}`}
        onClick={(event) => {
          if (isModifiedClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
        className={buttonClass("secondary", "px-4 py-1.5 text-sm hover:text-danger")}
      >
        {BLOCK_TEXTS.control(username)}
      </PageLink>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={BLOCK_TEXTS.title}>
          <BlockForm
            username={username}
            returnTo={returnTo}
            onCancel={() => setOpen(false)}
            onDone={() => {
              // The profile's Unblock, once the reload brings it, takes the keyboard (the link pressed goes).
              unblockToFocus = username.toLowerCase();
              setOpen(false);
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}

/** The member whose Unblock takes the keyboard when it appears: the one just blocked here. */
let unblockToFocus: string | null = null;

/**
 * Unblock (decision 100), on the blocked member's profile and in Settings' list: a plain form without
 * JavaScript (post/redirect/get back to `returnTo`, with the toast), a fetcher with it; the page's data
 * reload after it.
 */
export function UnblockButton({ username, returnTo, onDone }: { username: string; returnTo?: string; onDone?: () => void }) {
  const { fetcher, busy } = useActionFetcher<BlockAnswer>(`unblock:${username.toLowerCase()}`, (answer) => {
    if (answer.ok) onDone?.();
  });
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (unblockToFocus !== username.toLowerCase()) return;
    unblockToFocus = null;
    button.current?.focus();
  }, [username]);
  return (
    <FetcherForm fetcher={fetcher} action={blockPath(username)}>
      <ReturnTo to={returnTo} />
      <input type="hidden" name="intent" value="unblock" />
      <button ref={button} type="submit" disabled={busy} aria-label={BLOCK_TEXTS.unblockName(username)} className={buttonClass("secondary", "px-4 py-1.5 text-sm")}>
        {busy ? BLOCK_TEXTS.unblocking : BLOCK_TEXTS.unblock}
      </button>
    </FetcherForm>
  );
}

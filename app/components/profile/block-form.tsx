import { useEffect, useRef, useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo, useReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { Dialog } from "~/components/ui/dialog";
import { isModifiedClick, PageLink } from "~/components/ui/page-link";
import { BLOCK_FOCUS_HANDOFF_MS } from "~/lib/constants";
import { BLOCK_TEXTS } from "~/lib/texts/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { SubmitButton } from "~/components/ui/submit-button";

/** The address of a member's block: its confirmation page without JavaScript, and the action of both forms. */
export const blockPath = (username: string) => `/profile/${username}/block`;

type BlockAnswer = { ok: boolean; message: string | null };

/**
 * The control that takes the keyboard when it appears after the page's reload (decision 086): Unblock
 * after a block from the profile, the Block link after an unblock there; the one pressed has gone. Only
 * for a few seconds: a reload that failed leaves no control to take it later.
 */
let handoff: { to: string; at: number } | null = null;
const handTo = (to: string) => {
  handoff = { to, at: Date.now() };
};
function useHandoff<T extends HTMLElement>(to: string, takes = true) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (!takes || !handoff || handoff.to !== to) return;
    const fresh = Date.now() - handoff.at < BLOCK_FOCUS_HANDOFF_MS;
    handoff = null;
    // A wrapper's own control (PageLink keeps its anchor to itself).
    const control = element.current?.matches("a, button") ? element.current : element.current?.querySelector<HTMLElement>("a, button");
    if (fresh) control?.focus();
  }, [to, takes]);
  return element;
}

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
  const link = useHandoff<HTMLSpanElement>(`block:${username.toLowerCase()}`);
  return (
    <>
      <span ref={link} className="contents">
        <PageLink
          to={`${blockPath(username)}?${new URLSearchParams({ returnTo })}`}
          onClick={(event) => {
            if (isModifiedClick(event)) return;
            event.preventDefault();
            setOpen(true);
          }}
          aria-label={BLOCK_TEXTS.control(username)}
          className={buttonClass("secondary", "px-4 py-1.5 text-sm hover:text-danger")}
        >
          {/* The word alone: a long username beside Message, Mention and Follow would not fit a 320 px screen. */}
          {BLOCK_TEXTS.title}
        </PageLink>
      </span>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={BLOCK_TEXTS.titleOf(username)}>
          <BlockForm
            username={username}
            returnTo={returnTo}
            onCancel={() => setOpen(false)}
            onDone={() => {
              // The profile's Unblock, once the reload brings it, takes the keyboard (the link pressed goes).
              handTo(`unblock:${username.toLowerCase()}`);
              setOpen(false);
            }}
          />
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * Unblock (decision 100), on the blocked member's profile and in Settings' list: a plain form without
 * JavaScript (post/redirect/get back to `returnTo`, with the toast), a fetcher with it; the page's data
 * reload after it.
 */
export function UnblockButton({ username, returnTo, onDone }: { username: string; returnTo?: string; onDone?: () => void }) {
  const { fetcher, busy } = useActionFetcher<BlockAnswer>(`unblock:${username.toLowerCase()}`, (answer) => {
    if (!answer.ok) return;
    // On the profile, the Block link that comes back takes the keyboard (a list moves it itself).
    if (onDone) onDone();
    else handTo(`block:${username.toLowerCase()}`);
  });
  // Only the profile's (a list's rows, with `onDone`, move the keyboard themselves).
  const button = useHandoff<HTMLSpanElement>(`unblock:${username.toLowerCase()}`, !onDone);
  return (
    <FetcherForm fetcher={fetcher} action={blockPath(username)}>
      <ReturnTo to={returnTo} />
      <input type="hidden" name="intent" value="unblock" />
      <span ref={button} className="contents">
        <SubmitButton busy={busy} busyLabel={BLOCK_TEXTS.unblocking} aria-label={BLOCK_TEXTS.unblockName(username)} variant="secondary" className="px-4 py-1.5 text-sm">
          {BLOCK_TEXTS.unblock}
        </SubmitButton>
      </span>
    </FetcherForm>
  );
}

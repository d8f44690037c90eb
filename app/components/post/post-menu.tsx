import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { PageLink } from "~/components/ui/page-link";
import { iconBefore } from "~/components/icon";
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { focusPageHeading } from "~/lib/navigation-focus";
import { MUTE_TEXTS } from "~/lib/texts/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import type { Deletable } from "./delete-form";

/**
 * The post's menu: Report Post (not on one's own posts, nor on a post one may not see), Mute @author
 * for a member on someone else's post (decision 107), and for its owner Delete Post (or Delete
 * Repost). A <details> element, so it opens without JavaScript; its items lead to the dialogs' pages,
 * or open them in place with it (Mute is a form of its own). With nothing to offer, no menu.
 */
export function PostMenu({
  postId,
  reportable,
  mutable,
  deletable,
  returnTo,
  onReport,
  onDelete,
}: {
  postId: string;
  reportable: boolean;
  /** The author's username, when the member may mute them from here. */
  mutable: string | null;
  deletable: Deletable | null;
  returnTo: string;
  onReport: () => void;
  onDelete: () => void;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const query = new URLSearchParams({ returnTo });

  useEffect(() => {
    const close = (event: globalThis.MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, []);

  const inPlace = (open: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    // The item is hidden now: the dialog gives the keyboard back to the menu's button when it closes.
    if (ref.current) closeToButton(ref.current);
    open();
  };

  if (!reportable && !mutable && !deletable) return null;
  return (
    <details ref={ref} className="relative" onKeyDown={closeOnEscape} onBlur={closeOnFocusOut}>
      <summary className={`post-menu-toggle ${iconBefore("more")}`}>
        <span className="sr-only">More options</span>
      </summary>
      <ul className="post-menu">
        {reportable ? (
          <li>
            <PageLink to={`/post/${postId}/report?${query}`} onClick={inPlace(onReport)} className={`post-menu-item ${iconBefore("flag")}`}>
              Report Post
            </PageLink>
          </li>
        ) : null}
        {mutable ? <MuteItem username={mutable} returnTo={returnTo} /> : null}
        {deletable ? (
          <li>
            <PageLink to={`/post/${deletable.id}/delete?${query}`} onClick={inPlace(onDelete)} className={`post-menu-item ${iconBefore("trash")} text-danger`}>
              {deletable.title}
            </PageLink>
          </li>
        ) : null}
      </ul>
    </details>
  );
}

/**
 * Mute @author (decision 107): the profile's Mute, in the menu. Without JavaScript the form posts and
 * comes back to the page with the toast; with it a fetcher (the profile's, by its key) posts, the page
 * reloads without the author's posts where it leaves them out (Home, Videos), and the keyboard goes to
 * the page's heading: the card it was on may be gone.
 */
function MuteItem({ username, returnTo }: { username: string; returnTo: string }) {
  // The key is shared with the profile's Mute (and every card of the author's): only the form pressed
  // here moves the keyboard, not the profile's button's own press (found in review).
  const pressed = useRef(false);
  const { fetcher, busy } = useActionFetcher<{ ok: boolean; message: string | null }>(`mute:${username.toLowerCase()}`, (answer) => {
    if (answer.ok && pressed.current) focusPageHeading();
    pressed.current = false;
  });
  return (
    <li>
      <FetcherForm
        fetcher={fetcher}
        action={`/profile/${username}`}
        onSubmit={(event) => {
          // Busy, a press does nothing; the item stays enabled so that a refusal leaves the keyboard on it.
          if (busy) return event.preventDefault();
          pressed.current = true;
          const menu = event.currentTarget.closest("details");
          if (menu) menu.open = false;
        }}
      >
        {/* Back to the page, not to the card: Home no longer shows it. */}
        <ReturnTo to={returnTo.split("#")[0]} />
        <input type="hidden" name="intent" value="mute" />
        <button type="submit" aria-disabled={busy || undefined} className={`post-menu-item wrap-anywhere ${iconBefore("eye-off")}`}>
          {MUTE_TEXTS.muteName(username)}
        </button>
      </FetcherForm>
    </li>
  );
}

/** Escape closes the open menu, the keyboard back on its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (event.key !== "Escape" || !menu.open) return;
  event.preventDefault();
  closeToButton(menu);
}

/** Closes the menu with the keyboard on its button. */
function closeToButton(menu: HTMLDetailsElement) {
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

/**
 * The keyboard leaving the menu (Tab past its last item) closes it. A click elsewhere is the document's
 * listener's: some browsers focus nothing on a click, and closing on that blur would hide the item
 * being clicked.
 */
function closeOnFocusOut(event: FocusEvent<HTMLDetailsElement>) {
  const next = event.relatedTarget;
  if (next instanceof Node && !event.currentTarget.contains(next)) event.currentTarget.open = false;
}

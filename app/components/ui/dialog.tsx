import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useClientLayoutEffect } from "~/lib/use-client-layout-effect";
import { Icon } from "~/components/icon";
import { dialogClosed, dialogOpened, isTopDialog } from "~/lib/open-dialogs";

/** Closed natively (focus goes back to the opener), and off the open dialogs at once, so a toast raised with it shows on the page. */
function shut(dialog: HTMLDialogElement) {
  dialogClosed(dialog);
  if (dialog.open) dialog.close();
}

/** How a form in a dialog keeps it open; outside a dialog, nothing. */
const HoldOpen = createContext<(() => () => void) | null>(null);

/**
 * While `busy` (its send is on the way), the dialog a form is in stays open: Escape, ✕ and the backdrop
 * do nothing, so the form, its text and its answer are not thrown away. A send gives up in time
 * (SEND_ANSWER_TIMEOUT_MS), so the hold ends. Held in the same commit that shows the form busy (a layout
 * effect, whose update React applies before the browser handles another event): an Escape pressed just
 * after the busy form showed closed the dialog, now and then, while a passive effect was still to run.
 */
export function useHoldDialogOpen(busy: boolean) {
  const hold = useContext(HoldOpen);
  useClientLayoutEffect(() => (busy && hold ? hold() : undefined), [busy, hold]);
}

/**
 * A modal built on the native <dialog>: focus is trapped and Escape closes it. Dialogs are an
 * enhancement; each one also exists as a page or URL for visitors without JavaScript.
 *
 * However it closes (Escape, ✕, the backdrop, its owner taking it away), it closes natively, so the
 * browser gives focus back to what opened it. It opens on the field marked `data-autofocus`, if any.
 * While open, the page's toasts show in it (open-dialogs). A busy form in it keeps it open (useHoldDialogOpen).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  className = "",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [holds, setHolds] = useState(0);
  const hold = useCallback(() => {
    setHolds((count) => count + 1);
    return () => setHolds((count) => count - 1);
  }, []);
  const held = holds > 0;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      dialogOpened(dialog);
    }
    if (!open && dialog.open) shut(dialog);
  }, [open]);

  // Taken away while open (a dialog rendered only while open): closed first, while still in the page.
  useClientLayoutEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog) shut(dialog);
    };
  }, []);

  // Escape's default is the browser's close (a cancel event it may not let us refuse a second time),
  // so a held dialog on top refuses the key itself, wherever the keyboard is: on a toast's Dismiss
  // button (in the dialog, its region portalled there, but not in its React tree), or on the page's
  // body (a focused toast went away). Added in a layout effect, as the hold is.
  useClientLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !held) return;
    const refuseEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape" && isTopDialog(dialog)) event.preventDefault();
    };
    window.addEventListener("keydown", refuseEscape, true);
    return () => window.removeEventListener("keydown", refuseEscape, true);
  }, [held]);

  const close = () => {
    if (ref.current && !held) shut(ref.current);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(event) => {
        // A close that is out of date: the dialog was opened again since (React's development mode
        // runs a new layout effect's cleanup, closing it, and its effect again at once).
        if (event.currentTarget.open) return;
        dialogClosed(event.currentTarget);
        onClose();
      }}
      onCancel={(event) => {
        if (held) event.preventDefault();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) close();
      }}
      className={`m-auto w-[min(92vw,28rem)] rounded-2xl border border-line bg-bg p-0 text-fg shadow-2xl ${className}`}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-disabled={held || undefined}
              className="-m-1 rounded-full p-1 text-muted hover:bg-surface aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              aria-label="Close"
            >
              <Icon name="x" className="size-5" />
            </button>
          </div>
          <HoldOpen.Provider value={hold}>{children}</HoldOpen.Provider>
        </div>
      ) : null}
    </dialog>
  );
}

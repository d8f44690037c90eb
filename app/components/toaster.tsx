import { startTransition, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/components/icon";
import { useOpenDialogs } from "~/lib/open-dialogs";
import { dismissToast, holdToast, showToast, useClientToasts, wasToastSeen, type ClientToast } from "~/lib/toast-store";
import { useRouter } from "~/lib/router";
import { answersOf } from "~/lib/use-action-fetcher";
import { useHydrated } from "~/lib/use-hydrated";

const tone: Record<ClientToast["type"], string> = {
  success: "border-success",
  error: "border-danger",
  info: "border-accent",
};

/**
 * Shows the flash toast of this response (plain text without JavaScript) and, with JavaScript,
 * every toast raised since, each dismissible and timed, and raises those of the action answers no
 * form showed.
 *
 * While a modal dialog is open, the toasts raised since it opened show inside it: outside, they would
 * be under its backdrop and hidden from screen readers (the page is inert). The page's region stays
 * where it is all along, so a toast that moves there when the dialog closes is new content in a live
 * region that was already there, and is read out; one that moves to a dialog still open under it
 * (a list's, under a confirmation) likewise.
 */
export function Toaster({ flash }: { flash: ClientToast | null }) {
  const clientToasts = useClientToasts();
  useAnswersNoFormShowed();

  useEffect(() => {
    if (flash) showToast(flash.message, flash.type, flash.id);
  }, [flash]);

  const items = flash && !wasToastSeen(flash.id) ? [flash, ...clientToasts] : clientToasts;
  const dialogs = useOpenDialogs();
  const top = dialogs.at(-1) ?? null;
  // Where each toast shows: the dialog on top when it was first shown, or the page (null). It stays
  // there while that is open (it was seen and read out there; under a dialog opened since, it waits
  // with the rest), and once its dialog closes it moves for good to the dialog then on top, or the
  // page: a toast raised as a confirmation closed over a list's dialog shows in the list's, not on the
  // page under its backdrop.
  const [homes, setHomes] = useState<ReadonlyMap<string, HTMLDialogElement | null>>(() => new Map());
  const homeOf = (toast: ClientToast) => {
    const home = homes.get(toast.id);
    return home === null || (home !== undefined && dialogs.includes(home)) ? home : top;
  };
  if (items.some((toast) => homes.get(toast.id) !== homeOf(toast)) || homes.size > items.length) {
    setHomes(new Map(items.map((toast) => [toast.id, homeOf(toast)])));
  }

  return (
    <>
      <ToastRegion items={items.filter((toast) => homeOf(toast) === null)} />
      {/* Every open dialog has its region before a toast moves into it, so that toast is read out. */}
      {dialogs.map((dialog) =>
        createPortal(
          <ToastRegion items={items.filter((toast) => homeOf(toast) === dialog)} />,
          dialog,
          keyOf(dialog),
        ),
      )}
    </>
  );
}

/** A key for each dialog element, the same while it lives, so its region is never made anew. */
const dialogKeys = new WeakMap<HTMLDialogElement, string>();
let dialogCount = 0;
function keyOf(dialog: HTMLDialogElement): string {
  let key = dialogKeys.get(dialog);
  if (!key) dialogKeys.set(dialog, (key = `dialog-${++dialogCount}`));
  return key;
}

/**
 * Shows the action answers no form showed (decision 116): rendered again in the transition the forms
 * render theirs in, its effect runs after theirs in the same commit (the Toaster comes after the page).
 */
function useAnswersNoFormShowed() {
  const router = useRouter();
  // How many answers had landed by the state this render holds: the Toaster also renders at once,
  // outside transitions (a toast, a dialog), and those commits come before the forms' renders.
  const [landed, setLanded] = useState(0);
  const answers = useRef<ReturnType<typeof answersOf> | null>(null);
  useEffect(() => {
    const watched = answersOf(router, (count) => startTransition(() => setLanded(count)));
    answers.current = watched;
    return () => {
      watched.stop();
      answers.current = null;
    };
  }, [router]);
  useEffect(() => answers.current?.flush(landed), [landed]);
}

function ToastRegion({ items }: { items: ClientToast[] }) {
  return (
    <section
      // Not "Notifications": that is a page of its own, and this region is on every page.
      aria-label="Alerts"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:bottom-6"
    >
      {/* A quiet toast repeats what the page already says in an alert (a form's error): shown, not read out twice. */}
      <ToastList items={items.filter((toast) => toast.quiet)} />
      <div role="status" aria-live="polite" className="w-full max-w-md">
        <ToastList items={items.filter((toast) => !toast.quiet)} />
      </div>
    </section>
  );
}

function ToastList({ items }: { items: ClientToast[] }) {
  if (items.length === 0) return null;
  return (
    <ol className="flex w-full max-w-md flex-col gap-2">
      {items.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}

/**
 * A toast, held (its time stopped) while a mouse or pen points at it or while the keyboard is on its
 * Dismiss button. Held and let go in the event itself, not in an effect after a render: its time must
 * not run out between the two. A finger does not hold it: a touch screen may keep the last tap's place
 * hovered, and a toast drawn there would never go.
 */
function ToastItem({ toast }: { toast: ClientToast }) {
  const hydrated = useHydrated();
  const hold = useRef({ pointed: false, focused: false, release: null as (() => void) | null });
  const update = (change: Partial<{ pointed: boolean; focused: boolean }>) => {
    const state = Object.assign(hold.current, change);
    if ((state.pointed || state.focused) && !state.release) state.release = holdToast(toast.id);
    if (!state.pointed && !state.focused && state.release) {
      state.release();
      state.release = null;
    }
  };
  // Taken off the page (dismissed, or moved to another region when its dialog closed): let go.
  useEffect(() => {
    const state = hold.current;
    return () => {
      state.release?.();
      state.release = null;
      state.pointed = state.focused = false;
    };
  }, []);
  return (
    <li
      data-toast={toast.type}
      onPointerEnter={(event) => {
        if (event.pointerType !== "touch") update({ pointed: true });
      }}
      onPointerLeave={() => update({ pointed: false })}
      onFocus={() => update({ focused: true })}
      // Focus leaving the window (another app, the devtools) leaves it on the button: still held.
      onBlur={(event) => update({ focused: event.currentTarget.contains(event.relatedTarget) || event.currentTarget.contains(document.activeElement) })}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border-l-4 bg-fg px-4 py-3 text-sm text-bg shadow-lg ${tone[toast.type]}`}
    >
      <p className="flex-1">{toast.message}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={() => dismissToast(toast.id)}
          className="rounded p-0.5 opacity-80 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          <Icon name="x" className="size-4" />
        </button>
      ) : null}
    </li>
  );
}

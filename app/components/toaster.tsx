import { startTransition, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/components/icon";
import { useTopDialog } from "~/lib/open-dialogs";
import { dismissToast, showToast, useClientToasts, wasToastSeen, type ClientToast } from "~/lib/toast-store";
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
 * where it is all along, so a toast that moves there when the dialog closes (one raised as it closed,
 * say) is new content in a live region that was already there, and is read out.
 */
export function Toaster({ flash }: { flash: ClientToast | null }) {
  const clientToasts = useClientToasts();
  useAnswersNoFormShowed();

  useEffect(() => {
    if (flash) showToast(flash.message, flash.type, flash.id);
  }, [flash]);

  const items = flash && !wasToastSeen(flash.id) ? [flash, ...clientToasts] : clientToasts;
  const dialog = useTopDialog();
  // The toasts already shown when the top dialog opened: they stay on the page (they were heard there).
  const [before, setBefore] = useState<{ dialog: HTMLDialogElement | null; ids: ReadonlySet<string> }>({ dialog: null, ids: new Set() });
  if (before.dialog !== dialog) setBefore({ dialog, ids: new Set(items.map((toast) => toast.id)) });
  const inDialog = dialog ? items.filter((toast) => !before.ids.has(toast.id)) : [];
  const onPage = dialog ? items.filter((toast) => before.ids.has(toast.id)) : items;

  return (
    <>
      <ToastRegion items={onPage} />
      {dialog ? createPortal(<ToastRegion items={inDialog} />, dialog) : null}
    </>
  );
}

/**
 * Shows the action answers no form showed (decision 116): rendered again in the transition the forms
 * render theirs in, its effect runs after theirs in the same commit (the Toaster comes after the page).
 */
function useAnswersNoFormShowed() {
  const router = useRouter();
  const [, setLanded] = useState(0);
  const answers = useRef<ReturnType<typeof answersOf> | null>(null);
  useEffect(() => {
    const watched = answersOf(router, () => startTransition(() => setLanded((n) => n + 1)));
    answers.current = watched;
    return () => {
      watched.stop();
      answers.current = null;
    };
  }, [router]);
  useEffect(() => answers.current?.flush());
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
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  return (
    <ol className="flex w-full max-w-md flex-col gap-2">
      {items.map((toast) => (
        <li
          key={toast.id}
          data-toast={toast.type}
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
      ))}
    </ol>
  );
}

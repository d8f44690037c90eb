import { useEffect } from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/components/icon";
import { useTopDialog } from "~/lib/open-dialogs";
import { dismissToast, showToast, useClientToasts, wasToastSeen, type ClientToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";

const tone: Record<ClientToast["type"], string> = {
  success: "border-success",
  error: "border-danger",
  info: "border-accent",
};

/**
 * Shows the flash toast of this response (plain text without JavaScript) and, with JavaScript,
 * every toast raised since, each dismissible and timed. While a modal dialog is open they show inside
 * it: outside, they would be under its backdrop and hidden from screen readers (the page is inert).
 */
export function Toaster({ flash }: { flash: ClientToast | null }) {
  const hydrated = useHydrated();
  const clientToasts = useClientToasts();

  useEffect(() => {
    if (flash) showToast(flash.message, flash.type, flash.id);
  }, [flash]);

  const items = flash && !wasToastSeen(flash.id) ? [flash, ...clientToasts] : clientToasts;
  const dialog = useTopDialog();

  const region = (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4 sm:bottom-6"
    >
      <div role="status" aria-live="polite" className="w-full max-w-md">
      <ol className="flex w-full flex-col gap-2">
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
      </div>
    </section>
  );
  return dialog ? createPortal(region, dialog) : region;
}

import { useSyncExternalStore } from "react";

/**
 * The modal dialogs open now, the last opened on top. A modal dialog makes the rest of the page inert
 * (hidden from screen readers, under its backdrop), so each open dialog has a toast region (Toaster):
 * a toast shows in the dialog on top when it was raised, where it is seen, read out and dismissed.
 */
let open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dialogOpened(dialog: HTMLDialogElement) {
  open = [...open.filter((one) => one !== dialog), dialog];
  emit();
}

export function dialogClosed(dialog: HTMLDialogElement) {
  if (!open.includes(dialog)) return;
  open = open.filter((one) => one !== dialog);
  emit();
}

/** Whether this dialog is the open one on top (the one Escape closes). */
export function isTopDialog(dialog: HTMLDialogElement): boolean {
  return open.at(-1) === dialog;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The modal dialogs open now, the top one last (the same array until one opens or closes). */
export function useOpenDialogs(): readonly HTMLDialogElement[] {
  return useSyncExternalStore(
    subscribe,
    // No dialog is the server's array too, so hydrating renders nothing again.
    () => (open.length === 0 ? NONE : open),
    () => NONE,
  );
}
const NONE: readonly HTMLDialogElement[] = [];

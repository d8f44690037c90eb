import { useSyncExternalStore } from "react";
import { TOAST_AFTER_HOLD_MS, TOAST_DURATION_MS } from "./constants";

/** Client-side toasts: server flash toasts once they reach the browser, and toasts raised in components. */
/** `quiet`: shown, not read out (the page says the same in an alert of its own: a form's error). */
export type ClientToast = { id: string; type: "success" | "error" | "info"; message: string; quiet?: boolean };

let toasts: ClientToast[] = [];
/** Each showing toast's time: when it goes, how many hold it and what was left when they took it, its timer (none while held). */
const timers = new Map<string, { due: number; holds: number; left: number; timer: ReturnType<typeof setTimeout> }>();
const seen = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(message: string, type: ClientToast["type"] = "success", id: string = crypto.randomUUID(), { quiet = false }: { quiet?: boolean } = {}) {
  if (seen.has(id)) return;
  seen.add(id);
  toasts = [...toasts, { id, type, message, ...(quiet ? { quiet } : {}) }];
  emit();
  timers.set(id, { due: Date.now() + TOAST_DURATION_MS, holds: 0, left: TOAST_DURATION_MS, timer: setTimeout(() => dismissToast(id), TOAST_DURATION_MS) });
}

/**
 * A toast goes by itself after TOAST_DURATION_MS, but not while someone is reading or reaching it: while
 * held (pointed at, its Dismiss button focused) it waits, and let go it shows what was left of its
 * time, at least TOAST_AFTER_HOLD_MS. Its button is not pulled away from the keyboard (focus would fall
 * to the page's body). Returns the release.
 */
export function holdToast(id: string): () => void {
  const timing = timers.get(id);
  if (!timing) return () => {};
  if (timing.holds++ === 0) {
    clearTimeout(timing.timer);
    timing.left = timing.due - Date.now();
  }
  let released = false;
  return () => {
    if (released || timers.get(id) !== timing) return;
    released = true;
    if (--timing.holds > 0) return;
    const left = Math.max(timing.left, TOAST_AFTER_HOLD_MS);
    timing.due = Date.now() + left;
    timing.timer = setTimeout(() => dismissToast(id), left);
  };
}

export function dismissToast(id: string) {
  const timing = timers.get(id);
  if (timing) clearTimeout(timing.timer);
  timers.delete(id);
  seen.add(id);
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function wasToastSeen(id: string) {
  return seen.has(id);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: ClientToast[] = [];

/** The toasts showing now. */
export const currentToasts = (): ClientToast[] => toasts;

export function useClientToasts(): ClientToast[] {
  return useSyncExternalStore(subscribe, currentToasts, () => EMPTY);
}

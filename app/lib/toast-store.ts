import { useSyncExternalStore } from "react";
import { TOAST_DURATION_MS } from "./constants";

/** Client-side toasts: server flash toasts once they reach the browser, and toasts raised in components. */
/** `quiet`: shown, not read out (the page says the same in an alert of its own: a form's error). */
export type ClientToast = { id: string; type: "success" | "error" | "info"; message: string; quiet?: boolean };

let toasts: ClientToast[] = [];
const seen = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(message: string, type: ClientToast["type"] = "success", id: string = crypto.randomUUID(), { quiet = false }: { quiet?: boolean } = {}) {
  if (seen.has(id)) return;
  seen.add(id);
  toasts = [...toasts, { id, type, message, ...(quiet ? { quiet } : {}) }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

export function dismissToast(id: string) {
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

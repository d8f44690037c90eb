import { useEffect } from "react";
import { showToast } from "./toast-store";

type ToastingData = { ok?: boolean; message?: string | null } | undefined;

/** Each answer's message is shown once, even when several components watch the same fetcher. */
const shown = new WeakSet<object>();

/** Shows a fetcher's answer as a toast as soon as it arrives (the JavaScript side of a flash toast). */
export function useFetcherToast(fetcher: { data?: unknown }) {
  useEffect(() => {
    const data = fetcher.data as ToastingData;
    if (!data || typeof data !== "object" || shown.has(data)) return;
    shown.add(data);
    if (data.message) showToast(data.message, data.ok ? "success" : "error");
  }, [fetcher.data]);
}

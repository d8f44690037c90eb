import { useFetcher } from "@remix-run/react";
import { useFetcherToast } from "./use-fetcher-toast";
import { useOncePer } from "./use-once-per";

type Answer = { ok: boolean; message?: string | null };

/**
 * A member action's form submitted through a fetcher (with JavaScript): its answer's message shows as
 * a toast, and `onAnswer` runs once for each answer that arrives. Forms of the same action on the same
 * target share `key`, so every place that shows it stays in step.
 */
export function useActionFetcher<T extends Answer>(key: string, onAnswer?: (answer: T) => void) {
  const fetcher = useFetcher<T>({ key });
  useFetcherToast(fetcher);
  const busy = fetcher.state !== "idle";
  useOncePer(busy ? null : (fetcher.data as T | undefined), (answer) => onAnswer?.(answer));
  return { fetcher, busy };
}

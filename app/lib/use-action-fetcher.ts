import { useEffect, useRef } from "react";
import { showToast } from "./toast-store";
import { useKeyedFetcher } from "./use-keyed-fetcher";

type Answer = { ok: boolean; message?: string | null };

/** Each answer's message is shown once, even when several components watch the same fetcher. */
const toasted = new WeakSet<object>();

/**
 * A member action's form submitted through a fetcher (with JavaScript), the browser's half of the one
 * action recipe: its answer's message shows as a toast (the JavaScript side of a flash toast), and
 * `onAnswer` runs once for each answer that arrives, whatever re-renders. Forms of the same action on
 * the same target share `key`, so every place that shows it stays in step.
 */
export function useActionFetcher<T extends Answer>(key: string, onAnswer?: (answer: T) => void) {
  const fetcher = useKeyedFetcher<T>(key);
  const busy = fetcher.state !== "idle";
  // The answer counts once it arrived, also while the page reloads after it ('loading'): the form may
  // be gone when that ends (a deleted post's card).
  const answer = fetcher.state === "submitting" ? undefined : (fetcher.data as T | undefined);
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(onAnswer);
  latest.current = onAnswer;

  useEffect(() => {
    if (!answer || typeof answer !== "object" || handled.current === answer) return;
    handled.current = answer;
    if (!toasted.has(answer)) {
      toasted.add(answer);
      if (answer.message) showToast(answer.message, answer.ok ? "success" : "error");
    }
    latest.current?.(answer);
  }, [answer]);

  return { fetcher, busy };
}

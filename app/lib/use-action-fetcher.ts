import { useEffect, useRef } from "react";
import type { useRouter } from "./router";
import { showToast } from "./toast-store";
import { useKeyedFetcher } from "./use-keyed-fetcher";

type Answer = { ok: boolean; message?: string | null };

/** The keys of the action fetchers used on this page so far: their answers' messages are toasts. */
const actionKeys = new Set<string>();
/** Each answer's message is shown once, however often the router's state shows it. */
const toasted = new WeakSet<object>();

/**
 * A member action's form submitted through a fetcher (with JavaScript), the browser's half of the one
 * action recipe: its answer's message shows as a toast (the JavaScript side of a flash toast: see
 * `toastActionAnswers`), and `onAnswer` runs once for each answer that arrives, whatever re-renders.
 * Forms of the same action on the same target share `key`, so every place that shows it stays in step.
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

  useEffect(() => watchAnswersOf(key), [key]);

  useEffect(() => {
    if (!answer || typeof answer !== "object" || handled.current === answer) return;
    handled.current = answer;
    latest.current?.(answer);
  }, [answer]);

  return { fetcher, busy };
}

/** Makes the answers of the fetcher `key` toasts (kept for the page's life: an answer may land after its form left). */
export function watchAnswersOf(key: string) {
  actionKeys.add(key);
}

/**
 * Shows each action fetcher's answer as a toast the moment the router holds it, outside React
 * (decision 116): a form's own render of the answer may never happen. Its state changes render in
 * transitions, and on a slow device React may skip the render holding the answer for the one after
 * the page's reload, which no longer has the form when the reload took its card (a deleted post, a
 * removed follower). The toast is the page's, not the form's. Returns the unsubscribe.
 */
export function toastActionAnswers(router: ReturnType<typeof useRouter>): () => void {
  return router.subscribe((state) => {
    for (const [key, fetcher] of state.fetchers) {
      // While submitting, a fetcher still holds its last answer.
      if (!actionKeys.has(key) || fetcher.state === "submitting") continue;
      const answer = fetcher.data as Answer | undefined;
      if (!answer || typeof answer !== "object" || toasted.has(answer)) continue;
      toasted.add(answer);
      if (answer.message) showToast(answer.message, answer.ok ? "success" : "error");
    }
  });
}

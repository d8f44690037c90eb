import { useEffect, useRef } from "react";
import type { useRouter } from "./router";
import { showToast } from "./toast-store";
import { useKeyedFetcher } from "./use-keyed-fetcher";

type Answer = { ok: boolean; message?: string | null };

/** The keys of the action fetchers used in this document so far: their answers' messages are toasts. */
const actionKeys = new Set<string>();
/** Each answer's message is shown once, by its form or, failing that, by the page (`answersOf`). */
const toasted = new WeakSet<object>();

const isAnswer = (data: unknown): data is Answer => typeof data === "object" && data !== null;

/** Shows an answer's message as a toast, unless it was shown already. */
export function toastAnswer(answer: Answer) {
  if (toasted.has(answer)) return;
  toasted.add(answer);
  if (answer.message) showToast(answer.message, answer.ok ? "success" : "error");
}

/**
 * A member action's form submitted through a fetcher (with JavaScript), the browser's half of the one
 * action recipe: its answer's message shows as a toast (the JavaScript side of a flash toast), and
 * `onAnswer` runs once for each answer that arrives, whatever re-renders. Forms of the same action on
 * the same target share `key`, so every place that shows it stays in step. The page shows an answer
 * no render of its form held (`answersOf`, decision 116).
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
    if (!isAnswer(answer) || handled.current === answer) return;
    handled.current = answer;
    // The toast, then what the form does (its dialog closing, the keyboard moving): read out in that order.
    toastAnswer(answer);
    latest.current?.(answer);
  }, [answer]);

  return { fetcher, busy };
}

/** Makes the answers of the fetcher `key` toasts, for the document's life: one may land after its form left. */
export function watchAnswersOf(key: string) {
  actionKeys.add(key);
}

/** Answers counted in this document: a count only grows, also across subscriptions (a new one's first is never the last one's last). */
let answersCounted = 0;

/**
 * The page's side of the toasts (decision 116). A form shows its answer in its effect, once a render
 * holds it. Remix renders state changes in transitions, and on a slow device React may skip that
 * render for the one after the page's reload, which no longer has the form when the reload took its
 * card; a form may also leave before its answer lands. So the router's every state is read here,
 * outside React, and each action fetcher's new answer is kept and counted; `landed` is called with
 * the count, and the caller renders it in the same transition as the forms and calls `flush` with it
 * in its effect, which runs after theirs in that commit: an answer a form showed is not shown again,
 * one no form showed is. A commit of the caller's that came sooner (it renders outside transitions
 * too) holds an older count, and shows nothing of the new answers before their forms could.
 */
export function answersOf(router: ReturnType<typeof useRouter>, landed: (count: number) => void) {
  const pending: { answer: Answer; count: number }[] = [];
  const stop = router.subscribe((state) => {
    const before = answersCounted;
    for (const [key, fetcher] of state.fetchers) {
      // While submitting, a fetcher may still hold its last answer.
      if (!actionKeys.has(key) || fetcher.state === "submitting") continue;
      const answer: unknown = fetcher.data;
      if (!isAnswer(answer) || toasted.has(answer) || pending.some((kept) => kept.answer === answer)) continue;
      pending.push({ answer, count: ++answersCounted });
    }
    if (answersCounted > before) landed(answersCounted);
  });
  /** Shows the answers kept by the `landed` call of `count` and before, that no form showed. */
  const flush = (upTo: number) => {
    while (pending.length > 0 && pending[0]!.count <= upTo) toastAnswer(pending.shift()!.answer);
  };
  return { stop, flush };
}

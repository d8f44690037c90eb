import { isRouteErrorResponse, type ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect } from "react";
import { INTENTS, intentOf, type IntentSpec } from "./intents";
import { POST_MESSAGES } from "./messages";
import { showToast } from "./toast-store";

/** What a form shows when its request got no answer at all. */
export type Unanswered = { ok: false; message: string | null; unanswered: true };

/**
 * With JavaScript, a submission whose request never got an answer (offline, a dropped connection)
 * answers like a failure the server reported: its form shows `message` (or, where the spec only logs,
 * nothing) and the page stays, where Remix would put the error page in its place. Used as a route's
 * clientAction around its server action; redirects and error responses pass through.
 */
export async function answerUnanswered<T>(serverAction: () => Promise<T>, message: string | null, timeoutMs?: number): Promise<T | Unanswered> {
  try {
    return await (timeoutMs ? within(serverAction(), timeoutMs) : serverAction());
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    console.error("The request got no answer:", error);
    return { ok: false, message, unanswered: true };
  }
}

/**
 * The answer, or a failure once `ms` passed without one. The request itself runs on (the browser cannot
 * take it back): if it did arrive, the same send repeated is stored once (decision 072).
 */
function within<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * The clientAction of every route with member actions: a submission that gets no answer says what the
 * spec says for its intent's failure (or nothing, where the spec only logs it); so does one whose answer
 * takes longer than its intent allows.
 */
export async function answerOffline({ request, serverAction }: ClientActionFunctionArgs) {
  const intent = intentOf(await request.clone().formData());
  const spec: IntentSpec | null = intent ? INTENTS[intent] : null;
  return answerUnanswered(() => serverAction(), spec ? (spec.offline ?? spec.failed) : null, spec?.answerWithinMs);
}

/** Whether an action's answer is the one `answerUnanswered` gives when the request got none. */
export function wasUnanswered(answer: unknown): answer is Unanswered {
  return typeof answer === "object" && answer !== null && (answer as { unanswered?: unknown }).unanswered === true;
}

/** Each load's answer is told once, however many components watch its fetcher. */
const told = new WeakSet<object>();

/**
 * With JavaScript, a fetcher's load ('Load more', 'Load earlier messages') that got no answer at all
 * answers `{ ok: false, message: null, unanswered: true }` as its data (the patch of @remix-run/react,
 * docs/decisions/079) where Remix would put the error page in the page's place. The list stays as it
 * was, with the cursor it had, so pressing again tries again: this tells the member, once per answer.
 */
export function useUnansweredLoad(fetcher: { state: string; data?: unknown }, message: string = POST_MESSAGES.networkError) {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!wasUnanswered(answer) || told.has(answer)) return;
    told.add(answer);
    showToast(message, "error");
  }, [answer, message]);
}

/** A failure worth trying again (no answer, or something broke on the server), not a refusal. */
export function isRetryable(answer: unknown): boolean {
  return wasUnanswered(answer) || (typeof answer === "object" && answer !== null && (answer as { status?: unknown }).status === 500);
}

/**
 * Whether an error is a request that got no answer (what `fetch` throws offline: Chromium says
 * "Failed to fetch", Firefox "NetworkError when attempting to fetch resource.", Safari "Load failed";
 * and a page's module that could not be fetched, docs/decisions/079: Chromium "Failed to fetch
 * dynamically imported module", Firefox "error loading dynamically imported module", Safari
 * "Importing a module script failed."), as opposed to a bug.
 */
export function isNoAnswer(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network connection|dynamically imported module|importing a module script failed/i.test(error.message);
}

import type { ShouldRevalidateFunction } from "@remix-run/react";
import { INTENTS, intentOf } from "./intents";

/** A submission answered `{ ok: false }` (refused, invalid, failed or unanswered) changed nothing. */
function changedNothing(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === false;
}

/**
 * Quiet submissions, whose result the page already shows optimistically (likes, bookmarks, comment
 * likes): after them Remix need not reload every loader on the page. Nor after a submission that
 * changed nothing: there is nothing new to show, offline the reload would fail too (the error page in
 * the page's place), and after a session ended it would leave the page (and a dialog's text) for
 * sign-in before the member read why.
 */
export function isQuietSubmission({
  formMethod,
  formData,
  actionResult,
}: {
  formMethod?: string;
  formData?: FormData;
  actionResult?: unknown;
}): boolean {
  if (changedNothing(actionResult)) return true;
  if (!formMethod || formMethod.toUpperCase() !== "POST" || !formData) return false;
  const intent = intentOf(formData);
  return intent !== null && INTENTS[intent].quiet;
}

/** The shouldRevalidate of every route on a page where member actions happen. */
export const skipQuietRevalidation: ShouldRevalidateFunction = (args) =>
  isQuietSubmission(args) ? false : args.defaultShouldRevalidate;

/**
 * A post's page (at /post/{id} or its community's address): a like needs no reload; nor does deleting
 * this very post (the page goes home instead of to a 404).
 */
export const postPageShouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (isQuietSubmission(args)) return false;
  if (args.formAction === `/post/${args.currentParams.postId}/delete`) return false;
  return args.defaultShouldRevalidate;
};

import type { ShouldRevalidateFunction } from "@remix-run/react";
import { wasUnanswered } from "./unanswered";

/**
 * Interactions whose result the page already shows optimistically (likes, bookmarks, comment
 * likes): after them Remix need not reload every loader on the page. Nor after a submission that got
 * no answer at all: offline, the reload would fail too and put the error page in the page's place.
 */
export function isQuietInteraction({
  formMethod,
  formData,
  actionResult,
}: {
  formMethod?: string;
  formData?: FormData;
  actionResult?: unknown;
}): boolean {
  if (wasUnanswered(actionResult)) return true;
  if (!formMethod || formMethod.toUpperCase() !== "POST" || !formData) return false;
  return formData.has("like") || formData.has("bookmark") || formData.get("intent") === "comment-like";
}

/** The shouldRevalidate of every route on a page where such interactions happen. */
export const skipQuietRevalidation: ShouldRevalidateFunction = (args) =>
  isQuietInteraction(args) ? false : args.defaultShouldRevalidate;

/**
 * Interactions whose result the page already shows optimistically (likes, bookmarks, comment
 * likes): after them Remix need not reload every loader on the page.
 */
const QUIET_INTENTS = new Set(["like", "bookmark", "comment-like"]);

export function isQuietInteraction({ formMethod, formData }: { formMethod?: string; formData?: FormData }): boolean {
  if (!formMethod || formMethod.toUpperCase() !== "POST" || !formData) return false;
  const intent = formData.get("intent");
  return typeof intent === "string" && QUIET_INTENTS.has(intent);
}

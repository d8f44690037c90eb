/**
 * Interactions whose result the page already shows optimistically (likes, bookmarks, comment
 * likes): after them Remix need not reload every loader on the page.
 */
export function isQuietInteraction({ formMethod, formData }: { formMethod?: string; formData?: FormData }): boolean {
  if (!formMethod || formMethod.toUpperCase() !== "POST" || !formData) return false;
  return formData.has("like") || formData.has("bookmark") || formData.get("intent") === "comment-like";
}

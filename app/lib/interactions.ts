import { POST_MESSAGES } from "./messages";

/** The toggles under a post: each a button named after it whose value is the wanted state. */
export const TOGGLES = ["repost", "like", "bookmark"] as const;
export type ToggleName = (typeof TOGGLES)[number];

export type Interaction = ToggleName | "comment" | "comment-like";

/**
 * Each interaction on a post: what it tells a signed-out visitor, what it says when it fails
 * unexpectedly (spec document 1 §8: like and bookmark failures are only logged), and whether it is
 * quiet: the page already shows its result (optimistically), so nothing needs to reload after it.
 */
export const INTERACTIONS: Record<Interaction, { signIn: string; failed: string | null; quiet: boolean }> = {
  like: { signIn: POST_MESSAGES.signInToLike, failed: null, quiet: true },
  "comment-like": { signIn: POST_MESSAGES.signInToLike, failed: null, quiet: true },
  bookmark: { signIn: POST_MESSAGES.signInToBookmark, failed: null, quiet: true },
  repost: { signIn: POST_MESSAGES.signInToRepost, failed: POST_MESSAGES.repostFailed, quiet: false },
  comment: { signIn: POST_MESSAGES.signInToComment, failed: POST_MESSAGES.commentFailed, quiet: false },
};

/** Which interaction a post's form asks for: its intent, else the toggle whose button was pressed. */
export function askedOf(form: FormData): Interaction | null {
  const intent = form.get("intent");
  const asked = typeof intent === "string" && intent !== "" ? intent : TOGGLES.find((name) => form.has(name));
  return asked !== undefined && Object.hasOwn(INTERACTIONS, asked) ? (asked as Interaction) : null;
}

import { POST_MESSAGES } from "./messages";

/** The toggles under a post: each a button named after it whose value is the wanted state. */
export const TOGGLES = ["repost", "like", "bookmark"] as const;
export type ToggleName = (typeof TOGGLES)[number];

export type Interaction = ToggleName | "comment" | "comment-like";

/**
 * What each interaction on a post tells a signed-out visitor, and what it says when it fails
 * unexpectedly (spec document 1 §8: like and bookmark failures are only logged).
 */
export const INTERACTIONS: Record<Interaction, { signIn: string; failed: string | null }> = {
  like: { signIn: POST_MESSAGES.signInToLike, failed: null },
  "comment-like": { signIn: POST_MESSAGES.signInToLike, failed: null },
  bookmark: { signIn: POST_MESSAGES.signInToBookmark, failed: null },
  repost: { signIn: POST_MESSAGES.signInToRepost, failed: POST_MESSAGES.repostFailed },
  comment: { signIn: POST_MESSAGES.signInToComment, failed: POST_MESSAGES.commentFailed },
};

/** Which interaction a post's form asks for: its intent, else the toggle whose button was pressed. */
export function askedOf(form: FormData): Interaction | null {
  const intent = form.get("intent");
  const asked = typeof intent === "string" && intent !== "" ? intent : TOGGLES.find((name) => form.has(name));
  return asked !== undefined && Object.hasOwn(INTERACTIONS, asked) ? (asked as Interaction) : null;
}

/**
 * What a page says when its member's session ended elsewhere while it held unsent text (decision 082):
 * instead of reloading to sign-in at once (067), it keeps the page so the text can be copied.
 */
export const SESSION_ENDED_MESSAGES = {
  title: "You were signed out",
  // Said of a sign-out elsewhere and of a session that expired alike: the page cannot tell them apart.
  text: "Your session ended (it expired, or you signed out in another tab or on another device). Copy anything you were writing, then sign in again.",
  signIn: "Sign in",
} as const;

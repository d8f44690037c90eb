/** A post the viewer may not see (decision 031): why, and what would let them. */
export const POST_LOCK_MESSAGES = {
  subscribersTitle: "This post is for subscribers",
  subscribers: (username: string) => `Subscribe to @${username} to see what they shared.`,
  privateTitle: "This post is private",
  signIn: (username: string) => `Sign in to see posts by @${username}.`,
  followers: (username: string) => `Only people who follow @${username} can see their posts.`,
  followersSignIn: (username: string) => `Only people who follow @${username} can see their posts. Sign in to follow them.`,
  // A block between the viewer and the author, either way (decision 100).
  blockedTitle: "This post is unavailable",
  blockedByYou: (username: string) => `You blocked @${username}.`,
  blocksYou: (username: string) => `@${username} blocked you.`,
  /** A shared link's description of a locked post. */
  subscribersPreview: "A post for subscribers.",
  privatePreview: "A private post.",
} as const;

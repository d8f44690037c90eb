/** The public profile a signed-out visitor sees (spec document 2 §2 "Public profile (signed out)"). */
export const PUBLIC_PROFILE_MESSAGES = {
  joinPrompt: "Join to interact with posts",
  privateTitle: "These posts are private",
  privatePosts: (username: string) => `@${username} shares their posts with signed-in members only.`,
  followersTitle: "These posts are for followers",
  followersPosts: (username: string) => `@${username} shares their posts with their followers only.`,
  signInToSee: "Sign in to see their posts",
  signInToFollow: "Sign in to follow them",
  noPostsTitle: "No posts yet.",
  noPosts: (username: string) => `@${username} hasn't posted yet.`,
  /** The description of a shared link when the member has written no bio. */
  description: (displayName: string, username: string) => `See what ${displayName} (@${username}) is posting on Murmur.`,
} as const;

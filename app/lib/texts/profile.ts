import { PROFILE_ACTION_TEXTS } from "./actions";

/** Follows and profiles (spec document 2 §4, §8). */
export const PROFILE_MESSAGES = {
  ...PROFILE_ACTION_TEXTS,
  following: (username: string) => `Following @${username}`,
  unfollowed: (username: string) => `Unfollowed @${username}`,
  followSelf: "You can't follow yourself",
  notFound: "User not found",
  followersFailed: "Failed to load followers",
  followingFailed: "Failed to load following",
  postedWithMention: "Post created with mention!",
} as const;

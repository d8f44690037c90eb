import { PROFILE_ACTION_TEXTS } from "./actions";

/** Follows and profiles (spec document 2 §4, §8). */
export const PROFILE_MESSAGES = {
  ...PROFILE_ACTION_TEXTS,
  following: (username: string) => `Following @${username}`,
  unfollowed: (username: string) => `Unfollowed @${username}`,
  followSelf: "You can't follow yourself",
  notFound: "User not found",
  /** What a profile page that is not there says under its heading. */
  notFoundText: "This account doesn't exist.",
  followersFailed: "Failed to load followers",
  followingFailed: "Failed to load following",
  postedWithMention: "Post created with mention!",
} as const;

/**
 * Removing a follower from one's own followers list (docs/decisions/098). The spec has no texts for
 * it; these say what happens as the networks that have it do (the member is not told, and may follow
 * again).
 */
export const REMOVE_FOLLOWER_TEXTS = {
  title: "Remove follower",
  /** The control on a row of one's own followers; assistive technology hears whose row it is. */
  control: "Remove",
  busy: "Removing...",
  controlName: (displayName: string) => `Remove follower ${displayName}`,
  question: "Remove this follower?",
  explain: (displayName: string) => `${displayName} will no longer follow you and won't be told. They can follow you again.`,
  removed: (username: string) => `Removed @${username} from your followers`,
  notFollower: (username: string) => `@${username} doesn't follow you.`,
  forbidden: "You can only remove your own followers.",
} as const;

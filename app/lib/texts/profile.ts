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
  /** The words beside the header's counts: for one, and for any other number ('1 Follower', '12 Followers'). */
  counts: {
    following: { one: "Following", many: "Following" },
    followers: { one: "Follower", many: "Followers" },
    subscribers: { one: "Subscriber", many: "Subscribers" },
    posts: { one: "Post", many: "Posts" },
    views: { one: "View", many: "Views" },
  },
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

/**
 * Blocking a member (decision 100; the spec has no blocks): the profile's menu, the confirmation (a page
 * without JavaScript, a dialog with it), what the two profiles then say, and Settings' list.
 */
export const BLOCK_TEXTS = {
  title: "Block",
  titleOf: (username: string) => `Block @${username}`,
  control: (username: string) => `Block @${username}`,
  busy: "Blocking...",
  question: (username: string) => `Block @${username}?`,
  explain: (username: string) =>
    `@${username} won't be able to follow you or message you, and while signed in neither of you will see the other's posts and comments. Follows and reposts between you end. They won't be notified, but will see that you blocked them on your profile.`,
  confirm: "Block",
  blocked: (username: string) => `Blocked @${username}`,
  unblock: "Unblock",
  unblockName: (username: string) => `Unblock @${username}`,
  unblocking: "Unblocking...",
  unblocked: (username: string) => `Unblocked @${username}`,
  self: "You can't block yourself.",
  cannotFollow: (username: string) => `You can't follow @${username}.`,
  youBlockedTitle: "You blocked this account",
  youBlocked: (username: string) => `@${username} can't follow you, message you or see your posts, and you won't see theirs.`,
  blocksYouTitle: "You're blocked",
  blocksYou: (username: string) => `@${username} blocked you. You can't follow them, message them or see their posts.`,
  listTitle: "Blocked accounts",
  listLabel: "Blocked accounts",
  listEmpty: "You haven't blocked anyone.",
  listEmptyHint: "When you block someone, they show up here, and you can unblock them.",
  listLink: "Blocked accounts",
  listLinkHint: "See and unblock the accounts you blocked.",
} as const;

/** Mutes (docs/decisions/107): the spec has none; the words are X's. */
export const MUTE_TEXTS = {
  mute: "Mute",
  muteName: (username: string) => `Mute @${username}`,
  muting: "Muting...",
  muted: (username: string) => `Muted @${username}. You won't see their posts in your Home or get notifications from them.`,
  unmute: "Unmute",
  unmuteName: (username: string) => `Unmute @${username}`,
  unmuting: "Unmuting...",
  unmuted: (username: string) => `Unmuted @${username}`,
  self: "You can't mute yourself.",
  note: (username: string) => `You muted @${username}. Their posts don't show in your Home and they can't notify you. They don't know.`,
  listTitle: "Muted accounts",
  listLabel: "Muted accounts",
  listEmpty: "You haven't muted anyone.",
  listEmptyHint: "When you mute someone, their posts leave your Home and they can't notify you. They show up here, and you can unmute them.",
  listLink: "Muted accounts",
  listLinkHint: "See and unmute the accounts you muted.",
} as const;

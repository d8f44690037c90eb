import { PHOTO_FORM_MAX_BYTES, POST_FORM_MAX_BYTES, SEND_ANSWER_TIMEOUT_MS, type RateLimitName } from "./constants";
import {
  ACCOUNT_ACTION_TEXTS,
  COMMUNITY_ACTION_TEXTS,
  DM_ACTION_TEXTS,
  INVITE_ACTION_TEXTS,
  POST_MESSAGES,
  PROFILE_ACTION_TEXTS,
  SETTINGS_ACTION_TEXTS,
  SUBSCRIPTION_ACTION_TEXTS,
  SUPPORT_ACTION_TEXTS,
  VERIFIED_ACTION_TEXTS,
} from "./messages";
import { COMMENT_DELETE_TEXTS } from "./texts/comment";

/**
 * Every member action names what it asks for: its intent (a hidden `intent` field, or, for the toggles
 * under a post, the pressed button's name). The intent decides on both ends what a signed-out visitor
 * is told, what an unexpected failure says, and whether the page reloads its data afterwards; a new
 * action adds its line here and uses the one recipe (`memberAction` on the server, `answerOffline`,
 * `skipQuietRevalidation` and `useActionFetcher` in the browser).
 */
export type IntentSpec = {
  /** What a signed-out visitor is told (spec document 1 §6). */
  signIn: string;
  /** What an unexpected failure says; null where the spec only logs it (document 1 §8). */
  failed: string | null;
  /** What a request that got no answer at all says, when the spec has its own text for it. */
  offline?: string;
  /** The page already shows the result (optimistically), so nothing needs to reload after it. */
  quiet: boolean;
  /** Which of the member's limits it counts against (RATE_LIMITS). */
  limit: RateLimitName;
  /** The largest form it reads when it carries files (a photo, a post's images and video); else FORM_MAX_BYTES. */
  maxBytes?: number;
  /** With JavaScript, how long its answer may take before the form says it got none (a form whose typed text waits on it). */
  answerWithinMs?: number;
};

export const INTENTS = {
  like: { signIn: POST_MESSAGES.signInToLike, failed: null, quiet: true, limit: "like" },
  "comment-like": { signIn: POST_MESSAGES.signInToLike, failed: null, quiet: true, limit: "like" },
  bookmark: { signIn: POST_MESSAGES.signInToBookmark, failed: null, quiet: true, limit: "bookmark" },
  repost: { signIn: POST_MESSAGES.signInToRepost, failed: POST_MESSAGES.repostFailed, quiet: false, limit: "repost" },
  comment: { signIn: POST_MESSAGES.signInToComment, failed: POST_MESSAGES.commentFailed, quiet: false, limit: "comment", answerWithinMs: SEND_ANSWER_TIMEOUT_MS },
  post: { signIn: POST_MESSAGES.notAuthenticated, failed: POST_MESSAGES.createFailed, offline: POST_MESSAGES.networkError, quiet: false, limit: "post", maxBytes: POST_FORM_MAX_BYTES, answerWithinMs: SEND_ANSWER_TIMEOUT_MS },
  delete: { signIn: POST_MESSAGES.notAuthenticated, failed: POST_MESSAGES.deleteFailed, quiet: false, limit: "delete" },
  // A comment deleted by its writer or by the post's author (decision 094): the same limit as deleting
  // a post (300 in 3 hours, as many as one member may comment), so an author keeps up with a troll.
  "comment-delete": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMENT_DELETE_TEXTS.failed, quiet: false, limit: "delete" },
  report: { signIn: POST_MESSAGES.reportSignIn, failed: POST_MESSAGES.reportFailed, quiet: false, limit: "report" },
  // A share already happened when it is recorded (the dialog opened the service): a failure to record
  // it is only logged with JavaScript; without it the share page says so.
  share: { signIn: POST_MESSAGES.signInToShare, failed: POST_MESSAGES.shareFailed, quiet: true, limit: "share" },
  // The page reloads after it: the counts on it are the server's.
  follow: { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.followFailed, quiet: false, limit: "follow" },
  // Removing a follower from one's own list (decision 098) undoes a follow, so it counts as one: a member
  // can take away followers as fast as anyone can follow them, and no faster than follows may churn.
  "follower-remove": { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.removeFollowerFailed, quiet: false, limit: "follow" },
  // Blocks (decision 100) have a limit of their own: a member facing a pile-on never waits on the follows'.
  block: { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.blockFailed, quiet: false, limit: "block" },
  unblock: { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.unblockFailed, quiet: false, limit: "block" },
  // Mutes (decision 107) count against the same limit: both are a member's own safety acts.
  mute: { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.muteFailed, quiet: false, limit: "block" },
  unmute: { signIn: POST_MESSAGES.notAuthenticated, failed: PROFILE_ACTION_TEXTS.unmuteFailed, quiet: false, limit: "block" },
  // Settings and the owner's photos: the page reloads after each, so the shell and forms show what was saved.
  "profile-settings": { signIn: POST_MESSAGES.notAuthenticated, failed: SETTINGS_ACTION_TEXTS.profileFailed, quiet: false, limit: "settings" },
  "notification-settings": { signIn: POST_MESSAGES.notAuthenticated, failed: SETTINGS_ACTION_TEXTS.notificationsFailed, quiet: false, limit: "settings" },
  "privacy-settings": { signIn: POST_MESSAGES.notAuthenticated, failed: SETTINGS_ACTION_TEXTS.privacyFailed, quiet: false, limit: "settings" },
  avatar: { signIn: POST_MESSAGES.notAuthenticated, failed: SETTINGS_ACTION_TEXTS.photoFailed, quiet: false, limit: "profilePhoto", maxBytes: PHOTO_FORM_MAX_BYTES },
  banner: { signIn: POST_MESSAGES.notAuthenticated, failed: SETTINGS_ACTION_TEXTS.bannerFailed, quiet: false, limit: "profilePhoto", maxBytes: PHOTO_FORM_MAX_BYTES },
  // Settings › Account (docs/decisions/074): limited as settings are, and each password they check also counts as a sign-in attempt.
  "password-change": { signIn: POST_MESSAGES.notAuthenticated, failed: ACCOUNT_ACTION_TEXTS.passwordChangeFailed, quiet: false, limit: "settings" },
  "account-delete": { signIn: POST_MESSAGES.notAuthenticated, failed: ACCOUNT_ACTION_TEXTS.deleteFailed, quiet: false, limit: "settings" },
  // Opening an item and 'Mark all as read': failures are only logged (spec document 1 §8).
  "notification-open": { signIn: POST_MESSAGES.notAuthenticated, failed: null, quiet: false, limit: "notifications" },
  "notifications-read": { signIn: POST_MESSAGES.notAuthenticated, failed: null, quiet: false, limit: "notifications" },
  // Communities and invite links (docs/decisions/035): the page reloads after each, so counts and roles are the server's.
  "community-create": { signIn: COMMUNITY_ACTION_TEXTS.signInToCreate, failed: COMMUNITY_ACTION_TEXTS.createFailed, quiet: false, limit: "community", maxBytes: PHOTO_FORM_MAX_BYTES },
  "community-update": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.updateFailed, quiet: false, limit: "community", maxBytes: PHOTO_FORM_MAX_BYTES },
  "community-delete": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.deleteFailed, quiet: false, limit: "community" },
  "community-join": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.joinFailed, quiet: false, limit: "membership" },
  "community-leave": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.leaveFailed, quiet: false, limit: "membership" },
  "community-role": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.roleFailed, quiet: false, limit: "communityAdmin" },
  "invite-create": { signIn: POST_MESSAGES.notAuthenticated, failed: INVITE_ACTION_TEXTS.createFailed, quiet: false, limit: "communityAdmin" },
  "invite-delete": { signIn: POST_MESSAGES.notAuthenticated, failed: INVITE_ACTION_TEXTS.deleteFailed, quiet: false, limit: "communityAdmin" },
  "invite-join": { signIn: POST_MESSAGES.notAuthenticated, failed: COMMUNITY_ACTION_TEXTS.joinFailed, quiet: false, limit: "membership" },
  // Direct messages (docs/decisions/036): a sent message is shown at once with JavaScript (quiet).
  // Only a member's page has the form: a refusal for no session is one that ended (spec document 2 §8).
  "message-send": { signIn: DM_ACTION_TEXTS.sessionExpired, failed: DM_ACTION_TEXTS.sendFailed, offline: DM_ACTION_TEXTS.sendFailed, quiet: true, limit: "message" },
  "conversation-start": { signIn: DM_ACTION_TEXTS.signIn, failed: DM_ACTION_TEXTS.startFailed, quiet: false, limit: "conversation" },
  "conversation-read": { signIn: POST_MESSAGES.notAuthenticated, failed: null, quiet: true, limit: "notifications" },
  // Subscriptions and the verified badge (docs/decisions/037): the page reloads after each (badges, banners, counts are the server's).
  subscribe: { signIn: SUBSCRIPTION_ACTION_TEXTS.signIn, failed: SUBSCRIPTION_ACTION_TEXTS.subscribeFailed, quiet: false, limit: "subscription" },
  unsubscribe: { signIn: POST_MESSAGES.notAuthenticated, failed: SUBSCRIPTION_ACTION_TEXTS.unsubscribeFailed, quiet: false, limit: "subscription" },
  "verified-subscribe": { signIn: VERIFIED_ACTION_TEXTS.notAuthenticated, failed: VERIFIED_ACTION_TEXTS.subscribeFailed, quiet: false, limit: "subscription" },
  "verified-cancel": { signIn: VERIFIED_ACTION_TEXTS.notAuthenticated, failed: VERIFIED_ACTION_TEXTS.cancelFailed, quiet: false, limit: "subscription" },
  "subscription-price": { signIn: POST_MESSAGES.notAuthenticated, failed: SUBSCRIPTION_ACTION_TEXTS.priceFailed, quiet: false, limit: "settings" },
  "subscription-offering": { signIn: POST_MESSAGES.notAuthenticated, failed: SUBSCRIPTION_ACTION_TEXTS.offeringFailed, quiet: false, limit: "settings" },
  // Contact support (decision 078): each message is a mail to the team.
  "support-request": { signIn: POST_MESSAGES.notAuthenticated, failed: SUPPORT_ACTION_TEXTS.sendFailed, quiet: false, limit: "support" },
} as const satisfies Record<string, IntentSpec>;

export type Intent = keyof typeof INTENTS;

/** The toggles under a post: each a button named after it whose value is the wanted state. */
export const TOGGLES = ["repost", "like", "bookmark"] as const satisfies readonly Intent[];
export type ToggleName = (typeof TOGGLES)[number];

export function isIntent(value: unknown): value is Intent {
  return typeof value === "string" && Object.hasOwn(INTENTS, value);
}

/** What a form asks for: its intent, else the toggle whose button was pressed. */
export function intentOf(form: FormData): Intent | null {
  const intent = form.get("intent");
  const asked = typeof intent === "string" && intent !== "" ? intent : TOGGLES.find((name) => form.has(name));
  return isIntent(asked) ? asked : null;
}

/**
 * What member actions say when refused for no session or when they fail (app/lib/intents.ts), by group.
 * A module of their own: every page's scripts carry the intents, so these travel everywhere, and the
 * rest of each group (app/lib/texts/<group>.ts, which spreads its part of these in) only with the
 * pages that use it.
 */
export const ACCOUNT_ACTION_TEXTS = {
  passwordChangeFailed: "Failed to change password",
  deleteFailed: "Failed to delete account",
} as const;

export const COMMUNITY_ACTION_TEXTS = {
  signInToCreate: "You must be logged in to create a community",
  createFailed: "Failed to create community",
  updateFailed: "Failed to update community",
  deleteFailed: "Failed to delete community",
  joinFailed: "Failed to join community",
  leaveFailed: "Failed to leave community",
  roleFailed: "Failed to change the member's role",
} as const;

export const DM_ACTION_TEXTS = {
  sendFailed: "Failed to send message",
  startFailed: "Failed to start conversation",
  sessionExpired: "Session expired. Please refresh the page.",
  signIn: "Please sign in to send messages",
} as const;

export const INVITE_ACTION_TEXTS = {
  createFailed: "Failed to create invite",
  deleteFailed: "Failed to delete invite",
} as const;

export const PROFILE_ACTION_TEXTS = {
  followFailed: "Failed to update follow status",
  removeFollowerFailed: "Failed to remove follower",
  blockFailed: "Failed to block",
  unblockFailed: "Failed to unblock",
  muteFailed: "Failed to mute",
  unmuteFailed: "Failed to unmute",
} as const;

export const SUPPORT_ACTION_TEXTS = {
  sendFailed: "Failed to send your message. Please try again.",
} as const;

export const SETTINGS_ACTION_TEXTS = {
  profileFailed: "Failed to update profile",
  photoFailed: "Failed to update profile photo",
  bannerFailed: "Failed to update banner photo",
  notificationsFailed: "Failed to save notification settings",
  privacyFailed: "Failed to save privacy settings",
} as const;

export const SUBSCRIPTION_ACTION_TEXTS = {
  subscribeFailed: "Failed to subscribe",
  unsubscribeFailed: "Failed to unsubscribe",
  offeringFailed: "Failed to update subscription settings",
  priceFailed: "Failed to update subscription price",
  signIn: "Please sign in to subscribe",
} as const;

export const VERIFIED_ACTION_TEXTS = {
  subscribeFailed: "Failed to subscribe",
  cancelFailed: "Failed to cancel",
  notAuthenticated: "Not authenticated",
} as const;

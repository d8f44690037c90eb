import { RATE_LIMITS } from "../constants";
import { ACCOUNT_ACTION_TEXTS } from "./actions";

/**
 * Settings › Account: changing the password and deleting the account (docs/decisions/074). The spec
 * has neither, so these are Murmur's own words.
 */
export const ACCOUNT_MESSAGES = {
  ...ACCOUNT_ACTION_TEXTS,
  passwordChanged: "Password changed",
  currentPasswordLabel: "Current Password",
  newPasswordLabel: "New Password",
  confirmNewPasswordLabel: "Confirm New Password",
  passwordLabel: "Password",
  changePassword: "Change Password",
  saving: "Saving...",
  deleteAccount: "Delete Account",
  deleting: "Deleting...",
  passwordSection: "Change password",
  passwordSectionHelp: "Choose a new password. You stay signed in here; everywhere else you are signed out.",
  currentPasswordRequired: "Current password is required",
  currentPasswordWrong: "Your current password is incorrect",
  samePassword: "Your new password must be different from your current one",
  deleteSection: "Delete account",
  deleteIntro: "Deleting your account cannot be undone. This deletes, for good:",
  deleteWhat: [
    "your profile, settings and sign-ins on every device;",
    "your posts and reposts, with their images and videos, comments, likes and views;",
    "your comments, likes, reposts, bookmarks and shares of other people's posts;",
    "your follows and followers, your notifications and your direct messages (the other person's copy too);",
    "your communities that have no other members, with their posts, and your place in every other community;",
    "your subscriptions and your verified badge: their renewals are cancelled, and subscriptions to you stop renewing.",
  ],
  deleteOwnedCommunities:
    "Communities you created that other people have joined are not deleted with your account: delete them first, from their pages.",
  deletePasswordHelp: "Enter your password to confirm.",
  deleteConfirmTitle: "Delete your account?",
  deleteConfirm: "Your account and everything listed on this page will be deleted. This cannot be undone.",
  passwordWrong: "Incorrect password",
  passwordRequired: "Password is required",
  ownsCommunities: (names: string[]) =>
    `You created ${names.length === 1 ? "a community" : "communities"} that other people belong to (${names.join(", ")}). Delete ${
      names.length === 1 ? "it" : "them"
    } first, then delete your account.`,
  subscriptionsNotStopped: "Your subscriptions could not be cancelled with the payment provider, so your account was not deleted. Please try again later.",
  accountDeleted: "Your account has been deleted",
  exportSection: "Download your data",
  exportIntro:
    "Get a copy of what Murmur keeps about you, as one JSON file: your profile and settings, posts, reposts, comments, likes, bookmarks and shares, follows, communities, direct messages (both sides of each conversation), notifications, subscriptions and payments, messages to support, reports you filed and your sign-ins.",
  exportNoSecrets: `It never includes your password or anyone else's e-mail address. You can download it ${RATE_LIMITS.export.max} times a day.`,
  exportDownload: "Download your data",
} as const;

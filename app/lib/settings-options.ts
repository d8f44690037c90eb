/**
 * The settings a member chooses (spec document 2 §3 "Settings local state", persisted in Murmur:
 * docs/decisions/030-member-settings.md), with the labels and descriptions the forms show. The value
 * lists are the database's (member_settings); the schema, the forms and the reads share them.
 */

import { optionsOf } from "./post-options";

export const NOTIFICATION_TOGGLES = [
  { name: "likes", label: "Likes", description: "When someone likes your post." },
  { name: "reposts", label: "Reposts", description: "When someone reposts your post." },
  { name: "comments", label: "Comments", description: "When someone comments on your post." },
  { name: "follows", label: "Follows", description: "When someone follows you." },
  { name: "mentions", label: "Mentions", description: "When someone mentions you in a post or a comment." },
  // Messages are no notification: this decides the count on Messages in the menu (decision 076).
  { name: "directMessages", label: "Direct Messages", description: "Count new messages on Messages in the menu. Off, your conversations still show what is unread." },
  { name: "emailNotifications", label: "Email Notifications", description: "Also e-mail you a summary of new notifications, at most once an hour." },
] as const;

export type NotificationToggle = (typeof NOTIFICATION_TOGGLES)[number]["name"];
export type NotificationSettings = Record<NotificationToggle, boolean>;

export const PROFILE_VISIBILITY_LABELS = {
  public: { label: "Public", description: "Anyone can see your profile and posts, also people who aren't signed in." },
  private: { label: "Private", description: "People who aren't signed in see your profile, but not your posts." },
} as const;
export type ProfileVisibility = keyof typeof PROFILE_VISIBILITY_LABELS;
export const PROFILE_VISIBILITIES = optionsOf(PROFILE_VISIBILITY_LABELS);

/** Who sees a member's posts (decision 031: the access rule reads it everywhere posts are shown). */
export const POST_VISIBILITY_LABELS = {
  public: { label: "Everyone", description: "Anyone who can see your profile can see your posts." },
  followers: {
    label: "Only your followers",
    description: "Only people who follow you see your posts and reposts of them. Others, and people who aren't signed in, don't.",
  },
} as const;
export type PostVisibility = keyof typeof POST_VISIBILITY_LABELS;
export const POST_VISIBILITIES = optionsOf(POST_VISIBILITY_LABELS);

export const DIRECT_MESSAGE_AUDIENCE_LABELS = {
  everyone: "Everyone",
  following: "People you follow",
  none: "No one",
} as const;
export type DirectMessageAudience = keyof typeof DIRECT_MESSAGE_AUDIENCE_LABELS;
export const DIRECT_MESSAGE_AUDIENCES = optionsOf(DIRECT_MESSAGE_AUDIENCE_LABELS);

export type PrivacySettings = {
  profileVisibility: ProfileVisibility;
  postVisibility: PostVisibility;
  allowDirectMessages: DirectMessageAudience;
  /** People you message see when you were last active, while both share it (decision 076). */
  showActivity: boolean;
  /** Search engines may index your public profile (off: noindex on it). */
  indexProfile: boolean;
};

/** What a member starts with (the database's defaults; a member without a settings row has these). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  likes: true,
  reposts: true,
  comments: true,
  follows: true,
  mentions: true,
  directMessages: true,
  emailNotifications: false,
};

export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  profileVisibility: "public",
  postVisibility: "public",
  allowDirectMessages: "everyone",
  showActivity: true,
  indexProfile: true,
};

/** The member's own profile as the settings form edits it. */
export type ProfileSettings = {
  displayName: string;
  bio: string | null;
  location: string | null;
  website: string | null;
  avatarUrl: string | null;
  bannerUrl: string | null;
};

import type { Author } from "./post";

/** The tabs of /notifications (spec document 1 §2.9), links so they work without JavaScript. */
export type NotificationTab = "all" | "mentions" | "likes";

export type NotificationKind = "like" | "repost" | "comment" | "mention" | "follow" | "subscription";

/**
 * One item as the page shows it (decision 032): a notification, or a group of likes or reposts of one
 * post shown as its newest ('Ana and 3 others liked your post').
 */
export type NotificationItem = {
  /** The head's id (opening it marks the whole group read). */
  id: string;
  type: NotificationKind;
  read: boolean;
  at: number;
  /** The member who acted (the newest, for a group). */
  actor: Pick<Author, "username" | "displayName" | "avatarUrl" | "verifiedType">;
  /** How many more members are in the group. */
  others: number;
  /** A comment answering the member's comment (not a comment on their post). */
  reply: boolean;
  /** The comment's words (a comment, a reply, a mention in a comment), when the post may be seen. */
  words: string | null;
  /** The post it is about: its first words, or null while the member may not see it. */
  post: { id: string; preview: string | null } | null;
};

export type NotificationPage = { items: NotificationItem[]; nextCursor: string | null };

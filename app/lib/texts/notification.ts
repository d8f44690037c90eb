/** Notifications (spec document 1 §2.9, §8 "Notifications"; the item texts are Murmur's own, decision 032). */
export const NOTIFICATION_MESSAGES = {
  empty: "No notifications yet",
  markAllRead: "Mark all as read",
  loadFailed: "Failed to load notifications",
  sessionExpired: "Session expired. Please refresh the page.",
  tabs: { all: "All", mentions: "Mentions", likes: "Likes" },
  /** What the actor did; `others` more members did the same (likes and reposts of one post). */
  did: (type: "like" | "repost" | "comment" | "mention" | "follow" | "subscription", reply: boolean) =>
    ({
      like: "liked your post",
      repost: "reposted your post",
      comment: reply ? "replied to your comment" : "commented on your post",
      mention: "mentioned you",
      follow: "followed you",
      subscription: "subscribed to you",
    })[type],
  others: (count: number) => (count === 1 ? "and 1 other" : `and ${count} others`),
  unread: "Unread",
  privatePost: "A post you can't see right now",
  loadMore: "Load more",
} as const;

/**
 * The notification digest e-mail (decision 076): plain text, the items as the page words them, with the
 * links built from the site's own address.
 */
export const NOTIFICATION_DIGEST_TEXTS = {
  subject: (count: number, more: boolean) => (count === 1 && !more ? "1 new notification on Murmur" : `${count}${more ? "+" : ""} new notifications on Murmur`),
  greeting: (name: string) => `Hi ${name},`,
  intro: "Here is what's new on Murmur since we last wrote:",
  more: "…and more.",
  seeAll: (link: string) => `See them all: ${link}`,
  why: (link: string) => `You get this e-mail because Email Notifications is on in your settings. To turn it off: ${link}`,
} as const;

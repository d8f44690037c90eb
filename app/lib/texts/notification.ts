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

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
 * The notification digest e-mail (decision 076): plain text, the items as the page words them (the
 * actor's name with their @username, decision 085), with the links built from the site's own address.
 */
export const NOTIFICATION_DIGEST_TEXTS = {
  subject: (count: number, more: boolean) => (count === 1 && !more ? "1 new notification on Murmur" : `${count}${more ? "+" : ""} new notifications on Murmur`),
  greeting: (name: string) => `Hi ${name},`,
  intro: "Here is what's new on Murmur since we last wrote:",
  more: "…and more.",
  seeAll: (link: string) => `See them all: ${link}`,
  /** The actor's display name with their username: a name alone ('Murmur Safety') could pass for anyone. */
  actor: (displayName: string, username: string) => `${displayName} (@${username})`,
  why: (link: string) => `You get this e-mail because Email Notifications is on in your settings. To turn it off: ${link}`,
  unsubscribe: (link: string) => `Not your account, or no time to sign in? Stop these e-mails here: ${link}`,
} as const;

/** The page a digest's unsubscribe link opens (decision 085): no sign-in needed. */
export const UNSUBSCRIBE_TEXTS = {
  title: "Stop notification e-mails | Murmur",
  heading: "Stop notification e-mails",
  explain: "Murmur will stop e-mailing this address a summary of new notifications. The notifications stay on Murmur, and nothing else about the account changes.",
  button: "Stop these e-mails",
  busy: "Stopping...",
  doneHeading: "Notification e-mails are off",
  done: "Murmur won't e-mail this address a summary of new notifications any more. The account's member can turn them on again in Settings.",
  settings: "Notification settings",
  invalidHeading: "This link doesn't work",
  invalid: "This link to stop notification e-mails is not valid: it may be cut short, or the account's e-mail address has changed since it was sent. Use the link in the latest e-mail from Murmur, or sign in and turn off Email Notifications in Settings.",
  failed: "Something went wrong, and the e-mails are still on. Please try again.",
} as const;

/** The hashtag page (spec document 2 §2 "Hashtag page"). */
export const HASHTAG_MESSAGES = {
  emptyTitle: "No posts found",
  emptyText: (hashtag: string) => `No posts have been made with #${hashtag} yet.`,
  emptyPrompt: "Be the first to post about this topic!",
  notAHashtag: "Not a hashtag",
  notAHashtagText: "A hashtag is a # followed by letters, digits or underscores (not only digits), like #murmur.",
} as const;

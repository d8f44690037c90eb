/** The bookmarks page (spec document 2 §2 "Bookmarks": a search box and empty states whose texts the spec does not show). */
export const BOOKMARK_MESSAGES = {
  search: "Search bookmarks",
  emptyTitle: "No bookmarks yet",
  emptyText: "Bookmark a post with the bookmark button under it, and it will wait for you here.",
  noMatchTitle: (query: string) => `No bookmarks match “${query}”`,
  noMatchText: "Try another word, a member's name or username, or a #hashtag.",
} as const;

/** Loading a feed (spec document 1 §8, "Feed load"). */
export const FEED_MESSAGES = {
  loadFailed: "Unable to load posts. Please try again.",
  timeout: "Connection timeout. Please check your internet connection.",
  network: "Network connection issue...",
} as const;

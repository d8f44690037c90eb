/** Explore and search (spec document 1 §2.8, §8; docs/decisions/034-explore.md). */
export const EXPLORE_MESSAGES = {
  search: "Search people and posts",
  tabs: { trending: "Trending", news: "News", sports: "Sports", entertainment: "Entertainment" },
  tabsLabel: "Categories",
  people: "People",
  posts: "Posts",
  noResults: "No results found",
  noResultsText: "Try another word, a member's name or username, or a #hashtag.",
  searchFailed: "Search failed. Please try again.",
  backToFirst: "Back to the first results",
  popularPosts: "Popular Posts",
  noPopularPosts: "Nothing popular here this week yet.",
  recommended: "Recommended for You",
  comingSoon: "Coming soon",
  recommendedText: "Posts picked for you will show up here.",
  trendingHashtags: "Trending hashtags",
  noTrends: "Nothing is trending here yet.",
} as const;

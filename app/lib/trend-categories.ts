/**
 * The categories of hashtag_trends (spec document 1 §3) and explore's tabs (§2.8: Trending, News,
 * Sports, Entertainment), and the keyword map that sorts tags into them (docs/decisions/033-trends.md).
 * Isomorphic: the explore page names the categories; the trends job (app/.server/trends.ts) writes
 * the same map as SQL, and a test holds the two to the same answers.
 */
export const TREND_CATEGORIES = ["trending", "news", "sports", "entertainment"] as const;
export type TrendCategory = (typeof TREND_CATEGORIES)[number];

/**
 * A tag belongs to a category when it begins with one of the category's keywords (#football2026 and
 * #footballnews are sports); a tag that begins with none is 'trending'. Keywords are lower-case
 * letters and digits, as tags are stored, and none begins another category's keyword, so a tag
 * matches one category at most. Words that start too many unrelated tags are left out ("art",
 * "game", "tv", "rap").
 */
export const TREND_KEYWORDS = {
  news: [
    "news", "breaking", "headline", "journalism", "politic", "election", "vote", "government", "parliament",
    "congress", "senate", "economy", "economic", "inflation", "protest", "worldaffairs", "diplomacy",
  ],
  sports: [
    "sport", "football", "soccer", "basketball", "baseball", "tennis", "golf", "cricket", "rugby", "hockey",
    "nba", "nfl", "nhl", "mlb", "formula1", "f1", "olympic", "worldcup", "fifa", "premierleague", "laliga",
    "championsleague", "superbowl", "marathon", "running", "cycling", "tourdefrance", "boxing", "ufc", "mma",
    "athletics", "wimbledon",
  ],
  entertainment: [
    "entertainment", "movie", "film", "cinema", "music", "concert", "album", "song", "television", "tvshow",
    "netflix", "series", "celebrity", "hollywood", "bollywood", "kpop", "anime", "gaming", "videogame",
    "podcast", "oscars", "grammys", "emmys", "theatre", "theater", "broadway", "comedy", "standup",
    "festival", "eurovision", "jazz", "hiphop", "comics", "dance",
  ],
} as const satisfies Record<Exclude<TrendCategory, "trending">, readonly string[]>;

/** The categories a keyword can give, in the order they are tried. */
export const KEYWORD_CATEGORIES = ["news", "sports", "entertainment"] as const satisfies readonly TrendCategory[];

/** The category of a tag as posts store it (lower-case, without '#'). */
export function categoryOf(hashtag: string): TrendCategory {
  const tag = hashtag.toLowerCase();
  return KEYWORD_CATEGORIES.find((category) => TREND_KEYWORDS[category].some((keyword) => tag.startsWith(keyword))) ?? "trending";
}

import { describe, expect, it } from "vitest";
import { categoryOf, KEYWORD_CATEGORIES, TREND_CATEGORIES, TREND_KEYWORDS } from "~/lib/trend-categories";

describe("trend categories (explore's tabs Trending, News, Sports, Entertainment)", () => {
  it.each([
    ["a keyword alone", "news", "news"],
    ["a keyword and more", "football2026", "sports"],
    ["another category's word after the keyword", "footballnews", "sports"],
    ["stored tags are lower-case; any case is the same tag", "NBAFinals", "sports"],
    ["a keyword inside the tag is no beginning", "worldnews", "trending"],
    ["no keyword at all", "coffee", "trending"],
    ["letters of other scripts", "日本語", "trending"],
    ["entertainment", "musicvideo", "entertainment"],
  ])("%s: #%s is %s", (_name, tag, category) => {
    expect(categoryOf(tag)).toBe(category);
  });

  it("keywords are lower-case letters and digits, each once, and none begins another category's, so a tag has one category at most", () => {
    const all = KEYWORD_CATEGORIES.flatMap((category) => TREND_KEYWORDS[category].map((keyword) => ({ category, keyword })));
    for (const { keyword } of all) expect(keyword).toMatch(/^[a-z0-9]+$/);
    expect(new Set(all.map(({ keyword }) => keyword)).size).toBe(all.length);
    const clashes = all.flatMap((a) => all.filter((b) => a.category !== b.category && b.keyword.startsWith(a.keyword)).map((b) => `${a.keyword} / ${b.keyword}`));
    expect(clashes).toEqual([]);
  });

  it("every category but 'trending' has keywords; 'trending' is what no keyword names", () => {
    expect([...TREND_CATEGORIES]).toEqual(["trending", ...KEYWORD_CATEGORIES]);
    for (const category of KEYWORD_CATEGORIES) expect(TREND_KEYWORDS[category].length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from "vitest";
import { bookmarkCursor, parseBookmarkCursor } from "~/.server/posts/cursors";
import { formatGrowth, formatHashtagCount } from "~/lib/format";
import { extractHashtags, hashtagOf } from "~/lib/text";

describe("the hashtag page's count (spec document 2 §9: from 1,000 as K, from 1,000,000 as M, to one decimal)", () => {
  it.each([
    [0, "0"],
    [1, "1"],
    [999, "999"],
    [1000, "1.0K"],
    [1049, "1.0K"],
    [1050, "1.1K"],
    [12_345, "12.3K"],
    [999_949, "999.9K"],
    [999_950, "1.0M"],
    [1_000_000, "1.0M"],
    [2_500_000, "2.5M"],
    [12_345_678, "12.3M"],
  ])("%d shows as %s", (count, shown) => {
    expect(formatHashtagCount(count)).toBe(shown);
  });
});

describe("the hashtag page's growth (only above 0)", () => {
  it.each([
    [0.25, "+25%"],
    [0.125, "+12.5%"],
    [1.5, "+150%"],
    [0.001, "+0.1%"],
    [0.0004, null],
    [0, null],
    [-0.3, null],
    [Number.NaN, null],
  ])("%d shows as %s", (rate, shown) => {
    expect(formatGrowth(rate)).toBe(shown);
  });
});

describe("the hashtag an address names", () => {
  it("is the tag as posts store it, whatever the case, with or without '#'", () => {
    expect(hashtagOf("Murmur")).toBe("murmur");
    expect(hashtagOf("#MURMUR")).toBe("murmur");
    expect(hashtagOf("café_2025")).toBe("café_2025");
    expect(hashtagOf("Cafe\u0301")).toBe("café");
    // Every tag a post's text yields is an address of the same tag.
    for (const tag of extractHashtags("#Ünïcode #日本語 #snake_case #CamelCase2")) expect(hashtagOf(tag)).toBe(tag);
  });

  it.each([[""], ["#"], ["12345"], ["not-a-tag"], ["two words"], ["x".repeat(101)], ["😀"], [undefined]])("is null for %s", (value) => {
    expect(hashtagOf(value)).toBeNull();
  });
});

describe("bookmark cursors", () => {
  it("come back as written, and anything else is the first page", () => {
    const cursor = { at: 1_763_900_000_123.0002, postId: "01KAB3Q2W5X6Y7Z8A9B0C1D2E3" };
    expect(parseBookmarkCursor(bookmarkCursor(cursor))).toEqual(cursor);
    for (const odd of [null, "", "zzz", "b~1", "b~x~01KAB3Q2W5X6Y7Z8A9B0C1D2E3", "b~1~nope", "b~-1~01KAB3Q2W5X6Y7Z8A9B0C1D2E3", "b~1e400~01KAB3Q2W5X6Y7Z8A9B0C1D2E3", "b~1~01KAB3Q2W5X6Y7Z8A9B0C1D2E3~x"]) {
      expect(parseBookmarkCursor(odd)).toBeNull();
    }
  });
});

import { describe, expect, it } from "vitest";
import { clipCharacters, collapseBlankLines, countCharacters, limitCount, withinCharacters, extractHashtags, extractMentions, hashtagOf, mentionQueryAt, segmentText, withoutDirectionControls } from "~/lib/text";

describe("hashtags are words after a hash sign", () => {
  it.each([
    ["plain words", "Morning #coffee and #Design", ["coffee", "design"]],
    ["punctuation ends a tag", "#tag, #two. #three! (#four) #five?", ["tag", "two", "three", "four", "five"]],
    ["tags next to each other", "#tag,#two.#three", ["tag", "two", "three"]],
    ["unicode letters", "#café #日本語 #Ωmega #naïve", ["café", "日本語", "ωmega", "naïve"]],
    ["duplicates and case count once", "#Coffee #coffee #COFFEE", ["coffee"]],
    ["not inside a word", "don't#no x#y", []],
    ["not a URL fragment", "see https://example.com/#anchor and example.com/#x", []],
    ["not only digits", "#1 #2024 #a1", ["a1"]],
    ["underscores belong to the tag", "#slow_living", ["slow_living"]],
  ])("%s", (_name, text, tags) => {
    expect(extractHashtags(text)).toEqual(tags);
  });

  it("decomposed accents become the same tag as composed ones", () => {
    expect(extractHashtags("#cafe\u0301 #café")).toEqual(["café"]);
  });

  // A thirteenth review (decision 123): tags as the world writes them.
  it.each([
    ["a Persian word with its zero-width non-joiner", "#می\u200Cخواهم!", ["می\u200Cخواهم"]],
    ["a Hebrew acronym with its gershayim", "#צה״ל", ["צה״ל"]],
    ["a katakana phrase with its middle dot", "#ハッシュ・タグ", ["ハッシュ・タグ"]],
    ["a Tibetan word with its tsheg", "#བོད་ཡིག", ["བོད་ཡིག"]],
    ["a Catalan middle dot", "#col·lecció", ["col·lecció"]],
    ["a joiner at the end is not the tag's", "#abc\u200D #def·", ["abc", "def"]],
    ["the full-width sign", "＃東京 and ＃ok", ["東京", "ok"]],
    ["full-width letters are the tag of their letters", "#ＭＵＲＭＵＲ #murmur", ["murmur"]],
    ["the dotted capital I is the i of its word", "#İstanbul #istanbul #ISTANBUL", ["istanbul"]],
    ["a keycap emoji is no tag", "Big news #️⃣ and #1️⃣ today", []],
    ["a joiner before an emoji's selector is not the tag's", "#a\u200D\uFE0F", ["a"]],
    ["a fold that leaves a tag's characters is no tag", "#a½ #x⑴y", []],
  ])("%s", (_name, text, tags) => {
    expect(extractHashtags(text)).toEqual(tags);
  });

  it("an address names the tag a post stores, with the same characters and forms", () => {
    expect(hashtagOf("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(hashtagOf("ＭＵＲＭＵＲ")).toBe("murmur");
    expect(hashtagOf("＃İstanbul")).toBe("istanbul");
    expect(hashtagOf("\uFE0F\u20E3")).toBeNull();
    expect(hashtagOf("abc\u200C")).toBeNull();
    // Written of a tag's characters too, not only folded into them.
    expect(hashtagOf("a™")).toBeNull();
    // Measured as stored: sixty dotted capitals are sixty letters, within the limit.
    expect(hashtagOf("İ".repeat(60))).toBe("i".repeat(60));
  });
});

describe("mentions are usernames after an at-sign", () => {
  it.each([
    ["plain", "Thanks @maya and @Leo_P!", ["maya", "leo_p"]],
    ["punctuation ends a mention", "(@maya), @leo: @omar.", ["maya", "leo", "omar"]],
    ["duplicates count once", "@maya @MAYA @maya", ["maya"]],
    ["not an e-mail address", "write to maya@murmur.dev", []],
    ["not a name with other letters", "@josé @ok", ["ok"]],
    ["not longer than a username can be", "@abcdefghijklmnopqrstuvwxyz12345", []],
    // Scripts written without spaces, and Hangul's particles, touch a name (decision 123).
    ["before a Japanese honorific", "@mayaさん、ありがとう", ["maya"]],
    ["before a Korean particle", "@maya님 감사합니다", ["maya"]],
    ["after Chinese text", "谢谢@maya", ["maya"]],
    ["after Thai text", "ขอบคุณ@maya", ["maya"]],
    ["the full-width sign", "＠maya", ["maya"]],
    ["not an e-mail address written with a decomposed accent", "jose\u0301@example.com", []],
    ["not a Latin word's", "mail@maya x@maya", []],
    ["after an emoji's presentation selector", "❤️@maya thanks ✌️@leo", ["maya", "leo"]],
    ["not a Japanese price", "単価@100円 りんご＠100円", []],
    ["digits apart from those scripts still name a member", "漢 @100 and @100 yen", ["100"]],
  ])("%s", (_name, text, names) => {
    expect(extractMentions(text)).toEqual(names);
  });
});

describe("segments for rendering", () => {
  it("cut the text into plain runs and links, losing nothing", () => {
    const text = "Hi @maya, see #design at https://example.com/x. <b>bold</b>";
    const segments = segmentText(text);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(segments.filter((s) => s.type !== "text").map((s) => s.type)).toEqual(["mention", "hashtag", "url"]);
    expect(segments.find((s) => s.type === "url")).toMatchObject({ href: "https://example.com/x" });
  });
});

describe("characters are counted as a person sees them", () => {
  it.each([
    ["ascii", "hello", 5],
    ["an emoji counts once", "👍", 1],
    ["an emoji with a skin tone counts once", "👍🏽", 1],
    ["a flag counts once", "🇵🇹", 1],
    ["a family counts once", "👨‍👩‍👧‍👦", 1],
    ["a decomposed accent counts once", "e\u0301", 1],
    ["mixed", "ok 👍🏽!", 5],
  ])("%s", (_name, text, count) => {
    expect(countCharacters(text)).toBe(count);
  });
});

describe("a limit's count: the counter and the schemas agree (a review found the counter saying 30 left of a post refused)", () => {
  it("250 families with skin tones (19 code units each) are within 280, for both", () => {
    const family = "👨🏻‍👩🏻‍👦🏻‍👦🏻";
    expect(family.length).toBe(19);
    const text = family.repeat(250);
    expect(limitCount(text, 280)).toBe(250);
    expect(withinCharacters(text, 280)).toBe(true);
  });

  it("text longer than any 280 characters could be is over the limit for both, however it segments", () => {
    const stacked = `a${"\u0301".repeat(40)}`;
    const text = stacked.repeat(250);
    expect(countCharacters(text)).toBe(250);
    expect(limitCount(text, 280)).toBe(281);
    expect(withinCharacters(text, 280)).toBe(false);
    expect(limitCount("x".repeat(300), 280)).toBe(300);
  });
});

describe("clipping to characters as a person counts them (a shared profile's description)", () => {
  it("keeps a short text whole and never splits an emoji", () => {
    expect(clipCharacters("short", 10)).toBe("short");
    expect(clipCharacters("abcdefghij", 10)).toBe("abcdefghij");
    expect(clipCharacters("abcdefghijk", 10)).toBe("abcdefghi…");
    const family = "👨‍👩‍👧‍👦";
    expect(clipCharacters(`${"a".repeat(8)}${family}${family}b`, 10)).toBe(`${"a".repeat(8)}${family}…`);
    expect(clipCharacters(`abc ${family} def ghi`, 6)).toBe(`abc ${family}…`);
  });
});

describe("mention suggestions", () => {
  it("begin after one character following the at-sign", () => {
    expect(mentionQueryAt("hi @", 4)).toBeNull();
    expect(mentionQueryAt("hi @m", 5)).toEqual({ query: "m", start: 3 });
    expect(mentionQueryAt("hi @maya", 8)).toEqual({ query: "maya", start: 3 });
    expect(mentionQueryAt("mail a@b", 8)).toBeNull();
    expect(mentionQueryAt("@maya done", 10)).toBeNull();
    expect(mentionQueryAt("谢谢@ma", 5)).toEqual({ query: "ma", start: 2 });
    expect(mentionQueryAt("hi ＠m", 5)).toEqual({ query: "m", start: 3 });
  });
});

describe("a page's title keeps its direction", () => {
  it("loses the direction controls a post's text keeps", () => {
    expect(withoutDirectionControls("\u202Ehello\u2066 world\u2069")).toBe("hello world");
  });
});

describe("blank lines as a text is shown (decision 077)", () => {
  it.each([
    ["sixty empty lines become two", `top${"\n".repeat(61)}bottom`, "top\n\n\nbottom"],
    ["two empty lines stay", "one\n\n\ntwo", "one\n\n\ntwo"],
    ["a paragraph break stays", "one\n\ntwo\nthree", "one\n\ntwo\nthree"],
    ["lines of spaces, tabs and invisible characters are empty too", "a\n \n\t\n\u200b\u2800\n\u3000\nb", "a\n\n\nb"],
    ["each run on its own, the next line's indent kept", "a\n\n\n\n\n  b\n\n\n\n\nc", "a\n\n\n  b\n\n\nc"],
    ["a text of one line is as it was", "no breaks at all", "no breaks at all"],
  ])("%s", (_name, text, shown) => {
    expect(collapseBlankLines(text)).toBe(shown);
  });

  it("leaves every word and link where it was", () => {
    const text = `@maya${"\n \n".repeat(30)}#tag https://example.com/x`;
    expect(segmentText(collapseBlankLines(text)).filter((segment) => segment.type !== "text")).toEqual(segmentText(text).filter((segment) => segment.type !== "text"));
  });
});

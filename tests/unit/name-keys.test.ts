import { describe, expect, it } from "vitest";
import { DisplayNameSchema } from "~/lib/schemas/auth";
import { CommunityNameSchema } from "~/lib/schemas/community";
import { cleanCommunityName, communityNameKey, hasCheckMark, usernameKey } from "~/lib/name-keys";
import { AUTH_MESSAGES } from "~/lib/texts/auth";

describe("usernameKey: what a username looks like (decision 096)", () => {
  it("a capital i is an l and a capital o a zero, case-sensitively: 'Ieo' is 'leo', 'B0B' is 'BOB'", () => {
    expect(usernameKey("Ieo")).toBe(usernameKey("leo"));
    expect(usernameKey("neiI")).toBe(usernameKey("neil"));
    expect(usernameKey("B0B")).toBe(usernameKey("BOB"));
    expect(usernameKey("JOHN")).toBe(usernameKey("J0HN"));
    expect(usernameKey("Leo")).toBe(usernameKey("leo"));
    // 'LEO' keys 'le0': another case of 'leo' is taken by lower(username), not by the key.
    expect(usernameKey("LEO")).toBe("le0");
  });

  it("a lower-case i (its dot), a 1 (its flag), a lower-case o (shorter than 0), cl and d stay apart", () => {
    const apart: [string, string][] = [
      ["neil", "nell"],
      ["ali", "all"],
      ["dan", "clan"],
      ["sami", "sam1"],
      ["ieo", "leo"],
      ["1eo", "leo"],
      ["b0b", "bob"],
      ["dove", "clove"],
      ["leo", "lea"],
      ["user_2", "user2"],
    ];
    for (const [one, other] of apart) expect(usernameKey(one), `${one} / ${other}`).not.toBe(usernameKey(other));
  });

  it("rn and m, vv and w, and a run of '_' fold, any split of a run of v and w has one key", () => {
    expect(usernameKey("rnaya")).toBe(usernameKey("maya"));
    expect(usernameKey("vvave")).toBe(usernameKey("wave"));
    expect(usernameKey("a___b")).toBe(usernameKey("a_b"));
    expect(usernameKey("_".repeat(30))).toBe("_");
    expect(usernameKey("vvw")).toBe(usernameKey("wvv"));
    expect(usernameKey("vvv")).toBe(usernameKey("wv"));
    expect(usernameKey("vvv")).toBe(usernameKey("vw"));
  });
});

describe("communityNameKey and the stored name", () => {
  const key = communityNameKey("Trail Runners");

  it("a no-break space, zero-width spaces, a word joiner, a BOM, two spaces: the same name", () => {
    for (const clone of ["Trail\u00a0Runners", "Tra\u200bil Runners", "Trail Runners\u200b", "Trail\u2060 Runners", "\ufeffTrail Runners", "Trail  Runners", " Trail Runners ", "Trail\u202fRunners"]) {
      expect(communityNameKey(clone), JSON.stringify(clone)).toBe(key);
    }
  });

  it("Cyrillic and Greek letters that look Latin, full-width and mathematical letters, another case: the same name", () => {
    for (const clone of ["\u0422rail Runners", "Tr\u0430il Runners", "TRAIL RUNNERS", "ＴＲＡＩＬ Runners", "𝐓rail Runners", "\u03a4rail Runners"]) {
      expect(communityNameKey(clone), JSON.stringify(clone)).toBe(key);
    }
    expect(communityNameKey("Trail Runner")).not.toBe(key);
    // A name made only of such letters is the Latin name it looks like: 'МОСКВА' reads 'MOCKBA'.
    expect(communityNameKey("МОСКВА")).toBe(communityNameKey("mockba"));
    expect(communityNameKey("Лондон")).not.toBe(communityNameKey("London"));
  });

  it("the stored name keeps what shows and drops what does not (an emoji's joiner stays)", () => {
    expect(cleanCommunityName("  Trail\u00a0\u00a0Runners\u200b ")).toBe("Trail Runners");
    expect(cleanCommunityName("Family 👨\u200d👩\u200d👧 club")).toBe("Family 👨\u200d👩\u200d👧 club");
    expect(cleanCommunityName("Tra\u200dil")).toBe("Trail");
    expect(CommunityNameSchema.parse("Night\u00a0 Owls\u200b")).toBe("Night Owls");
    expect(CommunityNameSchema.safeParse("\u200b\u200b").success).toBe(false);
  });
});

describe("a display name with a check mark", () => {
  it("is refused: 'Display name can't include a check mark'", () => {
    for (const name of ["Murmur ✔️", "Murmur ✔", "Murmur ✓", "Murmur ☑", "Murmur ✅", "Murmur 🗸"]) {
      expect(hasCheckMark(name), name).toBe(true);
      const result = DisplayNameSchema.safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([AUTH_MESSAGES.displayNameCheckMark]);
    }
    expect(DisplayNameSchema.parse("Murmur ✨")).toBe("Murmur ✨");
  });
});

import { describe, expect, it } from "vitest";
import { preview, readWhole } from "~/.server/notifications";
import { NOTIFICATION_PREVIEW_LENGTH, PREVIEW_CODE_POINTS_PER_CHARACTER } from "~/lib/constants";

// A notification's or a conversation's preview (decision 123): characters as a person counts them,
// from what SQL read of the text (previewSql).
describe("a preview never splits a character", () => {
  const flag = "🇧🇷";
  const family = "👨‍👩‍👧";

  it("keeps a flag or a family at its edge whole, with the ellipsis after it", () => {
    const before = "a".repeat(NOTIFICATION_PREVIEW_LENGTH - 1);
    expect(preview(`${before}${flag} and more`)).toBe(`${before}${flag}…`);
    expect(preview(`${before}${family}x`)).toBe(`${before}${family}…`);
    expect(preview(`${before}${family}`)).toBe(`${before}${family}`);
  });

  it("drops the character a read stopped inside, and says there was more", () => {
    const read = Array.from("a\u0301".repeat(NOTIFICATION_PREVIEW_LENGTH * PREVIEW_CODE_POINTS_PER_CHARACTER))
      .slice(0, NOTIFICATION_PREVIEW_LENGTH * PREVIEW_CODE_POINTS_PER_CHARACTER + 1)
      .join("");
    expect(readWhole(read)).toBe(false);
    // 801 code points: 400 accented letters, and the next one's letter without its accent.
    const shown = preview(read);
    expect(shown).toBe(`${"a\u0301".repeat(NOTIFICATION_PREVIEW_LENGTH)}…`);
    // One letter piled with marks past the read: nothing whole to show.
    const piled = `b${"\u0301".repeat(NOTIFICATION_PREVIEW_LENGTH * PREVIEW_CODE_POINTS_PER_CHARACTER)}`;
    expect(preview(piled)).toBe("…");
  });

  it("keeps a short text as it is", () => {
    expect(preview(`hi ${flag}`)).toBe(`hi ${flag}`);
    expect(readWhole(`hi ${flag}`)).toBe(true);
  });
});

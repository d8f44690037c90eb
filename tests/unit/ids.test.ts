import { describe, expect, it } from "vitest";
import { firstIdAt, newId, timeOfId } from "~/.server/ids";

describe("ids", () => {
  it("carry the millisecond they were made at, and sort by it", () => {
    for (const at of [0, 1, 1_700_000_000_000, 2 ** 48 - 1]) {
      const id = newId(at);
      expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(timeOfId(id)).toBe(at);
      expect(firstIdAt(at) <= id).toBe(true);
      if (at > 0) expect(newId(at - 1) < firstIdAt(at)).toBe(true);
    }
  });
});

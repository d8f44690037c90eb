import { describe, expect, it } from "vitest";
import { pushedOut, uniqueById } from "~/lib/use-appended-pages";

const entries = (...ids: number[]) => ids.map((id) => ({ id: String(id) }));

describe("a revalidated first page above appended pages", () => {
  it("keeps the entries newer ones pushed off it, in their order", () => {
    // Two new entries (10, 9) arrived above 8..4; 3 and 2 no longer fit on the first page.
    expect(pushedOut(entries(8, 7, 6, 5, 4, 3, 2), entries(10, 9, 8, 7, 6, 5, 4), entries(1, 0))).toEqual(entries(3, 2));
  });

  it("keeps nothing when entries moved up from the next page (some were removed)", () => {
    expect(pushedOut(entries(8, 7, 6, 5), entries(8, 6, 5, 4), entries(4, 3, 2))).toEqual([]);
  });

  it("drops entries above the new page's last one that it no longer holds (removed)", () => {
    expect(pushedOut(entries(8, 7, 6, 5, 4), entries(9, 8, 6, 5), entries(3, 2))).toEqual(entries(4));
  });

  it("keeps the whole old page when all of it was pushed off", () => {
    expect(pushedOut(entries(4, 3), entries(9, 8), entries(2, 1))).toEqual(entries(4, 3));
  });

  it("keeps nothing when the new page is empty", () => {
    expect(pushedOut(entries(4, 3), [], entries(2, 1))).toEqual([]);
  });
});

describe("uniqueById", () => {
  it("keeps each entry's first place", () => {
    expect(uniqueById(entries(3, 2, 2, 1, 3))).toEqual(entries(3, 2, 1));
  });
});

import { describe, expect, it } from "vitest";
import { pushedOut, uniqueBy } from "~/lib/use-appended-pages";

const entries = (...ids: number[]) => ids.map((id) => ({ id: String(id) }));
const ids = (...list: number[]) => new Set(list.map(String));

describe("a revalidated first page above appended pages, in a list ordered by time", () => {
  it("keeps the entries newer ones pushed off it, in their order", () => {
    // Two new entries (10, 9) arrived above 8..4; 3 and 2 no longer fit on the first page.
    expect(pushedOut(entries(8, 7, 6, 5, 4, 3, 2), entries(10, 9, 8, 7, 6, 5, 4), ids(1, 0))).toEqual(entries(3, 2));
  });

  it("keeps nothing when entries moved up from the next page (some were removed)", () => {
    expect(pushedOut(entries(8, 7, 6, 5), entries(8, 6, 5, 4), ids(4, 3, 2))).toEqual([]);
  });

  it("drops entries above the new page's last one that it no longer holds (removed)", () => {
    expect(pushedOut(entries(8, 7, 6, 5, 4), entries(9, 8, 6, 5), ids(3, 2))).toEqual(entries(4));
  });

  it("starts the list again when more new entries arrived than a page holds (they could not be shown)", () => {
    expect(pushedOut(entries(4, 3), entries(9, 8), ids(2, 1))).toBeNull();
  });

  it("keeps nothing when the new page is empty", () => {
    expect(pushedOut(entries(4, 3), [], ids(2, 1))).toEqual([]);
  });
});

describe("a revalidated first page of a ranked list", () => {
  it("keeps every entry it no longer holds: it may have moved down rather than gone", () => {
    // 7 rose to the top; 5 fell off the page (or was removed: the pages below are not read again).
    expect(pushedOut(entries(8, 6, 5, 7), entries(7, 8, 6, 4), ids(4, 3), undefined, true)).toEqual(entries(5));
  });
});

describe("entries with a key of their own", () => {
  const group = (entry: { id: string; group: string }) => entry.group;
  it("a group that came back under a new id is shown once, where it first appears", () => {
    const shown = [
      { id: "9", group: "like:a" },
      { id: "8", group: "follow" },
      { id: "5", group: "like:a" },
    ];
    expect(uniqueBy(shown, group)).toEqual(shown.slice(0, 2));
  });

  it("and is not carried as pushed out", () => {
    // A new like moved the group 'like:a' to the top under a new head (9).
    const before = [
      { id: "6", group: "follow" },
      { id: "5", group: "like:a" },
    ];
    const now = [
      { id: "9", group: "like:a" },
      { id: "6", group: "follow" },
    ];
    expect(pushedOut(before, now, new Set(), group)).toEqual([]);
    expect(pushedOut(before, now, new Set())).toEqual(before.slice(1));
  });
});

describe("uniqueBy", () => {
  it("keeps each entry's first place", () => {
    expect(uniqueBy(entries(3, 2, 2, 1, 3), (entry) => entry.id)).toEqual(entries(3, 2, 1));
  });
});

import { describe, expect, it } from "vitest";
import { formatUnread } from "~/components/unread-badge";
import { TIME } from "~/lib/constants";
import { countOf, formatClock, formatCount, formatRelativeTime } from "~/lib/format";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import { isNavItemActive, isPostPage, showsFooter, showsRightSidebar } from "~/lib/navigation";

describe("counts (spec §9: above 1000 as K, above 1,000,000 as M)", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1000"],
    [1001, "1K"],
    [1500, "1.5K"],
    [12_345, "12.3K"],
    [1_000_000, "1000K"],
    [1_000_001, "1M"],
    [2_500_000, "2.5M"],
  ])("%d shows as %s", (count, shown) => {
    expect(formatCount(count)).toBe(shown);
  });
});

describe("a count and its noun", () => {
  it.each([
    [0, "0 posts"],
    [1, "1 post"],
    [2, "2 posts"],
    [1500, "1.5K posts"],
  ])("%d reads %s", (count, shown) => {
    expect(countOf(count, "post", "posts")).toBe(shown);
  });

  it("names a community's members and an invite's uses by it", () => {
    expect([COMMUNITY_MESSAGES.members(1), COMMUNITY_MESSAGES.members(2_500)]).toEqual(["1 member", "2.5K members"]);
    expect([INVITE_MESSAGES.uses(1, null), INVITE_MESSAGES.uses(0, null), INVITE_MESSAGES.uses(0, 1)]).toEqual(["1 use", "0 uses", "0 / 1 uses"]);
  });
});

describe("relative time (spec §9)", () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it.each([
    [5 * TIME.SECOND, "5s"],
    [59 * TIME.SECOND, "59s"],
    [60 * TIME.SECOND, "1m"],
    [59 * TIME.MINUTE, "59m"],
    [3 * TIME.HOUR, "3h"],
    [2 * TIME.DAY, "2d"],
    [6 * TIME.DAY + 23 * TIME.HOUR, "6d"],
    [7 * TIME.DAY, "Nov 15"],
    [400 * TIME.DAY, "Oct 18, 2025"],
  ])("%d ms ago shows as %s", (ago, shown) => {
    expect(formatRelativeTime(now - ago, now)).toBe(shown);
  });

  it("a date is the server's day in UTC, and the member's own day in the browser (decision 123)", () => {
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      // 21 November, 01:00 UTC: the evening of the 20th in New York.
      const at = Date.UTC(2026, 10, 21, 1, 0, 0);
      const later = at + 10 * TIME.DAY;
      expect(formatRelativeTime(at, later)).toBe("Nov 21");
      expect(formatRelativeTime(at, later, "local")).toBe("Nov 20");
      // New Year's Eve in New York is New Year's Day in UTC: the year is the zone's too.
      const eve = Date.UTC(2027, 0, 1, 2, 0, 0);
      expect(formatRelativeTime(eve, Date.UTC(2027, 1, 1), "local")).toBe("Dec 31, 2026");
      expect(formatRelativeTime(eve, Date.UTC(2027, 1, 1))).toBe("Jan 1");
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("unread badge", () => {
  it("shows the count up to 99, then 99+", () => {
    expect(formatUnread(1)).toBe("1");
    expect(formatUnread(99)).toBe("99");
    expect(formatUnread(100)).toBe("99+");
  });
});

describe("navigation", () => {
  it("the active item comes from the path prefix; Home only for /", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/", "/explore")).toBe(false);
    expect(isNavItemActive("/profile", "/profile/ada")).toBe(true);
    expect(isNavItemActive("/communities", "/community/123")).toBe(true);
    expect(isNavItemActive("/messages", "/messagesx")).toBe(false);
  });
  it("the right sidebar hides on messages, settings and profile; the footer shows on settings", () => {
    expect(showsRightSidebar("/")).toBe(true);
    expect(showsRightSidebar("/messages/abc")).toBe(false);
    expect(showsRightSidebar("/settings")).toBe(false);
    expect(showsRightSidebar("/profile/ada")).toBe(false);
    expect(showsFooter("/settings")).toBe(true);
    expect(showsFooter("/")).toBe(false);
  });
  it("a post's own pages, at its own address or its community's, and no other post's", () => {
    expect(isPostPage("/post/01ABC", "01ABC")).toBe(true);
    expect(isPostPage("/post/01ABC?comments=all#c", "01ABC")).toBe(true);
    expect(isPostPage("/post/01ABC/photo/2", "01ABC")).toBe(true);
    expect(isPostPage("/community/01C/post/01ABC", "01ABC")).toBe(true);
    expect(isPostPage("/community/01C/post/01ABCD", "01ABC")).toBe(false);
    expect(isPostPage("/community/01C", "01ABC")).toBe(false);
    expect(isPostPage("/?q=/post/01ABC", "01ABC")).toBe(false);
    expect(isPostPage("/", "01ABC")).toBe(false);
    expect(isPostPage(null, "01ABC")).toBe(false);
  });
});

describe("a message's time of day", () => {
  it("says UTC where the reader's zone is not known (the server, and pages without JavaScript)", () => {
    expect(formatClock(Date.UTC(2026, 10, 29, 16, 37), false)).toBe("4:37 PM UTC");
    expect(formatClock(Date.UTC(2026, 10, 29, 0, 5), false)).toBe("12:05 AM UTC");
  });
});

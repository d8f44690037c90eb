import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayHeadings } from "~/components/messages/days";
import { TIME } from "~/lib/constants";
import { calendarDay, formatCalendarDay, formatClock } from "~/lib/format";

/**
 * A conversation's day headings (decision 087). The reader's own zone here is Honolulu (UTC−10, no
 * summer time), set before any formatter is made, so 'local' and UTC disagree about most evenings.
 */
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Pacific/Honolulu";
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const H = TIME.HOUR;
// Sunday 29 November 2026, 10:00 in Honolulu (20:00 UTC).
const now = Date.UTC(2026, 10, 29, 20);
const texts = (headings: ReturnType<typeof dayHeadings>) => headings.map((heading) => heading?.text ?? null);

describe("a conversation's day headings", () => {
  it("begin each day with 'Today', 'Yesterday' or its date, once, before its first message", () => {
    const times = [
      Date.UTC(2025, 10, 30, 22), // Sun 30 Nov 2025, noon in Honolulu
      Date.UTC(2026, 10, 27, 22), // Fri 27 Nov
      Date.UTC(2026, 10, 27, 23),
      Date.UTC(2026, 10, 29, 8, 27), // Sat 28 Nov, 22:27 in Honolulu
      Date.UTC(2026, 10, 29, 19), // today, 09:00
      Date.UTC(2026, 10, 29, 19, 30),
    ];
    expect(texts(dayHeadings(times, now, true))).toEqual(["Sun, Nov 30, 2025", "Fri, Nov 27", null, "Yesterday", "Today", null]);
    expect(dayHeadings(times, now, true).filter(Boolean).map((heading) => heading!.date)).toEqual(["2025-11-30", "2026-11-27", "2026-11-28", "2026-11-29"]);
  });

  it("count days in UTC, and say so, where the reader's zone is not known (the server, and pages without JavaScript)", () => {
    const times = [Date.UTC(2026, 10, 28, 8, 27), Date.UTC(2026, 10, 29, 8, 27), Date.UTC(2026, 10, 29, 19)];
    // In UTC 22:27 in Honolulu on the 28th is the 29th, today: the last two share a day.
    expect(texts(dayHeadings(times, now, false))).toEqual(["Yesterday (UTC)", "Today (UTC)", null]);
    expect(texts(dayHeadings(times, now, true))).toEqual(["Fri, Nov 27", "Yesterday", "Today"]);
  });

  it("stand before the same messages whatever the clock says, so a page hydrates with the server's", () => {
    const times = [Date.UTC(2026, 10, 28, 12), Date.UTC(2026, 10, 28, 23, 59), Date.UTC(2026, 10, 29, 0, 1)];
    const places = (at: number) => dayHeadings(times, at, false).map((heading) => heading !== null);
    expect(places(now)).toEqual([true, false, true]);
    expect(places(now + 3 * TIME.DAY)).toEqual(places(now));
    expect(texts(dayHeadings(times, now + 3 * TIME.DAY, false))).toEqual(["Sat, Nov 28 (UTC)", null, "Sun, Nov 29 (UTC)"]);
  });

  it("start a day again for a message not sent yet that was typed on an earlier day than the one before it", () => {
    // Stored ones, then one typed yesterday that failed (kept by the tab, shown after them).
    const times = [Date.UTC(2026, 10, 29, 19), Date.UTC(2026, 10, 29, 8)];
    expect(texts(dayHeadings(times, now, true))).toEqual(["Today", "Yesterday"]);
  });

  it("name yesterday across a year's end, and give the year of a day in another", () => {
    const newYear = Date.UTC(2027, 0, 1, 22); // Fri 1 Jan 2027, noon in Honolulu
    expect(texts(dayHeadings([Date.UTC(2026, 11, 30, 22), Date.UTC(2026, 11, 31, 22), newYear], newYear, true))).toEqual(["Wed, Dec 30, 2026", "Yesterday", "Today"]);
  });

  it("is empty for no messages", () => {
    expect(dayHeadings([], now, true)).toEqual([]);
  });
});

describe("calendar days", () => {
  it("are the reader's own once local, else UTC's", () => {
    const evening = Date.UTC(2026, 10, 29, 8, 27); // 22:27 on the 28th in Honolulu
    expect(calendarDay(evening, true)).toBe(Date.UTC(2026, 10, 28) / TIME.DAY);
    expect(calendarDay(evening, false)).toBe(Date.UTC(2026, 10, 29) / TIME.DAY);
    expect(calendarDay(evening - 12 * H, false) - calendarDay(evening, false)).toBe(-1);
  });

  it("are written in the site's English, with the year only in another", () => {
    const today = Date.UTC(2026, 10, 29) / TIME.DAY;
    expect(formatCalendarDay(today - 2, today)).toBe("Fri, Nov 27");
    expect(formatCalendarDay(Date.UTC(2025, 0, 6) / TIME.DAY, today)).toBe("Mon, Jan 6, 2025");
  });
});

describe("a message's time of day in the reader's zone", () => {
  it("is written as the rest of the site writes (en-US), in their zone; the server says UTC", () => {
    expect(formatClock(Date.UTC(2026, 10, 29, 8, 27), true)).toBe("10:27 PM");
    expect(formatClock(Date.UTC(2026, 10, 29, 8, 27), false)).toBe("8:27 AM UTC");
  });
});

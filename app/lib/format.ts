import { COUNT_MILLION, COUNT_THOUSAND, RELATIVE_TIME_DAYS, TIME } from "./constants";

function trimmed(value: number): string {
  return value.toFixed(1).replace(/\.0$/, "");
}

/** Counts above 1000 as K and above 1,000,000 as M, one decimal (spec document 1 §9). */
export function formatCount(count: number): string {
  if (count > COUNT_MILLION) return `${trimmed(count / COUNT_MILLION)}M`;
  if (count > COUNT_THOUSAND) return `${trimmed(count / COUNT_THOUSAND)}K`;
  return String(count);
}

/** A count and its noun: "1 post", "12 posts", "1.2K posts". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${nounOf(count, one, many)}`;
}

/** The word a count goes with: `one` for 1, else `many` ("1 Follower", "12 Followers"). */
export function nounOf(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/**
 * Seconds under a minute, then minutes, hours, days under 7 days, else a date (spec document 1 §9). The
 * date is the day in UTC, as the server writes it (so the page it sent and the one React hydrates
 * agree), or in the member's own time zone (`zone` "local"), as the browser writes it once hydrated.
 */
export function formatRelativeTime(date: Date | number, now: number = Date.now(), zone: "UTC" | "local" = "UTC"): string {
  const time = typeof date === "number" ? date : date.getTime();
  const elapsed = Math.max(0, now - time);
  if (elapsed < TIME.MINUTE) return `${Math.floor(elapsed / TIME.SECOND)}s`;
  if (elapsed < TIME.HOUR) return `${Math.floor(elapsed / TIME.MINUTE)}m`;
  if (elapsed < TIME.DAY) return `${Math.floor(elapsed / TIME.HOUR)}h`;
  if (elapsed < RELATIVE_TIME_DAYS * TIME.DAY) return `${Math.floor(elapsed / TIME.DAY)}d`;
  const then = new Date(time);
  const yearOf = (at: Date) => (zone === "UTC" ? at.getUTCFullYear() : at.getFullYear());
  return dateFormat(yearOf(then) === yearOf(new Date(now)), zone).format(then);
}

// Formatters are costly to make and cheap to reuse (a feed formats dozens of dates); each is made the
// first time a date needs it, not when a page loads this module.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(sameYear: boolean, zone: "UTC" | "local"): Intl.DateTimeFormat {
  const key = `${sameYear}:${zone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }), ...(zone === "UTC" ? { timeZone: "UTC" } : {}) });
    dateFormats.set(key, format);
  }
  return format;
}

let monthYear: Intl.DateTimeFormat | undefined;

/** 'Joined {Month Year}' on a profile (spec document 2 §2), in UTC so server and browser agree. */
export function formatJoined(date: number): string {
  monthYear ??= new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return `Joined ${monthYear.format(date)}`;
}

/**
 * A hashtag's post count on its page (spec document 2 §9): from 1,000 as K and from 1,000,000 as M,
 * always to one decimal (1,000 is 1.0K; 999,950 rounds up to 1.0M, never 1000.0K).
 */
export function formatHashtagCount(count: number): string {
  const thousands = (count / COUNT_THOUSAND).toFixed(1);
  if (count >= COUNT_MILLION || Number(thousands) >= COUNT_THOUSAND) return `${(count / COUNT_MILLION).toFixed(1)}M`;
  if (count >= COUNT_THOUSAND) return `${thousands}K`;
  return String(count);
}

/**
 * A hashtag's growth (hashtag_trends.growth_rate, a ratio: 0.25 is 25%) as the page shows it, '+25%'
 * or '+12.5%'; null unless it is above 0 once rounded to one decimal (spec document 2 §2).
 */
export function formatGrowth(rate: number): string | null {
  const tenths = Math.round(rate * 1000);
  return Number.isFinite(tenths) && tenths > 0 ? `+${trimmed(tenths / 10)}%` : null;
}

let clockUtc: Intl.DateTimeFormat | undefined;
let clockLocal: Intl.DateTimeFormat | undefined;

/**
 * A message's time of day, written as the rest of the site writes ('9:41 PM', en-US, whatever the
 * browser's own language: its digits and its words would be the only ones on the page in another). In
 * the reader's own time zone once the page runs in their browser (`local`); before that, and without
 * JavaScript, the server does not know their zone, so it says the time in UTC ('9:41 PM UTC'). One
 * formatter each, made when first needed.
 */
export function formatClock(at: number, local: boolean): string {
  if (local) return (clockLocal ??= new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" })).format(at);
  return `${(clockUtc ??= new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })).format(at)} UTC`;
}

/**
 * The calendar day a moment falls on, as days since 1 January 1970: in the reader's own time zone
 * once the page runs in their browser (`local`), else in UTC (as formatClock's times are). Two
 * moments are on the same day when their numbers are equal, and yesterday is today's number less one.
 */
export function calendarDay(at: number, local: boolean): number {
  if (!local) return Math.floor(at / TIME.DAY);
  const date = new Date(at);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / TIME.DAY;
}

let weekdayDate: Intl.DateTimeFormat | undefined;
let weekdayDateYear: Intl.DateTimeFormat | undefined;

/**
 * A calendar day (calendarDay's number) as a conversation's day heading writes a date: 'Mon, Nov 28',
 * with the year ('Sun, Nov 30, 2025') when it is not the year of `today`. The day is a date already,
 * so it is formatted at UTC midnight whatever zone it was counted in.
 */
export function formatCalendarDay(day: number, today: number): string {
  const sameYear = new Date(day * TIME.DAY).getUTCFullYear() === new Date(today * TIME.DAY).getUTCFullYear();
  if (sameYear) return (weekdayDate ??= new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })).format(day * TIME.DAY);
  return (weekdayDateYear ??= new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })).format(day * TIME.DAY);
}

/** A calendar day as a `<time>`'s machine-readable date ('2026-11-28'). */
export function calendarDayIso(day: number): string {
  return new Date(day * TIME.DAY).toISOString().slice(0, 10);
}

let dayUtc: Intl.DateTimeFormat | undefined;

/** A day, as a billing date is written ("March 5, 2027"), in UTC on the server and the browser alike. */
export function formatDay(at: number): string {
  return (dayUtc ??= new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })).format(at);
}

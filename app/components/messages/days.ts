import { calendarDay, calendarDayIso, formatCalendarDay } from "~/lib/format";
import { DM_MESSAGES } from "~/lib/texts/dm";

/** A conversation's day heading: what it says, and the date for its `<time>`. */
export type DayHeading = { text: string; date: string };

/**
 * Where a conversation's days begin, for messages in the order shown (the stored ones, then the ones
 * not sent yet): for each, the heading to put before it when its day is not the one before it's, else
 * null. 'Today', 'Yesterday', else the date ('Mon, Nov 28'; with the year in another year). In the
 * reader's own time zone once the page runs in their browser (`local`); on the server, and without
 * JavaScript, the days are UTC's and say so ('Today (UTC)'), as formatClock's times do. Which messages
 * get a heading depends on the zone alone, never on `now`: the page hydrates with the server's
 * headings in the same places, whatever the clocks say.
 */
export function dayHeadings(times: readonly number[], now: number, local: boolean): (DayHeading | null)[] {
  const today = calendarDay(now, local);
  let previous: number | null = null;
  return times.map((at) => {
    const day = calendarDay(at, local);
    if (day === previous) return null;
    previous = day;
    const named = day === today ? DM_MESSAGES.today : day === today - 1 ? DM_MESSAGES.yesterday : formatCalendarDay(day, today);
    return { text: local ? named : DM_MESSAGES.dayInUtc(named), date: calendarDayIso(day) };
  });
}

import { useEffect, useRef, type RefObject } from "react";
import { formatRelativeTime } from "~/lib/format";
import { html, type Markup } from "~/lib/html";
import { hydration, useHydrated } from "~/lib/use-hydrated";

function timeOf(at: number, zone: "UTC" | "local" = "UTC") {
  const date = new Date(at);
  return { dateTime: date.toISOString(), title: date.toUTCString(), text: formatRelativeTime(at, Date.now(), zone) };
}

/**
 * '5m', '3h', 'Jan 4': the server's reading and the browser's may differ by a tick, which is fine. A
 * date is the server's day in UTC until the page has hydrated, then the member's own day.
 */
export function RelativeTime({ at, className = "" }: { at: number; className?: string }) {
  const { dateTime, title, text } = timeOf(at, useHydrated() ? "local" : "UTC");
  return (
    <time dateTime={dateTime} title={title} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}

/**
 * The same time as markup (decision 057): a date the UTC day until the page has hydrated, then the
 * member's own (markup drawn again later, a card's top comments, keeps what useTimesReadNow wrote).
 */
export function relativeTimeHtml(at: number, className = ""): Markup {
  const { dateTime, title, text } = timeOf(at, hydration.isHydrated() ? "local" : "UTC");
  return html`<time datetime="${dateTime}" title="${title}" class="${className}">${text}</time>`;
}

/**
 * For an element whose markup holds times (relativeTimeHtml): they read as the browser reads them
 * once it runs, a date in the member's own time zone. React corrects RelativeTime's text when it hydrates, but never looks inside markup, so
 * a page made earlier (a visitor's cached public page, decision 028) would keep the server's reading
 * until the card renders again. React owns none of the nodes inside markup, so they are written here.
 */
export function useTimesReadNow<T extends Element>(): RefObject<T> {
  const ref = useRef<T>(null);
  useEffect(() => {
    for (const time of ref.current?.querySelectorAll("time[datetime]") ?? []) {
      const text = formatRelativeTime(Date.parse(time.getAttribute("datetime") ?? ""), Date.now(), "local");
      if (time.textContent !== text) time.textContent = text;
    }
  }, []);
  return ref;
}

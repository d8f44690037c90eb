import { formatRelativeTime } from "~/lib/format";
import { html, type Markup } from "~/lib/html";

function timeOf(at: number) {
  const date = new Date(at);
  return { dateTime: date.toISOString(), title: date.toUTCString(), text: formatRelativeTime(at) };
}

/** '5m', '3h', 'Jan 4': the server's reading and the browser's may differ by a tick, which is fine. */
export function RelativeTime({ at, className = "" }: { at: number; className?: string }) {
  const { dateTime, title, text } = timeOf(at);
  return (
    <time dateTime={dateTime} title={title} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}

/** The same time as markup (decision 057). */
export function relativeTimeHtml(at: number, className = ""): Markup {
  const { dateTime, title, text } = timeOf(at);
  return html`<time datetime="${dateTime}" title="${title}" class="${className}">${text}</time>`;
}

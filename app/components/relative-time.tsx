import { formatRelativeTime } from "~/lib/format";

/** '5m', '3h', 'Jan 4': the server's reading and the browser's may differ by a tick, which is fine. */
export function RelativeTime({ at, className = "" }: { at: number; className?: string }) {
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()} title={date.toUTCString()} className={className} suppressHydrationWarning>
      {formatRelativeTime(at)}
    </time>
  );
}

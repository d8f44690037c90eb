import { UNREAD_BADGE_CAP } from "~/lib/constants";

export function formatUnread(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** The unread count next to a navigation item; nothing when there is nothing unread. */
export function UnreadBadge({ count, one, many }: { count: number; one: string; many: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-white dark:text-black"
      aria-label={`${count} ${count === 1 ? one : many}`}
    >
      {formatUnread(count)}
    </span>
  );
}

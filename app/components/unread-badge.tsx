import { useEffect, useRef, useState } from "react";
import { UNREAD_BADGE_CAP } from "~/lib/constants";

export function formatUnread(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** What a badge counts, in words for one and for many. */
type Unread = { one: string; many: string };
export const UNREAD_NOTIFICATIONS: Unread = { one: "unread notification", many: "unread notifications" };
export const UNREAD_CONVERSATIONS: Unread = { one: "unread conversation", many: "unread conversations" };

const unreadLabel = (count: number, { one, many }: Unread) => `${count} ${count === 1 ? one : many}`;

/** The unread count next to a navigation item; nothing when there is nothing unread. */
export function UnreadBadge({ count, one, many }: { count: number } & Unread) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-bold leading-5 text-on-accent"
      aria-label={unreadLabel(count, { one, many })}
    >
      {formatUnread(count)}
    </span>
  );
}

/**
 * What a screen reader hears when a badge grows while the page is open (a notification or a message
 * arrived live): the badge's words, once. A badge only changes silently, being no live region itself.
 */
export function BadgeAnnouncer({ notifications, messages }: { notifications: number; messages: number }) {
  const before = useRef({ notifications, messages });
  const [said, say] = useState("");
  useEffect(() => {
    const grew = [
      notifications > before.current.notifications ? unreadLabel(notifications, UNREAD_NOTIFICATIONS) : null,
      messages > before.current.messages ? unreadLabel(messages, UNREAD_CONVERSATIONS) : null,
    ].filter(Boolean);
    before.current = { notifications, messages };
    if (grew.length > 0) say(grew.join(", "));
  }, [notifications, messages]);
  return (
    <p className="sr-only" aria-live="polite">
      {said}
    </p>
  );
}

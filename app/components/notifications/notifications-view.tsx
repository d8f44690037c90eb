import { Form, Link, useFetcher, useRouteLoaderData } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { Icon, type IconName } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { RelativeTime } from "~/components/relative-time";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { VerifiedBadge } from "~/components/verified-badge";
import { NOTIFICATION_MESSAGES } from "~/lib/texts/notification";
import type { NotificationItem, NotificationPage, NotificationTab } from "~/lib/types/notification";
import { useAppendedPages } from "~/lib/use-appended-pages";

export type NotificationsData = { tab: NotificationTab; page: NotificationPage; failed: string | null; paged: boolean; readAt: number };

const TABS: NotificationTab[] = ["all", "mentions", "likes"];

function href(tab: NotificationTab, cursor?: string) {
  const params = new URLSearchParams();
  if (tab !== "all") params.set("tab", tab);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `/notifications?${params}` : "/notifications";
}

/** The notifications page (spec document 1 §2.9): tabs, 'Mark all as read' while any is unread, the items. */
export function NotificationsView({ tab, page, failed, paged, readAt }: NotificationsData) {
  // The shell's unread count (the badge's), read on every page.
  const unread = useRouteLoaderData<{ unreadNotifications: number }>("routes/_app")?.unreadNotifications ?? 0;
  return (
    <div>
      <PageHeader title="Notifications">
        <nav aria-label="Notification tabs" className="flex border-b border-line">
          {TABS.map((name) => (
            <Link
              key={name}
              to={href(name)}
              aria-current={name === tab ? "page" : undefined}
              className={`flex-1 py-3 text-center font-semibold hover:bg-surface ${name === tab ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {NOTIFICATION_MESSAGES.tabs[name]}
            </Link>
          ))}
        </nav>
      </PageHeader>
      {unread > 0 ? (
        <Form method="post" action={href(tab)} className="flex justify-end border-b border-line px-4 py-2">
          <ReturnTo />
          <input type="hidden" name="intent" value="notifications-read" />
          <input type="hidden" name="through" value={readAt} />
          <button type="submit" className={buttonClass("secondary", "px-4 py-1.5 text-sm")}>
            {NOTIFICATION_MESSAGES.markAllRead}
          </button>
        </Form>
      ) : null}
      {paged ? (
        <p className="border-b border-line px-4 py-2 text-sm">
          <Link to={href(tab)} className="text-accent hover:underline">
            Back to the newest
          </Link>
        </p>
      ) : null}
      <NotificationList tab={tab} page={page} failed={failed} />
    </div>
  );
}

const itemsOf = (page: NotificationPage) => page.items;
/** Likes and reposts of one post are one group, whose head (and so its id) changes with each new one. */
const groupOf = (item: NotificationItem) => ((item.type === "like" || item.type === "repost") && item.post ? `${item.type}:${item.post.id}` : item.id);

/** The items, with 'Load more' by keyset (a link without JavaScript, appended in place with it). */
function NotificationList({ tab, page, failed }: { tab: NotificationTab; page: NotificationPage; failed: string | null }) {
  const fetcher = useFetcher<NotificationsData>();
  const { entries: items, cursor, loading, loadMore, listRef } = useAppendedPages(page, fetcher.data?.page, fetcher, itemsOf, { keyOf: groupOf });
  const next = cursor ? href(tab, cursor) : null;
  const problem = failed ?? fetcher.data?.failed ?? null;
  return (
    <>
      {items.length === 0 && !problem ? <p className="px-6 py-16 text-center text-muted">{NOTIFICATION_MESSAGES.empty}</p> : null}
      {items.length > 0 ? (
        <ul ref={listRef} aria-label={NOTIFICATION_MESSAGES.tabs[tab]}>
          {items.map((item) => (
            <li key={item.id} tabIndex={-1} className="focus-inset border-b border-line">
              <NotificationRow item={item} />
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <p role="alert" className="px-6 py-8 text-center font-semibold">
          {problem}
        </p>
      ) : null}
      {next && !fetcher.data?.failed ? (
        <LoadMoreLink to={next} loading={loading} onLoad={() => loadMore(next)}>
          {NOTIFICATION_MESSAGES.loadMore}
        </LoadMoreLink>
      ) : null}
    </>
  );
}

const ICONS: Record<NotificationItem["type"], { name: IconName; color: string; filled?: boolean }> = {
  like: { name: "heart", color: "text-rose-500", filled: true },
  repost: { name: "repeat", color: "text-emerald-500" },
  comment: { name: "message-circle", color: "text-accent" },
  mention: { name: "bell", color: "text-accent" },
  follow: { name: "user", color: "text-accent" },
  subscription: { name: "star", color: "text-amber-700 dark:text-amber-500" },
};

/** Where an item leads: the member for a follow or a subscription, else the post. */
function targetOf(item: NotificationItem): string {
  if (item.type === "follow" || item.type === "subscription" || !item.post) return `/profile/${item.actor.username}`;
  return `/post/${item.post.id}`;
}

/**
 * One item: a form whose button opens it (marking it read on the way), so it works without
 * JavaScript; its name is what happened.
 */
function NotificationRow({ item }: { item: NotificationItem }) {
  const icon = ICONS[item.type];
  const others = item.others > 0 ? ` ${NOTIFICATION_MESSAGES.others(item.others)}` : "";
  const did = NOTIFICATION_MESSAGES.did(item.type, item.reply);
  return (
    <Form method="post" action="/notifications">
      <input type="hidden" name="intent" value="notification-open" />
      <input type="hidden" name="id" value={item.id} />
      <input type="hidden" name="to" value={targetOf(item)} />
      <button type="submit" className={`flex w-full gap-3 px-4 py-3 text-left hover:bg-surface ${item.read ? "" : "bg-accent/5"}`}>
        <Icon name={icon.name} filled={icon.filled} className={`mt-1 size-6 shrink-0 ${icon.color}`} />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <Avatar src={item.actor.avatarUrl} size="sm" />
          {/* The sentence is the page's; only the name takes its own direction (an Arabic name does not turn
              'liked your post' around), and a long one is cut to the line (decision 077). The username follows
              it, as in a digest (085): a display name may be anyone's ('Leo Park', 'Murmur'), a username is one
              member's. */}
          <span className="block">
            <span className="inline-flex max-w-full items-center gap-1 align-bottom font-bold" dir="auto">
              <span className="truncate">{item.actor.displayName}</span>
              <VerifiedBadge type={item.actor.verifiedType} />{" "}
              <span className="truncate font-normal text-muted" dir="ltr">{`@${item.actor.username}`}</span>
            </span>
            {`${others} ${did}`}
          </span>
          {item.words ? (
            <span className="block wrap-anywhere text-muted" dir="auto">
              {item.words}
            </span>
          ) : null}
          {item.post && !item.words && item.type !== "follow" ? (
            <span className="block truncate text-sm text-muted" dir="auto">
              {item.post.preview ?? NOTIFICATION_MESSAGES.privatePost}
            </span>
          ) : null}
          <RelativeTime at={item.at} className="text-sm text-muted" />
        </span>
        {item.read ? null : (
          <span className="mt-2 size-2.5 shrink-0 rounded-full bg-accent">
            <span className="sr-only">{NOTIFICATION_MESSAGES.unread}</span>
          </span>
        )}
      </button>
    </Form>
  );
}

import { Link, Outlet, useFetcher, useParams } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { BackToNewest } from "~/components/feed/feed-list";
import { RelativeTime } from "~/components/relative-time";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { SearchForm } from "~/components/ui/search-form";
import { UnreadBadge } from "~/components/unread-badge";
import { VerifiedBadge } from "~/components/verified-badge";
import { useReloadOnMemberEvent } from "~/lib/live-rooms";
import { DM_MESSAGES } from "~/lib/texts/dm";
import type { ConversationFilter, ConversationList, ConversationSummary } from "~/lib/types/message";
import { useAppendedPages } from "~/lib/use-appended-pages";

export type MessagesData = { filter: ConversationFilter; search: string | null; list: ConversationList; failed: string | null; paged: boolean };

/** The list's query (filter and search) as it is kept across its links and the open conversation. */
function listQuery(filter: ConversationFilter, search: string | null, cursor?: string) {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (search) params.set("q", search);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `?${params}` : "";
}

/**
 * /messages (spec document 2 §2): the conversation list beside the open conversation (or 'Select a
 * message'). On a phone they are separate screens: the list alone at /messages, the chat alone when
 * one is open. The list reloads when the member room says a conversation changed.
 */
export function MessagesLayout({ filter, search, list, failed, paged }: MessagesData) {
  const { conversationId } = useParams();
  // A conversation changed (the member room): the list shows it (the open one is not reloaded).
  useReloadOnMemberEvent("inbox");
  return (
    // With a conversation open, the screen's height at every width: its messages scroll in their own box,
    // which opens at their end (ChatPane), and the list beside it in its own. The list alone scrolls with
    // the page below the wide layout.
    <div className={`flex ${conversationId ? "h-[calc(100dvh-3.5rem)]" : "min-h-[calc(100dvh-3.5rem)]"} lg:h-dvh lg:min-h-0`}>
      <section
        aria-label="Conversations"
        className={`${conversationId ? "hidden md:flex md:overflow-y-auto" : "flex"} w-full flex-col border-line md:w-80 md:shrink-0 md:border-r lg:overflow-y-auto`}
      >
        <div className={`sticky ${conversationId ? "top-0" : "top-14"} z-10 border-b border-line bg-bg/90 backdrop-blur short:static lg:top-0`}>
          <h1 className="px-4 py-3 text-xl font-extrabold">Messages</h1>
          <SearchForm action="/messages" label={DM_MESSAGES.search} query={search} keep={filter === "all" ? {} : { filter }} />
          <nav aria-label="Filter conversations" className="flex">
            {(["all", "verified"] as const).map((name) => (
              <Link
                key={name}
                to={`/messages${listQuery(name, search)}`}
                aria-current={name === filter ? "page" : undefined}
                className={`flex-1 py-3 text-center text-sm font-semibold hover:bg-surface ${name === filter ? "border-b-4 border-accent text-fg" : "text-muted"}`}
              >
                {`${name === "all" ? DM_MESSAGES.all : DM_MESSAGES.verifiedOnly} (${list.counts[name]})`}
              </Link>
            ))}
          </nav>
        </div>
        {paged ? <BackToNewest to={`/messages${listQuery(filter, search)}`}>Back to the newest</BackToNewest> : null}
        <Conversations filter={filter} search={search} list={list} failed={failed} openId={conversationId ?? null} />
      </section>
      <div className={`${conversationId ? "flex" : "hidden md:flex"} min-w-0 flex-1 flex-col`}>
        <Outlet />
      </div>
    </div>
  );
}

const conversationsOf = (page: ConversationList) => page.conversations;

function Conversations({ filter, search, list, failed, openId }: Omit<MessagesData, "paged"> & { openId: string | null }) {
  const fetcher = useFetcher<MessagesData>();
  const { entries: rows, cursor, loading, loadMore, listRef } = useAppendedPages(list, fetcher.data?.list, fetcher, conversationsOf);
  const next = cursor ? `/messages${listQuery(filter, search, cursor)}` : null;
  const problem = failed ?? fetcher.data?.failed ?? null;
  const query = listQuery(filter, search);
  return (
    <>
      {rows.length === 0 && !problem ? (
        <div className="px-6 py-16 text-center wrap-anywhere">
          <p className="font-bold">{search ? DM_MESSAGES.noMatches(search) : DM_MESSAGES.noConversations}</p>
          {search ? null : <p className="mt-1 text-sm text-muted">{DM_MESSAGES.noConversationsHint}</p>}
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul ref={listRef} aria-label={filter === "all" ? DM_MESSAGES.all : DM_MESSAGES.verifiedOnly}>
          {rows.map((row) => (
            <li key={row.id} tabIndex={-1} className="focus-inset border-b border-line">
              <ConversationRow row={row} to={`/messages/${row.id}${query}`} open={row.id === openId} />
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
          Load more
        </LoadMoreLink>
      ) : null}
    </>
  );
}

/** A conversation: the other member, the newest message ('You: ' for one's own), its time, the unread badge. */
function ConversationRow({ row, to, open }: { row: ConversationSummary; to: string; open: boolean }) {
  const { other, last } = row;
  // The open one was just marked read (the list may have been read a moment before).
  const unread = open ? 0 : row.unread;
  return (
    // Not prefetched: opening a conversation marks it read.
    <Link to={to} aria-current={open ? "page" : undefined} className={`flex gap-3 px-4 py-3 hover:bg-surface ${open ? "bg-surface" : ""}`}>
      <Avatar src={other.avatarUrl} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-1">
          <span className="truncate font-bold" dir="auto">
            {other.displayName}
          </span>
          <VerifiedBadge type={other.verifiedType} />
          <span className="truncate text-sm text-muted">{`@${other.username}`}</span>
          <RelativeTime at={row.at} className="ml-auto shrink-0 text-xs text-muted" />
        </span>
        <span className="flex items-center gap-2">
          <span className={`truncate text-sm ${unread > 0 ? "font-semibold text-fg" : "text-muted"}`} dir="auto">
            {last ? `${last.mine ? DM_MESSAGES.you : ""}${last.content}` : DM_MESSAGES.empty}
          </span>
          <span className="ml-auto shrink-0">
            <UnreadBadge count={unread} one="unread message" many="unread messages" />
          </span>
        </span>
      </span>
    </Link>
  );
}

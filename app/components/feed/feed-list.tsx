import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { countOf } from "~/lib/format";
import type { FeedPage } from "~/lib/types/post";
import { clearFreshPosts, useFreshPosts, type FreshKind } from "~/lib/live-feed";
import { useAppendedPages } from "~/lib/use-appended-pages";
import { showToast } from "~/lib/toast-store";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { PostCard } from "../post/post-card";

/**
 * A list of posts with keyset pagination: 'Load more' is a link to the next page without JavaScript,
 * and appends that page in place with it. Entries are unique by id, so a page that overlaps an
 * earlier one (new posts arrived meanwhile) shows nothing twice.
 */
export function FeedList({
  page,
  failed = null,
  pageHref,
  empty,
  label,
  fresh = null,
  ranked = false,
}: {
  page: FeedPage;
  /** The page could not be read: the spec's message takes the place of the list. */
  failed?: string | null;
  /** Which posts published since the page loaded belong in this list, to offer them (live updates). */
  fresh?: FreshKind | null;
  /** The address of the page after `cursor` (a loader URL of the same route). */
  pageHref: (cursor: string) => string;
  empty: ReactNode;
  label: string;
  /** Ordered by a score rather than by time (For you). */
  ranked?: boolean;
}) {
  const fetcher = useFetcher<{ page: FeedPage; failed?: string | null }>();
  // A next page that could not be read says so; its cursor stays, so 'Load more' tries again.
  const more = fetcher.data;
  useEffect(() => {
    if (more?.failed) showToast(more.failed, "error");
  }, [more]);
  const { entries: items, cursor, loading, loadMore, listRef } = useAppendedPages(page, fetcher.data?.page, fetcher, itemsOf, { ranked });

  const prompt = fresh ? <NewPostsPrompt kind={fresh} page={page} /> : null;
  if (failed && items.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <p className="font-semibold">{failed}</p>
        <a href="" className="rounded-full px-4 py-2 font-semibold text-accent hover:bg-surface">
          Try again
        </a>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div>
        {prompt}
        {/* What is empty may be named by a member's word (a hashtag, a search): it breaks anywhere. */}
        <div className="px-6 py-16 text-center wrap-anywhere">{empty}</div>
      </div>
    );
  }
  return (
    <div>
      {prompt}
      <div ref={listRef} role="feed" aria-label={label} aria-busy={loading}>
        {items.map((item) => (
          <PostCard key={item.id} item={item} />
        ))}
      </div>
      {cursor ? (
        <LoadMoreLink to={pageHref(cursor)} loading={loading} onLoad={() => loadMore(loaderHref(pageHref(cursor)))}>
          Load more
        </LoadMoreLink>
      ) : (
        <p className="p-6 text-center text-sm text-muted">You're all caught up.</p>
      )}
    </div>
  );
}

const itemsOf = (page: FeedPage) => page.items;

/**
 * 'Show N new posts': posts published since the list's page loaded (the feed room says so, with
 * JavaScript). Showing them reloads the list from the server and goes back to the top; any new first
 * page (this reload, a navigation, a revalidation) starts the count again.
 */
function NewPostsPrompt({ kind, page }: { kind: FreshKind; page: FeedPage }) {
  const count = useFreshPosts(kind);
  const revalidator = useRevalidator();
  useEffect(() => clearFreshPosts(), [page]);
  const shown = count > 0 && revalidator.state === "idle";
  // The live region is always there, so a screen reader announces the button when it appears.
  return (
    <div aria-live="polite" className={shown ? "sticky top-28 z-10 flex justify-center py-2 lg:top-[7.5rem]" : undefined}>
      {shown ? (
        <button
          type="button"
          onClick={() => {
            revalidator.revalidate();
            window.scrollTo({ top: 0 });
          }}
          className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-on-accent shadow-lg"
        >
          {`Show ${countOf(count, "new post", "new posts")}`}
        </button>
      ) : null}
    </div>
  );
}

/** Fetching "/" needs "?index" to reach the home page's loader rather than its layout's. */
function loaderHref(href: string): string {
  const url = new URL(href, "http://murmur.invalid");
  if (url.pathname === "/") url.searchParams.set("index", "");
  return `${url.pathname}${url.search}`;
}

export function FeedEmpty({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="mt-1 text-muted">{text}</p>
    </>
  );
}

/** Above a searched list: what it was searched for, and a way back to the whole list. */
export function SearchedFor({ what, query, clear }: { what: string; query: string; clear: string }) {
  return (
    <p className="flex items-center justify-between gap-3 border-b border-line px-4 py-2 text-sm">
      {/* A long query breaks anywhere, and 'Clear search' keeps its place on the screen (decision 077). */}
      <span className="min-w-0 wrap-anywhere">
        {`${what} matching `}
        <strong>{`“${query}”`}</strong>
      </span>
      <Link to={clear} className="shrink-0 text-accent hover:underline">
        Clear search
      </Link>
    </p>
  );
}

/** Above a later page of a list (opened by 'Load more' without JavaScript): the way back to its first page. */
export function BackToNewest({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="border-b border-line px-4 py-2 text-sm">
      <Link to={to} className="text-accent hover:underline">
        {children}
      </Link>
    </p>
  );
}

import { Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import type { FeedPage } from "~/.server/feed";
import { clearFreshPosts, useFreshPosts, type FreshKind } from "~/lib/live-feed";
import { uniqueById, useAppendedPages } from "~/lib/use-appended-pages";
import { showToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
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
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ page: FeedPage; failed?: string | null }>();
  const loading = fetcher.state !== "idle";
  // A next page that could not be read says so; its cursor stays, so 'Load more' tries again.
  const more = fetcher.data;
  useEffect(() => {
    if (more?.failed) showToast(more.failed, "error");
  }, [more]);
  const pages = useAppendedPages(page, fetcher.data?.page, loading);
  const items = uniqueById(pages.flatMap((p) => p.items));
  const cursor = pages.at(-1)?.nextCursor ?? null;

  const prompt = fresh ? <NewPostsPrompt kind={fresh} /> : null;
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
        <div className="px-6 py-16 text-center">{empty}</div>
      </div>
    );
  }
  return (
    <div>
      {prompt}
      <div role="feed" aria-label={label} aria-busy={loading}>
        {items.map((item) => (
          <PostCard key={item.id} item={item} />
        ))}
      </div>
      {cursor ? (
        <div className="flex justify-center border-b border-line p-4">
          <Link
            to={pageHref(cursor)}
            preventScrollReset
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              if (!loading) fetcher.load(loaderHref(pageHref(cursor)));
            }}
            aria-disabled={loading || undefined}
            className="rounded-full px-4 py-2 font-semibold text-accent hover:bg-surface"
          >
            {loading ? "Loading..." : "Load more"}
          </Link>
        </div>
      ) : (
        <p className="p-6 text-center text-sm text-muted">You're all caught up.</p>
      )}
    </div>
  );
}

/**
 * 'Show N new posts': posts published since the page loaded (the feed room says so, with JavaScript).
 * Showing them reloads the list from the server and goes back to the top.
 */
function NewPostsPrompt({ kind }: { kind: FreshKind }) {
  const count = useFreshPosts(kind);
  const revalidator = useRevalidator();
  if (count === 0) return null;
  return (
    <div className="sticky top-28 z-10 flex justify-center py-2 lg:top-[7.5rem]">
      <button
        type="button"
        onClick={() => {
          clearFreshPosts();
          revalidator.revalidate();
          window.scrollTo({ top: 0 });
        }}
        className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-white shadow-lg"
        aria-live="polite"
      >
        Show {count} new {count === 1 ? "post" : "posts"}
      </button>
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
      <p className="text-xl font-bold">{title}</p>
      <p className="mt-1 text-muted">{text}</p>
    </>
  );
}

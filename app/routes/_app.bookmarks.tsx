import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { loadBookmarksPage } from "~/.server/bookmarks";
import { searchQueryOf } from "~/.server/posts/search";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackToNewest, FeedEmpty, FeedList, SearchedFor } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import { SearchForm } from "~/components/ui/search-form";
import { BOOKMARK_MESSAGES } from "~/lib/texts/bookmark";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { publicFeedHandle } from "~/lib/live-rooms";

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

export const meta: MetaFunction = () => [{ title: "Bookmarks | Murmur" }];

/** /bookmarks: the member's bookmarked posts, newest bookmark first, searchable by ?q= (decision 029). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = searchQueryOf(url.searchParams.get("q"));
  const cursor = url.searchParams.get("cursor");
  const loaded = loadBookmarksPage(context, { cursor, query });
  await requireUser(request, context);
  const { page, failed } = await loaded;
  return { query, page, failed, paged: Boolean(cursor) };
}

/**
 * Un-bookmarking a card is quiet (decision 029): with JavaScript the card stays, shown un-bookmarked,
 * so a slip is undone with the same button; the next visit no longer lists it. Without JavaScript the
 * page comes back from the server, without the card.
 */
export const shouldRevalidate = skipQuietRevalidation;

function href(query: string | null, cursor?: string) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `/bookmarks?${params}` : "/bookmarks";
}

export default function Bookmarks() {
  const { query, page, failed, paged } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Bookmarks">
        <SearchForm action="/bookmarks" label={BOOKMARK_MESSAGES.search} query={query} />
      </PageHeader>
      {query ? (
        <SearchedFor what="Bookmarks" query={query} clear={href(null)} />
      ) : null}
      {paged ? (
        <BackToNewest to={href(query)}>Back to the newest bookmarks</BackToNewest>
      ) : null}
      <FeedList
        page={page}
        failed={failed}
        label="Bookmarks"
        pageHref={(cursor) => href(query, cursor)}
        empty={
          query ? (
            <FeedEmpty title={BOOKMARK_MESSAGES.noMatchTitle(query)} text={BOOKMARK_MESSAGES.noMatchText} />
          ) : (
            <FeedEmpty title={BOOKMARK_MESSAGES.emptyTitle} text={BOOKMARK_MESSAGES.emptyText} />
          )
        }
      />
    </div>
  );
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

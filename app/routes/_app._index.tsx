import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { loadMemberFeed, loadMemberFeedAfter } from "~/.server/feed-load";
import { followingRead, followingSearchFirst, followingSearchThen } from "~/.server/posts/following";
import { forYouRead } from "~/.server/posts/for-you";
import { searchQueryOf, searchTermsOf } from "~/.server/posts/search";
import { BackToNewest, FeedEmpty, FeedList, SearchedFor } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicFeedHandle } from "~/lib/live-rooms";

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

export const meta: MetaFunction = () => [
  { title: "Home | Murmur" },
  { name: "description", content: "What the people you follow and everyone on Murmur are posting now." },
];

type Tab = "for-you" | "following";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "following" ? "following" : "for-you";
  const query = searchQueryOf(url.searchParams.get("q"));
  const options = { cursor: url.searchParams.get("cursor"), query };
  // Following's search reads its plan with the session, and the page then or with it (docs/decisions/060,
  // 064); a query with nothing to search finds nothing at once.
  const feed =
    tab === "following" && query && searchTermsOf(query)
      ? loadMemberFeedAfter(
          context,
          (viewer) => followingSearchFirst(context.db, viewer, query, options),
          (answers) => followingSearchThen(answers, context.db, options),
          options.cursor,
        )
      : loadMemberFeed(context, (viewer) => (tab === "following" ? followingRead : forYouRead)(context.db, viewer, options), options.cursor);
  await requireUser(request, context);
  const { page, failed } = await feed;
  return { tab, query, page, failed, paged: Boolean(options.cursor) };
}

export const shouldRevalidate = skipQuietRevalidation;

function href(tab: Tab, query: string | null, cursor?: string) {
  const params = new URLSearchParams();
  if (tab === "following") params.set("tab", "following");
  if (query) params.set("q", query);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `/?${params}` : "/";
}

/** Home: 'For you' and 'Following' (tabs are links), optionally filtered by ?q= (spec document 1 §2.5). */
export default function Home() {
  const { tab, query, page, failed, paged } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Home">
        <nav aria-label="Feeds" className="flex border-b border-line">
          {(
            [
              ["for-you", "For you"],
              ["following", "Following"],
            ] as const
          ).map(([value, label]) => (
            <Link
              key={value}
              to={href(value, query)}
              aria-current={tab === value ? "page" : undefined}
              className={`flex-1 py-3 text-center font-semibold hover:bg-surface ${tab === value ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      </PageHeader>
      {query ? (
        <SearchedFor what="Posts" query={query} clear={href(tab, null)} />
      ) : null}
      {paged ? (
        <BackToNewest to={href(tab, query)}>Back to the newest posts</BackToNewest>
      ) : null}
      <FeedList
        page={page}
        failed={failed}
        label={tab === "following" ? "Following" : "For you"}
        ranked={tab === "for-you"}
        // Every new post belongs in 'For you'; who a member follows is the server's to know.
        fresh={tab === "for-you" && !query ? "all" : null}
        pageHref={(cursor) => href(tab, query, cursor)}
        empty={<FeedEmpty title="No posts to show yet." text="Follow some users or create your first post!" />}
      />
    </div>
  );
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

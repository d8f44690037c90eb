import { Link } from "@remix-run/react";
import { BackToNewest, FeedList, SearchedFor } from "~/components/feed/feed-list";
import { Icon } from "~/components/icon";
import { PageHeader } from "~/components/page-header";
import { PostCard } from "~/components/post/post-card";
import { MemberRow } from "~/components/profile/follow-list";
import { EXPLORE_TABS, exploreHref, type ExplorePath, type ExploreTab } from "~/lib/explore";
import { countOf } from "~/lib/format";
import { EXPLORE_MESSAGES } from "~/lib/texts/explore";
import type { ExploreData, TrendView } from "~/lib/types/explore";
import type { FeedPage } from "~/lib/types/post";
import { ExploreSearch } from "./explore-search";

const sectionHeading = "px-4 pt-4 pb-2 text-xl font-extrabold";

export const exploreTitle = (path: ExplorePath) => (path === "/trending" ? "Trending" : "Explore");

/** The document title: the view's, with the search when there is one. */
export function exploreMeta(data: ExploreData | undefined) {
  const title = exploreTitle(data?.path ?? "/explore");
  return [{ title: data?.query ? `${data.query} - ${title} | Murmur` : `${title} | Murmur` }];
}

/**
 * /explore and /trending (spec document 1 §2.8): the search box and the tabs; with a query, People
 * and Posts; without, Popular Posts, 'Recommended for You' (coming soon) and trending hashtags.
 */
export function ExplorePage(data: ExploreData) {
  const { path, query, tab } = data;
  return (
    <div>
      <PageHeader title={exploreTitle(path)}>
        <ExploreSearch path={path} query={query} tab={tab} />
        <ExploreTabs path={path} query={query} tab={tab} />
      </PageHeader>
      {query ? <SearchResults {...data} query={query} /> : <Discover {...data} />}
    </div>
  );
}

/** Links, so they work without JavaScript; each keeps the search. */
function ExploreTabs({ path, query, tab }: { path: ExplorePath; query: string | null; tab: ExploreTab }) {
  return (
    <nav aria-label={EXPLORE_MESSAGES.tabsLabel} className="flex overflow-x-auto">
      {EXPLORE_TABS.map((each) => (
        <Link
          key={each}
          to={exploreHref(path, { q: query, tab: each })}
          aria-current={each === tab ? "page" : undefined}
          className={`flex-1 px-3 py-3 text-center font-semibold whitespace-nowrap hover:bg-surface ${each === tab ? "border-b-4 border-accent text-fg" : "text-muted"}`}
        >
          {EXPLORE_MESSAGES.tabs[each]}
        </Link>
      ))}
    </nav>
  );
}

function SearchResults({ path, query, tab, people, page, failed, paged }: ExploreData & { query: string }) {
  const pageHref = (cursor: string) => exploreHref(path, { q: query, tab, cursor });
  // Nothing found at all: the spec's one empty text rather than two empty sections.
  const nothing = !failed && !paged && page.items.length === 0 && !people?.length;
  return (
    <>
      <SearchedFor what="Results" query={query} clear={exploreHref(path, { tab })} />
      {paged ? <BackToNewest to={exploreHref(path, { q: query, tab })}>{EXPLORE_MESSAGES.backToFirst}</BackToNewest> : null}
      {nothing ? (
        <div className="px-6 py-16 text-center">
          <h2 className="text-xl font-bold">{EXPLORE_MESSAGES.noResults}</h2>
          <p className="mt-1 text-muted">{EXPLORE_MESSAGES.noResultsText}</p>
        </div>
      ) : (
        <>
          {people?.length ? (
            <section aria-labelledby="explore-people" className="border-b border-line">
              <h2 id="explore-people" className={sectionHeading}>
                {EXPLORE_MESSAGES.people}
              </h2>
              <ul aria-label={EXPLORE_MESSAGES.people}>
                {people.map((member) => (
                  <MemberRow key={member.id} member={member} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="explore-posts">
            <h2 id="explore-posts" className={sectionHeading}>
              {EXPLORE_MESSAGES.posts}
            </h2>
            <FeedList
              page={page}
              failed={failed}
              label={EXPLORE_MESSAGES.posts}
              pageHref={pageHref}
              empty={<p className="text-muted">{EXPLORE_MESSAGES.noResults}</p>}
            />
          </section>
        </>
      )}
    </>
  );
}

function Discover({ page, trends, failed, tab }: ExploreData) {
  return (
    <>
      <section aria-labelledby="popular-posts" className="border-b border-line">
        <h2 id="popular-posts" className={sectionHeading}>
          {EXPLORE_MESSAGES.popularPosts}
        </h2>
        <PopularPosts page={page} failed={failed} />
      </section>
      <section aria-labelledby="recommended" className="border-b border-line">
        <h2 id="recommended" className={`${sectionHeading} flex items-center gap-2`}>
          {EXPLORE_MESSAGES.recommended}
          <span className="rounded-full bg-surface px-2.5 py-0.5 text-sm font-semibold text-muted">{EXPLORE_MESSAGES.comingSoon}</span>
        </h2>
        <p className="px-4 pb-4 text-muted">{EXPLORE_MESSAGES.recommendedText}</p>
      </section>
      <section aria-labelledby="trending-hashtags">
        <h2 id="trending-hashtags" className={sectionHeading}>
          {EXPLORE_MESSAGES.trendingHashtags}
        </h2>
        <TrendingHashtags trends={trends} failed={Boolean(failed)} tab={tab} />
      </section>
    </>
  );
}

/** The tab's most viewed posts of the week, in that order (one short list: no 'Load more'). */
function PopularPosts({ page, failed }: { page: FeedPage; failed: string | null }) {
  if (failed) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <p className="font-semibold">{failed}</p>
        <a href="" className="rounded-full px-4 py-2 font-semibold text-accent hover:bg-surface">
          Try again
        </a>
      </div>
    );
  }
  if (page.items.length === 0) return <p className="px-4 pb-4 text-muted">{EXPLORE_MESSAGES.noPopularPosts}</p>;
  return (
    <div role="feed" aria-label={EXPLORE_MESSAGES.popularPosts}>
      {page.items.map((item) => (
        <PostCard key={item.id} item={item} />
      ))}
    </div>
  );
}

/** Each opens its hashtag page; the count as cards show counts (K/M). */
function TrendingHashtags({ trends, failed, tab }: { trends: TrendView[]; failed: boolean; tab: ExploreTab }) {
  if (failed) return null;
  if (trends.length === 0) return <p className="px-4 pb-4 text-muted">{EXPLORE_MESSAGES.noTrends}</p>;
  return (
    <ol aria-label={`${EXPLORE_MESSAGES.trendingHashtags}: ${EXPLORE_MESSAGES.tabs[tab]}`} className="pb-2">
      {trends.map((trend) => (
        <li key={trend.hashtag}>
          <Link to={`/hashtag/${encodeURIComponent(trend.hashtag)}`} className="flex items-center gap-3 px-4 py-2.5 hover:bg-surface">
            <Icon name="trending-up" className="size-4 text-muted" />
            <span className="flex flex-col">
              <span className="font-bold">{`#${trend.hashtag}`}</span>
              <span className="text-sm text-muted">{countOf(trend.postsCount, "post", "posts")}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

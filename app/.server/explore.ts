import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, desc, eq, sql } from "drizzle-orm";
import { EXPLORE_PEOPLE_CANDIDATES, EXPLORE_PEOPLE_LIMIT, EXPLORE_POSTS_PAGE_SIZE, EXPLORE_TRENDS_SHOWN } from "~/lib/constants";
import { explorePathOf, exploreTabOf, type ExplorePath, type ExploreTab } from "~/lib/explore";
import { EXPLORE_MESSAGES } from "~/lib/texts/explore";
import { hashtagOf } from "~/lib/text";
import type { ExploreData, TrendView } from "~/lib/types/explore";
import type { FeedPage } from "~/lib/types/post";
import type { FollowListEntry } from "~/lib/types/profile";
import { requireUser } from "./auth/guards";
import type { Db } from "./db/client";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { hashtagTrends, users } from "./db/schema";
import { loadFeedPage } from "./feed-load";
import { USERS_ID } from "./follows";
import { hashtagPostsRead } from "./hashtags";
import { popularPostsRead } from "./popular-posts";
import { viewerMarks } from "./profiles";
import { blockedPairSql } from "./posts/access";
import { cardsRead } from "./posts/cards";
import { searchedPosts, searchQueryOf, searchTermsOf } from "./posts/search";
import { hasUsername } from "./users";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Explore (spec document 1 §2.8, §7; docs/decisions/034-explore.md). With a query: people by their
 * username, display name or bio (users_fts), and posts by their words or hashtags (`searchedPosts`,
 * decision 016's parsing and access rule), or only a hashtag's posts when the query is '#tag'. Without
 * one: the tab's popular posts (./popular-posts.ts) and trending hashtags. Every read is prepared, goes
 * through the one card builder, and travels with the session's round trip (026).
 */

/** The tag a query names when it is only '#tag' (searched exactly, as the hashtag page lists it). */
export function exploreTagOf(query: string): string | null {
  return /^[#＃]/.test(query) ? hashtagOf(query) : null;
}

const PEOPLE = { words: param("peopleWords"), names: param("peopleNames"), exact: sql`${param("peopleExact")}` };

type PersonRow = Omit<FollowListEntry, "followed" | "isSelf"> & { followed: number; isSelf: number };

/**
 * Members with every word of the query in their username, display name or bio (word beginnings from
 * SEARCH_PREFIX_MIN_LENGTH characters, shorter words whole), EXPLORE_PEOPLE_LIMIT at most: the member
 * whose username it is first, then those it names (every word in the username or display name) before
 * those only their bio mentions, then the most followed. Ranking reads every candidate's row, so it
 * ranks the first EXPLORE_PEOPLE_CANDIDATES matches users_fts lists (a common first name matches
 * thousands of members), plus the member named exactly; none in a block with the viewer (decision
 * 100). Null when nothing in the query is searchable.
 */
export function peopleRead(db: Db, viewer: Viewer, query: string): Read<FollowListEntry[]> | null {
  const terms = searchTermsOf(query);
  if (!terms) return null;
  const read = selectRead<PersonRow>(
    db,
    `explore:people:${viewerKey(viewer)}`,
    () => {
      const marks = viewerMarks(viewer, USERS_ID);
      const me = viewerSql(viewer);
      const fields = {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        bio: users.bio,
        // Named: a batch answers rows by column name (008).
        followed: marks.followed.as("person_followed"),
        isSelf: marks.isSelf.as("person_is_self"),
      };
      const query = db
        .select(fields)
        .from(users)
        .where(
          and(
            viewerPresentSql(viewer),
            sql`(${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${PEOPLE.words} LIMIT ${EXPLORE_PEOPLE_CANDIDATES}) OR ${hasUsername(PEOPLE.exact)})`,
            // Never a member in a block with the viewer (decision 100).
            me ? sql`NOT ${blockedPairSql(me, USERS_ID)}` : undefined,
          ),
        )
        .orderBy(
          sql`${hasUsername(PEOPLE.exact)} DESC`,
          sql`${users}.rowid IN (SELECT rowid FROM users_fts WHERE users_fts MATCH ${PEOPLE.names}) DESC`,
          desc(users.followersCount),
          users.id,
        )
        .limit(EXPLORE_PEOPLE_LIMIT);
      return { fields, query };
    },
    { ...viewerValues(viewer), peopleWords: terms.names.beginnings, peopleNames: `{username display_name}: (${terms.names.beginnings})`, peopleExact: query.replace(/^@/, "") },
  );
  return mapRead(read, (rows) => rows.map((row) => ({ ...row, followed: Boolean(row.followed), isSelf: Boolean(row.isSelf) })));
}

/** The search's posts, newest first: by words or hashtag (`searchedPosts`), or exactly one hashtag's posts. */
export function searchPostsRead(db: Db, viewer: Viewer, query: string, cursor: string | null): Read<FeedPage> {
  const tag = exploreTagOf(query);
  const options = { cursor, limit: EXPLORE_POSTS_PAGE_SIZE };
  return tag ? hashtagPostsRead(db, viewer, tag, options) : cardsRead(db, viewer, [searchedPosts(query)], options);
}

/** The tab's trending hashtags by post count then growth (§7 hashtag_trends), EXPLORE_TRENDS_SHOWN at most. */
export function exploreTrendsRead(db: Db, tab: ExploreTab): Read<TrendView[]> {
  const fields = { hashtag: hashtagTrends.hashtag, postsCount: hashtagTrends.postsCount };
  return selectRead<TrendView>(
    db,
    `explore:trends:${tab === "trending" ? "all" : "category"}`,
    () => ({
      fields,
      query: db
        .select(fields)
        .from(hashtagTrends)
        .where(tab === "trending" ? undefined : eq(hashtagTrends.category, param("trendCategory")))
        .orderBy(desc(hashtagTrends.postsCount), desc(hashtagTrends.growthRate))
        .limit(EXPLORE_TRENDS_SHOWN),
    }),
    tab === "trending" ? {} : { trendCategory: tab },
  );
}

export type ExploreRequest = { path: ExplorePath; query: string | null; tab: ExploreTab; cursor: string | null; now?: number };

type Loaded = Pick<ExploreData, "people" | "page" | "trends" | "failed">;

/**
 * A search: its posts, and the people it finds on its first page (not for a '#tag' query, which asks
 * for posts with the tag). A failure says 'Search failed. Please try again.' in the page (§8), with the
 * cursor kept so 'Load more' can try again.
 */
async function loadSearch(context: AppLoadContext, query: string, cursor: string | null): Promise<Loaded> {
  const withPeople = !cursor && !exploreTagOf(query);
  // Only punctuation finds nobody (and no posts): an empty People list, not an unasked one.
  let people: FollowListEntry[] | null = withPeople ? [] : null;
  const { page, failed } = await loadFeedPage(
    async () => {
      const answers = await context.readAsMember((viewer) => {
        const posts = searchPostsRead(context.db, viewer, query, cursor);
        const found = withPeople ? peopleRead(context.db, viewer, query) : null;
        return found ? ([posts, found] as const) : ([posts] as const);
      });
      if (answers?.length === 2) people = answers[1];
      return answers?.[0] ?? { items: [], nextCursor: cursor };
    },
    cursor,
    EXPLORE_MESSAGES.searchFailed,
  );
  return { people: failed ? null : people, page, trends: [], failed };
}

/** Without a query: the tab's popular posts and trending hashtags; a failure is the feed's text (015). */
async function loadDiscover(context: AppLoadContext, tab: ExploreTab, now: number): Promise<Loaded> {
  let trends: TrendView[] = [];
  const { page, failed } = await loadFeedPage(async () => {
    const answers = await context.readAsMember((viewer) => [popularPostsRead(context.db, viewer, tab, now), exploreTrendsRead(context.db, tab)] as const);
    trends = answers?.[1] ?? [];
    return answers?.[0] ?? { items: [], nextCursor: null };
  }, null);
  return { people: null, page, trends: failed ? [] : trends, failed };
}

/**
 * The explore view's reads, handed to the session's round trip (026): call before awaiting anything,
 * then `requireUser`.
 */
export async function loadExplorePage(context: AppLoadContext, request: ExploreRequest): Promise<ExploreData> {
  const { path, query, tab, cursor } = request;
  const loaded = query ? await loadSearch(context, query, cursor) : await loadDiscover(context, tab, request.now ?? Date.now());
  return { path, query, tag: query ? exploreTagOf(query) : null, tab, paged: Boolean(query && cursor), ...loaded };
}

/** The loader of /explore and /trending (one view, spec document 1 §2.1): members only. */
export async function exploreLoader({ request, context }: LoaderFunctionArgs): Promise<ExploreData> {
  const url = new URL(request.url);
  const loaded = loadExplorePage(context, {
    path: explorePathOf(url.pathname),
    query: searchQueryOf(url.searchParams.get("q")),
    tab: exploreTabOf(url.searchParams.get("tab")),
    cursor: url.searchParams.get("cursor"),
  });
  await requireUser(request, context);
  return loaded;
}

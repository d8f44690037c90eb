import { sql, type Placeholder, type SQL } from "drizzle-orm";
import {
  FOLLOWING_SCAN_MIN_FOLLOWS,
  FEED_PAGE_SIZE,
  FOLLOWING_SEARCH_AUTHOR_TERMS,
  FOLLOWING_SEARCH_FEW_MATCHES,
  FOLLOWING_SEARCH_HINTS_MAX,
  FOLLOWING_SEARCH_NEAR_MATCHES,
  FOLLOWING_SEARCH_PROBE_MAX_POSTS,
  FOLLOWING_SEARCH_SAMPLE,
  FOLLOWING_SEARCH_WIDE_SHARE,
} from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import type { Db } from "../db/client";
import { mapRead, runRead, runReads, selectRead, type Read } from "../db/reads";
import { follows, postHashtags, posts, users } from "../db/schema";
import { isolateHints } from "../hints";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "../viewer";
import { notMutedSql, originalNotMutedSql, repostInAudienceSql, subscriberRuleSql } from "./access";
import { authorsPageIds } from "./authors-page";
import { cardsRead, olderThan, P, type CardCondition, type ConditionContext, type ListOptions } from "./cards";
import { beforeOf } from "./cursors";
import {
  hasWordsSql,
  isNamed,
  listedOriginal,
  cursorRowidSql,
  matchesNothing,
  n,
  namedForCte,
  originalMatchesSql,
  type CoveredWords,
  postWordsMatch,
  repostsWordsPage,
  searchedReposts,
  searchedTag,
  searchTag,
  searchTermsOf,
  searchWhole,
  searchWords as boundWords,
  homeWordValues,
  searchBeginnings,
  tagPage,
  wholeFound,
  withMe,
  wordsPage,
  wordsQuery,
  type SearchTerms,
} from "./search";

/**
 * Following (docs/decisions/010-following-feed.md): posts and reposts by the people the viewer follows,
 * newest first, never the viewer's own.
 */

/** The ids of the members the reader follows (Following is only ever read by a member), with `also` if given. */
function followed(viewer: SQL | null, also?: SQL) {
  return sql`SELECT ${follows.followingId} FROM ${follows} WHERE ${follows.followerId} = ${viewer}${also ? sql` AND ${also}` : sql``}`;
}

/** The posts with the search's tag. */
const tagged = sql`SELECT ${postHashtags.postId} FROM ${postHashtags} WHERE ${postHashtags.hashtag} = ${searchTag}`;

/** Whether the member whose id is `userId` is one the reader follows. */
function isFollowed(viewer: SQL | null, userId: SQL) {
  return sql`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${viewer} AND ${follows.followingId} = ${userId})`;
}

/**
 * Following's search reads its plan in the session's trip, then the page the plan says how to find,
 * with the plan's choices written into its statement (docs/decisions/060, 061); for a query without a
 * tag the authors way's page rides the first trip too, and stands when the plan says authors (064), and
 * for a member known to follow many so does the wide way's, which stands when the plan says wide and it
 * found a whole page (111).
 */
export type SearchPlan = {
  /** Whole words (a post anyone may see has them all: `wholeFound`), else word beginnings. */
  whole: boolean;
  /**
   * authors: the viewer follows 1 to FOLLOWING_SEARCH_AUTHOR_TERMS people; wide: the followed members
   * wrote at least 1 in FOLLOWING_SEARCH_WIDE_SHARE of the newest FOLLOWING_SEARCH_SAMPLE matches (of
   * the newest posts, for word beginnings, which FTS5 would gather in full); narrow: neither. Sampling
   * the matches, not the newest posts, keeps a burst of other members' posts (the benchmark's writes)
   * from turning a walk of a few hundred matches into a read of thousands of followed posts.
   */
  way: "authors" | "wide" | "narrow";
  /** At most FOLLOWING_SEARCH_FEW_MATCHES posts have the tag. */
  fewTagged: boolean;
  /**
   * The followed members wrote at most FOLLOWING_SEARCH_PROBE_MAX_POSTS posts. Counted only where a way
   * asks (the narrow way; the authors way with a tag); false elsewhere (decision 111).
   */
  fewPosts: boolean;
  /**
   * The wide way only, with whole words: fewer reposts were written (before the cursor's post) since the
   * (page size + 1)-th newest match by a followed member among the sampled ones than the viewer follows
   * members. The page's oldest post is no older than that match, so its reposts are found by walking
   * every repost since, not each followed member's (decision 062). Should that not hold (a post's rowid
   * and id disagree, a page of another size, posts changed between the two trips), the walk is longer:
   * slower, never wrong.
   */
  across: boolean;
  /**
   * The wide and narrow ways: at most FOLLOWING_SEARCH_FEW_MATCHES reposts have an original with the
   * words (reposts_fts). Their followed members' reposts are then read from reposts_fts, each reposter looked
   * up; else walked, each original tested (decision 063). The authors way always reads reposts_fts.
   */
  fewReposts: boolean;
};

type PlanRow = { whole: number; sampled: number; authors: number; many: number; fewTagged: number; fewPosts: number; across: number; fewReposts: number };

/**
 * The sessions (or, read by id, the members) whose last search's plan in this isolate found them
 * following more than FOLLOWING_SEARCH_AUTHOR_TERMS people: only for them does the session's trip also
 * read the wide way's page (decision 111), which would cost the others a statement for nothing. A hint
 * (`isolateHints`): wrong or missing, it costs a statement or a round trip, and the plan still decides
 * what is shown. Only "follows many" is kept, so a flood of made-up sessions cannot push real ones out.
 */
const followsMany = isolateHints<true>(FOLLOWING_SEARCH_HINTS_MAX);
const hintKey = (viewer: NonNullable<Viewer>) => (typeof viewer === "string" ? viewer : viewer.session);

/** How many members the member whose id is `userId` follows (0 for no one). */
const followingCountOf = (userId: SQL | null) => sql`coalesce((SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${userId}), 0)`;

/** Whether a viewer who follows `following` members reads Following's search by author (decision 061): the plan's and the page read at once's one test (064). */
const readsByAuthors = (following: SQL) => sql`${following} BETWEEN 1 AND ${n(FOLLOWING_SEARCH_AUTHOR_TERMS)}`;

/** Whether they follow more than the authors way takes: the sample, the wide way read at once and its hint (111) ask. */
const followsManySql = (following: SQL) => sql`${following} > ${n(FOLLOWING_SEARCH_AUTHOR_TERMS)}`;

/**
 * Whether fewer reposts were written since the post `since` (and before the cursor's, `older`) than
 * the viewer follows members: their reposts are then walked across (decision 062), counting stopping there.
 */
const fewerRepostsSinceSql = (since: SQL, older: SQL, following: SQL) => sql`(SELECT count(*) FROM (SELECT 1 FROM ${posts} AS w INDEXED BY posts_reposts_idx
              WHERE w.reposted_from_post_id IS NOT NULL AND w.community_id IS NULL AND w.id > ${since}${older}
              LIMIT ${following})) < ${following}`;

/** The plan of a page of Following's search; null when nothing in the query is searchable. */
export function followingSearchPlanRead(db: Db, viewer: NonNullable<Viewer>, query: string, cursor: string | null): Read<SearchPlan> | null {
  const terms = searchTermsOf(query);
  if (!terms) return null;
  const before = beforeOf(cursor);
  const tag = searchedTag(terms) !== null;
  const read = selectRead<PlanRow>(
    db,
    `following-search-plan:${viewerKey(viewer)}:${before ? "older" : "newest"}:${tag ? "tag" : "words"}`,
    () => {
      const me = viewerSql(viewer);
      const following = followingCountOf(me);
      const fields = {
        whole: sql<number>`planned.whole`.as("plan_whole"),
        sampled: sql<number>`planned.sampled`.as("plan_sampled"),
        authors: sql<number>`${readsByAuthors(following)}`.as("plan_authors"),
        many: sql<number>`${followsManySql(following)}`.as("plan_many"),
        fewTagged: sql<number>`NOT EXISTS (${tagged} LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_FEW_MATCHES)})`.as("plan_few_tagged"),
        // The page's oldest post is no older than `edge`; counting the reposts since stops at the
        // followed members' count.
        across: sql<number>`CASE WHEN planned.edge IS NOT NULL AND planned.sampled * ${n(FOLLOWING_SEARCH_WIDE_SHARE)} >= ${n(FOLLOWING_SEARCH_SAMPLE)} AND planned.whole THEN ${fewerRepostsSinceSql(
          sql`planned.edge`,
          olderThan(before ? P.before : null, "w.id"),
          following,
        )} ELSE 0 END`.as(
          "plan_across",
        ),
        // Asked by the narrow way, and by the authors way only with a tag: counting a heavy follower's
        // 1 001 posts took 0.3 ms.
        fewPosts: sql<number>`CASE WHEN ${tag ? sql`0` : readsByAuthors(following)} OR planned.sampled * ${n(FOLLOWING_SEARCH_WIDE_SHARE)} >= ${n(FOLLOWING_SEARCH_SAMPLE)} THEN 0
          ELSE (SELECT count(*) FROM (SELECT 1 FROM ${posts} AS counted INDEXED BY posts_user_idx
            WHERE counted.user_id IN (${followed(me)}) AND counted.community_id IS NULL LIMIT ${n(FOLLOWING_SEARCH_PROBE_MAX_POSTS + 1)})) <= ${n(FOLLOWING_SEARCH_PROBE_MAX_POSTS)} END`.as(
          "plan_few_posts",
        ),
        // The words as the page binds them (`planValues`): whole, or every word's beginning. Not asked
        // for the authors way, which reads reposts_fts however many.
        fewReposts: sql<number>`CASE WHEN ${followsManySql(following)} THEN NOT EXISTS (SELECT 1 FROM reposts_fts
            WHERE reposts_fts MATCH (CASE WHEN planned.whole THEN ${searchWhole} ELSE ${searchBeginnings} END) LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_FEW_MATCHES)}) ELSE 0 END`.as(
          "plan_few_reposts",
        ),
      };
      // The sample: the newest FOLLOWING_SEARCH_SAMPLE matches (whole words; else the newest posts),
      // before the cursor's post (by rowid, and by id: a cursor whose post is gone bounds no rowid); of
      // them, those by followed members (and, for `edge`, that the viewer may see: the subscriber rule),
      // counted only as far as both uses need. `sampled`: wide when 1 in FOLLOWING_SEARCH_WIDE_SHARE
      // are; `edge`: the (page size + 1)-th newest, with whole words (the page's oldest post is no
      // older). Read once: its LIMIT keeps SQLite from copying it into each column that names it.
      const counted = Math.max(FEED_PAGE_SIZE + 1, FOLLOWING_SEARCH_SAMPLE / FOLLOWING_SEARCH_WIDE_SHARE);
      const sample = sql`SELECT id FROM (
          SELECT id, user_id, is_subscriber_only FROM (SELECT s.id AS id, s.user_id AS user_id, s.is_subscriber_only AS is_subscriber_only
            FROM posts_fts CROSS JOIN ${posts} AS s ON s.rowid = posts_fts.rowid
            WHERE posts_fts MATCH ${searchWhole}${before ? sql` AND posts_fts.rowid < ${cursorRowidSql(P.before)}` : sql``}
            ORDER BY posts_fts.rowid DESC LIMIT CASE WHEN ${wholeFound} THEN ${n(FOLLOWING_SEARCH_SAMPLE)} ELSE 0 END)
          UNION ALL
          SELECT id, user_id, 0 FROM (SELECT s.id AS id, s.user_id AS user_id FROM ${posts} AS s INDEXED BY posts_home_idx
            WHERE s.community_id IS NULL${olderThan(before ? P.before : null, "s.id")}
            ORDER BY s.id DESC LIMIT CASE WHEN ${wholeFound} THEN 0 ELSE ${n(FOLLOWING_SEARCH_SAMPLE)} END)
        ) AS sampled WHERE ${isFollowed(me, sql`sampled.user_id`)} AND ${subscriberRuleSql(me, sql`sampled.user_id`, sql`sampled.is_subscriber_only`, P.now)}${olderThan(before ? P.before : null, "sampled.id")}
        LIMIT CASE WHEN ${followsManySql(following)} THEN ${n(counted)} ELSE 0 END`;
      const planned = sql`(SELECT ${wholeFound} AS whole, count(*) AS sampled, CASE WHEN count(*) >= ${n(FEED_PAGE_SIZE + 1)} THEN min(id) END AS edge
        FROM (${sample}) LIMIT 1) AS planned`;
      return { fields, query: db.select(fields).from(planned) };
    },
    {
      ...viewerValues(viewer),
      ...homeWordValues(terms),
      searchTag: searchedTag(terms),
      before,
      now: Date.now(),
    },
  );
  return mapRead(read, ([row]) => {
    if (row?.many) followsMany.set(hintKey(viewer), true);
    else followsMany.forget(hintKey(viewer));
    const way =
      row?.authors
        ? "authors"
        : (row?.sampled ?? 0) * FOLLOWING_SEARCH_WIDE_SHARE >= FOLLOWING_SEARCH_SAMPLE
          ? "wide"
          : "narrow";
    return {
      whole: Boolean(row?.whole),
      way,
      fewTagged: Boolean(row?.fewTagged),
      fewPosts: Boolean(row?.fewPosts),
      across: way === "wide" && Boolean(row?.across),
      fewReposts: way !== "authors" && Boolean(row?.fewReposts),
    };
  });
}

/** What a planned search binds: its words as the plan says, its tag, its name. */
function planValues(terms: SearchTerms, plan: SearchPlan): Record<string, unknown> {
  return {
    searchWords: postWordsMatch(plan.whole ? terms.whole : terms.prefixes, "listed"),
    searchTag: searchedTag(terms),
    searchName: terms.names.prefixes,
  };
}

/**
 * The ids of a Following page (docs/decisions/010, 026): the followed members' posts as
 * `authorsPageIds` finds them, the newest posts walked for members who follow at least
 * FOLLOWING_SCAN_MIN_FOLLOWS people. The viewer follows every author here, so only a repost's original
 * can be outside their audience (decision 031). None by a member the viewer muted, nor a repost of one's
 * post (107).
 */
function followingPageIds(context: ConditionContext) {
  const { viewer } = context;
  // Members the viewer muted, and reposts of their posts, are left out (decision 107).
  return authorsPageIds(context, {
    many: sql`(SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${viewer}) >= ${FOLLOWING_SCAN_MIN_FOLLOWS}`,
    isAuthor: (userId) => sql`${isFollowed(viewer, userId)} AND ${notMutedSql(viewer, userId)}`,
    authors: (also) => followed(viewer, sql`${also} AND ${notMutedSql(viewer, follows.followingId)}`),
    keep: (alias) => sql`${repostInAudienceSql(viewer, alias)} AND ${originalNotMutedSql(viewer, alias)}`,
  });
}

const followedPage: CardCondition = {
  key: "following",
  picksPage: true,
  where: (context) => sql`${posts.id} IN (${followingPageIds(context)})`,
};

/**
 * A way read before the plan is known, with the plan's other reads: the authors way (decision 064), with
 * the words as the statement decides them (`words_query`); the wide way (decision 111), whole words,
 * from the plan's sample (`sampled`).
 */
type AtOnce = { words?: SQL | Placeholder; sampled?: boolean };

/**
 * The ids of a page of Following's search (docs/decisions/060): posts by followed members with the
 * search's words or tag that the viewer may see, or by followed members it names, and the followed
 * members' reposts of posts it finds. Finding posts that are both followed and matched costs what the
 * smaller side costs; the plan (`followingSearchPlanRead`, read first) says which side that is:
 * - authors (decision 061): FTS5 asked for the posts with the words by the followed members, their ids
 *   written into its query (posts_fts's `listed_author`), and their reposts of posts with the words by
 *   the same query in reposts_fts (decision 063); the tag's posts walked, newest first, when few or
 *   when the followed members wrote many posts, else each of theirs tested for it;
 * - wide: the matches newest first (`wordsPage`, `tagPage`), each kept if its author is followed; a
 *   page is then a thousand matches away at most (the plan samples them);
 * - narrow: `words`, the newest FOLLOWING_SEARCH_NEAR_MATCHES matches, read once. With few matches (a
 *   rare word or tag), each match's post (`matched`). Otherwise the followed members' posts
 *   (posts_user_idx, the index alone) in the span `words` covers, each tested against it and the tag's
 *   posts (`near`); only if that finds less than a page, and there are older matches, the posts
 *   before the span (`far`): by FTS5 one at a time when the query is whole words (read lazily) and the
 *   followed members wrote at most FOLLOWING_SEARCH_PROBE_MAX_POSTS posts, else against every match.
 * All: the own posts of the followed members the search names (`named_followed`). The viewer follows
 * every author here, so of the access rule only the subscriber rule is left to test (decision 031).
 */
function followingSearchIds(context: ConditionContext, plan: SearchPlan, tag: boolean, { words: matchWords, sampled = false }: AtOnce = {}) {
  const { viewer, before, size } = context;
  const searchWords = matchWords ?? boundWords;
  // "The post under `alias` has the tag, or": only when the words do not find every post with it
  // (`searchedTag`); else nothing asks for the tag.
  const taggedOr = (alias: string) => (tag ? sql`${sql.raw(alias)}.id IN (${tagged}) OR ` : sql``);
  const older = (column: string) => olderThan(before, column);
  const subscribed = (alias: string) => subscriberRuleSql(viewer, sql.raw(`${alias}.user_id`), sql.raw(`${alias}.is_subscriber_only`), P.now);
  const followedOriginals = (alias: string) =>
    sql`${sql.raw(alias)}.user_id IN (${followed(viewer)}) AND ${listedOriginal(alias)}${older(`${alias}.id`)}`;
  // The same for a post found otherwise (by its id or rowid), one follow looked up for it: given the
  // followed members as a list, SQLite would read the post through posts_user_idx once for each of them
  // (33 ms for a rare tag's posts and 1 500 followed members).
  const followedOriginal = (alias: string) =>
    sql`${isFollowed(viewer, sql.raw(`${alias}.user_id`))} AND ${listedOriginal(alias)}${older(`${alias}.id`)}`;
  // The followed members the search names, found from the smaller side: the named, or the followed.
  const fromNamed = sql`(SELECT count(*) FROM named) <= (SELECT ${users.followingCount} FROM ${users} WHERE ${users.id} = ${viewer})`;
  const namedFollowed = sql`named_followed AS MATERIALIZED (
    SELECT id FROM (SELECT u.id AS id FROM named CROSS JOIN ${users} AS u ON u.rowid = named.r
      WHERE ${isFollowed(viewer, sql`u.id`)} LIMIT CASE WHEN ${fromNamed} THEN -1 ELSE 0 END)
    UNION ALL
    SELECT id FROM (SELECT ${follows.followingId} AS id FROM ${follows}
      WHERE ${follows.followerId} = ${viewer} AND ${isNamed(sql`${follows.followingId}`)} LIMIT CASE WHEN ${fromNamed} THEN 0 ELSE -1 END))`;
  const byName = sql`SELECT id FROM (
      SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
      WHERE own.user_id IN (SELECT id FROM named_followed) AND ${listedOriginal("own")}${older("own.id")}
      ORDER BY own.id DESC LIMIT ${size})`;
  // Without a tag (`searchedTag`) there are none: the statement's text follows the key, which says "words".
  const fewTagged = sql.raw(plan.fewTagged || !tag ? "1" : "0");
  // The followed members' reposts whose original the search finds (`searchedReposts`). The authors way,
  // and the others when few reposts have an original with the words (`fewReposts`), read those of
  // posts with the words from reposts_fts, as they read the posts (decision 063); the rest, of the
  // tag's posts and the named members', are the reposts of the tag's few posts, or walked (each
  // followed member's reposts), only when a tag or a name can find any. Else the walk tests the words
  // too: reposts_fts read newest first, each reposter looked up, took 3 ms more for the heavy member's
  // 'coffee' (1 427 reposts of originals with it).
  const fromIndex = plan.way === "authors" || plan.fewReposts;
  const reposts = searchedReposts(context, {
    reposters: { ids: followed(viewer), has: (userId) => isFollowed(viewer, userId), across: plan.way === "wide" && plan.across },
    ...(!fromIndex
      ? {
          matches: (o: string, covered: CoveredWords | null) =>
            originalMatchesSql(o, { viewer, named: isNamed, words: searchWords, whole: plan.whole, covered, tag }),
          words: searchWords,
          // Few matches and no one named: the reposts are among those of the matches.
          few: {
            yes: sql`(NOT EXISTS (SELECT 1 FROM posts_fts WHERE posts_fts MATCH ${searchWords} LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_FEW_MATCHES)})
        AND ${fewTagged} AND NOT EXISTS (SELECT 1 FROM named))`,
            ids: sql`SELECT matched.id AS id FROM posts_fts CROSS JOIN ${posts} AS matched ON matched.rowid = posts_fts.rowid
          WHERE posts_fts MATCH ${searchWords}${tag ? sql`
        UNION ${tagged}` : sql``}`,
          },
        }
      : {
          matches: (o: string) => originalMatchesSql(o, { viewer, named: isNamed, words: null, whole: false, tag }),
          ...(tag
            ? { few: { yes: sql`(${fewTagged} AND NOT EXISTS (SELECT 1 FROM named))`, ids: sql`SELECT post_id AS id FROM (${tagged})` } }
            : { walkIf: sql`EXISTS (SELECT 1 FROM named)` }),
        }),
  });
  const withReposts = (originals: SQL) => sql`originals AS MATERIALIZED (${originals} ORDER BY id DESC LIMIT ${size})`;
  const body = sql`SELECT id FROM originals UNION ${reposts} ORDER BY id DESC LIMIT ${size}`;
  const followedOnly = { also: (alias: string) => isFollowed(viewer, sql.raw(`${alias}.user_id`)), visible: subscribed, words: searchWords };
  // The wide and narrow ways' reposts from reposts_fts, each reposter looked up (few of them: `fewReposts`).
  const followedReposts = fromIndex ? sql` UNION ${repostsWordsPage(context, { words: searchWords, also: followedOnly.also, followed: true })}` : sql``;
  if (plan.way === "authors") {
    // "The words, by one of these members". Following no one (now, since the plan; or no one at all,
    // the page read at once for a viewer it is not for), only an id no post has: FTS5 would read the
    // words' matches before finding that the other side has none.
    const byAuthorsCte = sql`by_authors AS MATERIALIZED (SELECT CASE WHEN count(*) = 0 THEN '{listed_author}: ("0")'
      ELSE ${searchWords} || ' AND {listed_author}: (' || group_concat('"' || ${follows.followingId} || '"', ' OR ') || ')' END AS q
      FROM ${follows} WHERE ${follows.followerId} = ${viewer})`;
    const byAuthors = sql`(SELECT q FROM by_authors)`;
    const tagStream = !tag
      ? sql``
      : plan.fewTagged || !plan.fewPosts
        ? sql` UNION ${tagPage(context, followedOnly)}`
        : sql` UNION SELECT id FROM (SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
          WHERE ${followedOriginals("own")} AND EXISTS (SELECT 1 FROM ${postHashtags} WHERE ${postHashtags.postId} = own.id AND ${postHashtags.hashtag} = ${searchTag})
            AND ${subscribed("own")}
          ORDER BY own.id DESC LIMIT ${size})`;
    return {
      ctes: [
        namedForCte(viewer),
        namedFollowed,
        byAuthorsCte,
        withReposts(
          sql`${wordsPage(context, { visible: subscribed, words: byAuthors })} UNION ${repostsWordsPage(context, { words: byAuthors, followed: true })}${tagStream} UNION ${byName}`,
        ),
      ],
      body,
    };
  }
  if (plan.way === "wide" && sampled) {
    // Read at once (decision 111): the wide way's walk (`wordsPage`: the matches newest first, those
    // before the cursor's post kept if by a followed member the viewer may see), but over the newest
    // FOLLOWING_SEARCH_SAMPLE matches only, as the plan samples them; not for words with at most
    // FOLLOWING_SEARCH_FEW_MATCHES matches, whose pages are cheap to read after. When it finds a whole
    // page (`size`), the walk without the bound would have found the same posts first; its reposts are
    // walked across (every repost since the page's oldest post, its reposter looked up) when fewer
    // were written since than the viewer follows members. Both hold (`wide_stands`), or the statement
    // answers nothing and the page is read after the plan. No viewer who reads by author walks
    // anything: `me` is no one for them.
    const fewMatches = sql`NOT EXISTS (SELECT 1 FROM posts_fts WHERE posts_fts MATCH ${searchWords} LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_FEW_MATCHES)})`;
    // The subquery hands its matches on in its own order (newest first), as the plan's sample does.
    const sample = sql`sample_page AS MATERIALIZED (SELECT id FROM (SELECT s.id AS id, s.user_id AS user_id, s.is_subscriber_only AS is_subscriber_only,
          s.community_id AS community_id, s.reposted_from_post_id AS reposted_from_post_id
        FROM posts_fts CROSS JOIN ${posts} AS s ON s.rowid = posts_fts.rowid
        WHERE posts_fts MATCH ${searchWords}
        ORDER BY posts_fts.rowid DESC LIMIT CASE WHEN ${viewer} IS NULL OR ${fewMatches} THEN 0 ELSE ${n(FOLLOWING_SEARCH_SAMPLE)} END) AS s
      WHERE ${listedOriginal("s")} AND ${followedOnly.also("s")} AND ${subscribed("s")}${older("s.id")}
      LIMIT ${size})`;
    // No one (`me` null) follows no one (`followingCountOf`): a LIMIT of NULL is an error.
    const across = fewerRepostsSinceSql(sql`(SELECT min(id) FROM originals)`, older("w.id"), followingCountOf(viewer));
    const stands = sql`wide_stands AS MATERIALIZED (SELECT (SELECT count(*) FROM sample_page) >= ${size} AND ${across} AS yes)`;
    const walked = searchedReposts(context, {
      reposters: { ids: followed(viewer), has: (userId) => isFollowed(viewer, userId), across: true },
      matches: (o: string, covered: CoveredWords | null) =>
        originalMatchesSql(o, { viewer, named: isNamed, words: searchWords, whole: true, covered, tag: false }),
      words: searchWords,
      walkIf: sql`(SELECT yes FROM wide_stands)`,
    });
    return {
      ctes: [namedForCte(viewer), namedFollowed, sample, withReposts(sql`SELECT id FROM sample_page UNION ${byName}`), stands],
      body: sql`SELECT id FROM originals WHERE (SELECT yes FROM wide_stands) UNION ${walked} ORDER BY id DESC LIMIT ${size}`,
    };
  }
  if (plan.way === "wide") {
    return {
      ctes: [
        namedForCte(viewer),
        namedFollowed,
        withReposts(sql`${wordsPage(context, followedOnly)}${followedReposts}${tag ? sql` UNION ${tagPage(context, followedOnly)}` : sql``} UNION ${byName}`),
      ],
      body,
    };
  }
  // Where the cursor's post was written: `words` holds the matches written before it. A post gone since
  // (a repost taken back) bounds nothing: every post's id is tested against the cursor anyway.
  const cursorRowid = before ? cursorRowidSql(before) : null;
  // The span `words` covers: written after its oldest (if it stopped at its limit) and before the
  // cursor's post. The oldest's id lets posts_user_idx skip older posts; a post written in the span
  // with an older id (none that Murmur writes) is left to `far`.
  const inSpan = (alias: string) =>
    sql`(${sql.raw(alias)}.id >= coalesce((SELECT id FROM edge), '') AND ${sql.raw(alias)}.rowid > coalesce((SELECT r FROM edge), -1)${
      cursorRowid ? sql` AND ${sql.raw(alias)}.rowid < ${cursorRowid}` : sql``
    })`;
  // A whole word asked about each older post only while the followed members wrote few posts.
  const hasWords = hasWordsSql("own", searchWords, plan.whole && plan.fewPosts);
  const few = sql`(SELECT yes FROM few)`;
  const beforeCursor = cursorRowid ? sql` AND posts_fts.rowid < ${cursorRowid}` : sql``;
  const matchesNewestFirst = sql`posts_fts WHERE posts_fts MATCH ${searchWords}${beforeCursor} ORDER BY posts_fts.rowid DESC`;
  // Whole words FTS5 reads lazily, so `words` is read where it is used, and only as far as it is needed;
  // word beginnings it gathers anew for every cursor, so their newest matches are read once, into `words`.
  const words = plan.whole
    ? {
        ctes: [],
        edge: sql`SELECT posts_fts.rowid AS r, (SELECT ${posts.id} FROM ${posts} WHERE ${posts}.rowid = posts_fts.rowid) AS id
          FROM ${matchesNewestFirst} LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_NEAR_MATCHES - 1)}`,
        few: sql`NOT EXISTS (SELECT 1 FROM ${matchesNewestFirst} LIMIT 1 OFFSET ${n(FOLLOWING_SEARCH_FEW_MATCHES)})`,
        posts: sql`posts_fts CROSS JOIN ${posts} AS own ON own.rowid = posts_fts.rowid WHERE posts_fts MATCH ${searchWords}${beforeCursor} AND`,
        inSpan: sql`SELECT posts_fts.rowid FROM posts_fts WHERE posts_fts MATCH ${searchWords}${beforeCursor} AND posts_fts.rowid >= coalesce((SELECT r FROM edge), 0)`,
      }
    : {
        ctes: [
          sql`words AS MATERIALIZED (SELECT posts_fts.rowid AS r FROM ${matchesNewestFirst} LIMIT ${n(FOLLOWING_SEARCH_NEAR_MATCHES)})`,
        ],
        edge: sql`SELECT r, (SELECT ${posts.id} FROM ${posts} WHERE ${posts}.rowid = r) AS id
          FROM (SELECT min(r) AS r FROM words HAVING count(*) >= ${n(FOLLOWING_SEARCH_NEAR_MATCHES)})`,
        few: sql`(SELECT count(*) FROM words) <= ${n(FOLLOWING_SEARCH_FEW_MATCHES)}`,
        posts: sql`words CROSS JOIN ${posts} AS own ON own.rowid = words.r WHERE`,
        inSpan: sql`SELECT r FROM words`,
      };
  return {
    ctes: [
      namedForCte(viewer),
      namedFollowed,
      ...words.ctes,
      // The FOLLOWING_SEARCH_NEAR_MATCHES-th newest match (before the cursor's post): none if there are fewer.
      sql`edge AS MATERIALIZED (${words.edge})`,
      sql`few AS MATERIALIZED (SELECT ${words.few} AND ${fewTagged} AS yes)`,
      // A LIMIT of 0 switches a way off: SQLite tests it before reading anything.
      sql`matched AS MATERIALIZED (SELECT id FROM (
          SELECT id FROM (SELECT own.id AS id FROM ${words.posts} ${followedOriginal("own")} AND ${subscribed("own")}
            LIMIT CASE WHEN ${few} THEN -1 ELSE 0 END)${
            tag
              ? sql`
          UNION
          SELECT id FROM (SELECT own.id AS id FROM ${postHashtags} AS ph CROSS JOIN ${posts} AS own ON own.id = ph.post_id
            WHERE ph.hashtag = ${searchTag} AND ${followedOriginal("own")} AND ${subscribed("own")} LIMIT CASE WHEN ${few} THEN -1 ELSE 0 END)`
              : sql``
          }
        ) ORDER BY id DESC LIMIT ${size})`,
      sql`near AS MATERIALIZED (
        SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
        WHERE ${followedOriginals("own")} AND ${inSpan("own")}
          AND (${taggedOr("own")}own.rowid IN (${words.inSpan})) AND ${subscribed("own")}
        ORDER BY own.id DESC LIMIT CASE WHEN ${few} THEN 0 ELSE ${size} END)`,
      sql`far AS (
        SELECT own.id AS id FROM ${posts} AS own INDEXED BY posts_user_idx
        WHERE ${followedOriginals("own")} AND NOT ${inSpan("own")} AND (${taggedOr("own")}${hasWords}) AND ${subscribed("own")}
        ORDER BY own.id DESC
        LIMIT CASE WHEN (SELECT r FROM edge) IS NOT NULL AND (SELECT count(*) FROM near) < ${size} THEN ${size} ELSE 0 END)`,
      withReposts(sql`SELECT id FROM matched UNION SELECT id FROM near UNION SELECT id FROM far${followedReposts} UNION ${byName}`),
    ],
    body,
  };
}

/** A page of Following's search, the plan's way (`followingSearchIds`). */
function followingSearch(query: string, plan: SearchPlan): CardCondition {
  const terms = searchTermsOf(query);
  if (!terms) return matchesNothing;
  const tag = searchedTag(terms) !== null;
  return {
    key: `following-search:${plan.way}:${plan.whole ? "whole" : "beginnings"}:${!tag ? "words" : plan.fewTagged ? "few-tagged" : "tagged"}:${plan.fewPosts ? "few-posts" : "posts"}${plan.way === "wide" && plan.across ? ":across" : ""}${plan.way !== "authors" && plan.fewReposts ? ":few-reposts" : ""}`,
    picksPage: true,
    values: planValues(terms, plan),
    where: (context) => sql`${posts.id} IN (${withMe(context, (inner) => followingSearchIds(inner, plan, tag), { decideWords: false })})`,
  };
}

/** The plan the page read at once stands for: the authors way; its other choices do not change that way's text without a tag. */
const AUTHORS: SearchPlan = { whole: false, way: "authors", fewTagged: false, fewPosts: false, across: false, fewReposts: false };

/** The plan the wide way's page read at once stands for (`followingSearchWideAtOnce`). */
const WIDE: SearchPlan = { whole: true, way: "wide", fewTagged: false, fewPosts: false, across: true, fewReposts: false };

/**
 * A page of Following's search as the authors way reads it, in the session's trip with the plan
 * (decision 064): for a query without a tag (one ASCII word, `searchedTag`), where the authors way needs
 * nothing else from the plan. It decides the words itself as For you does. Unless the viewer reads by
 * author (`readsByAuthors`, the plan's own test, on the same count in the same transaction, so the two
 * agree), its `me` is no one, who follows no one: the page is empty, and reading it costs next to
 * nothing (0.04 ms in SQLite for the benchmark's heavy member).
 */
function followingSearchAtOnce(terms: SearchTerms): CardCondition {
  return readAtOnce(terms, AUTHORS, { words: wordsQuery }, (id) => readsByAuthors(followingCountOf(id)));
}

/** A way's page read with the plan (`followingSearchFirst`), for the viewer only while `viewerIf` holds of them. */
function readAtOnce(terms: SearchTerms, plan: SearchPlan, atOnce: AtOnce, viewerIf: (viewerId: SQL) => SQL): CardCondition {
  return {
    key: `following-search:${plan.way}:at-once:words`,
    picksPage: true,
    values: { ...homeWordValues(terms), searchName: terms.names.prefixes },
    where: (outer) =>
      sql`${posts.id} IN (${withMe(outer, (context) => followingSearchIds(context, plan, false, atOnce), {
        // The authors way decides its words in the statement (`words_query`); the others are given theirs.
        decideWords: atOnce.words === wordsQuery,
        viewerIf,
      })})`,
  };
}

/**
 * A page of Following's search as the wide way reads it with whole words, in the session's trip with the
 * plan (decision 111), for a query without a tag: over the newest matches the plan samples, and only
 * when that finds a whole page (`followingSearchIds`' `sampled`); else it answers nothing. Unless the
 * viewer follows more than FOLLOWING_SEARCH_AUTHOR_TERMS members, its `me` is no one and it walks nothing.
 */
function followingSearchWideAtOnce(terms: SearchTerms): CardCondition {
  return readAtOnce(terms, WIDE, { words: searchWhole, sampled: true }, (id) => followsManySql(followingCountOf(id)));
}

/**
 * Whether the wide way's page read at once is the plan's page (`followingSearchWideAtOnce`): the plan
 * says wide, by whole words, with the followed members' reposts walked (not read from reposts_fts), and
 * the page read at once found a whole page (else it is empty).
 */
const wideAtOnceStands = (plan: SearchPlan, page: FeedPage) => plan.way === "wide" && plan.whole && !plan.fewReposts && page.items.length > 0;

/**
 * What Following's search reads in the session's trip (decisions 060, 064, 111): its plan, and for a
 * query without a tag (one ASCII word) the page as the authors way reads it, and as the wide way does
 * when the viewer is known to follow many (`followsMany`; `wide` says so instead).
 * `followingSearchThen` takes their answers.
 */
export function followingSearchFirst(db: Db, viewer: NonNullable<Viewer>, query: string, options: ListOptions, wide = followsMany.get(hintKey(viewer)) ?? false) {
  const terms = searchTermsOf(query);
  const plan = followingSearchPlanRead(db, viewer, query, options.cursor ?? null);
  if (!terms || !plan) throw new Error("Following's search needs a query with something to search (searchTermsOf)");
  if (searchedTag(terms) !== null) return [plan] as const;
  const byAuthors = cardsRead(db, viewer, [followingSearchAtOnce(terms)], options);
  if (!wide) return [plan, byAuthors] as const;
  return [plan, byAuthors, cardsRead(db, viewer, [followingSearchWideAtOnce(terms)], options)] as const;
}

/**
 * The page from `followingSearchFirst`'s answers: the one read at once when the plan says authors, or
 * wide with the page read at once standing (`wideAtOnceStands`), else the plan's page, read next.
 */
export function followingSearchThen(
  answers: readonly [SearchPlan] | readonly [SearchPlan, FeedPage] | readonly [SearchPlan, FeedPage, FeedPage],
  db: Db,
  options: FollowingOptions,
): { page: FeedPage } | { read: (viewer: NonNullable<Viewer>) => Read<FeedPage> } {
  const [plan, atOnce, wideAtOnce] = answers;
  if (atOnce && plan.way === "authors") return { page: atOnce };
  if (wideAtOnce && wideAtOnceStands(plan, wideAtOnce)) return { page: wideAtOnce };
  return { read: (viewer) => followingRead(db, viewer, { ...options, plan }) };
}

export type FollowingOptions = ListOptions & { query?: string | null; plan?: SearchPlan | null };

/** A Following page; a search's needs its plan (`followingSearchPlanRead`), read first. */
export function followingRead(db: Db, viewer: NonNullable<Viewer>, options: FollowingOptions = {}): Read<FeedPage> {
  if (options.query && !options.plan && searchTermsOf(options.query)) throw new Error("Following's search reads its plan first (followingSearchPlanRead)");
  const condition = options.query
    ? followingSearch(options.query, options.plan ?? { whole: false, way: "narrow", fewTagged: false, fewPosts: false, across: false, fewReposts: false })
    : followedPage;
  return cardsRead(db, viewer, [condition], options);
}

export async function getFollowingFeed(db: Db, viewer: NonNullable<Viewer>, options: ListOptions & { query?: string | null } = {}): Promise<FeedPage> {
  if (!options.query || !searchTermsOf(options.query)) return runRead(followingRead(db, viewer, options));
  const next = followingSearchThen(await runReads(db, followingSearchFirst(db, viewer, options.query, options)), db, options);
  return "page" in next ? next.page : runRead(next.read(viewer));
}

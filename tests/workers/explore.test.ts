import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { runRead, type Read } from "~/.server/db/reads";
import { communities, creatorSubscriptions, follows, hashtagTrends, memberSettings, popularPosts, postBookmarks, postHashtags, posts, users } from "~/.server/db/schema";
import { exploreTrendsRead, loadExplorePage, peopleRead, searchPostsRead } from "~/.server/explore";
import { newId } from "~/.server/ids";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { popularPostsRead, popularPostsRefreshSql, refreshPopularPosts } from "~/.server/popular-posts";
import type { Viewer } from "~/.server/viewer";
import { EXPLORE_PEOPLE_LIMIT, EXPLORE_POSTS_PAGE_SIZE, EXPLORE_TRENDS_SHOWN, POPULAR_POSTS_SHOWN, POPULAR_POSTS_WINDOW_MS, SEARCH_QUERY_MAX_LENGTH, TIME } from "~/lib/constants";
import type { ExploreTab } from "~/lib/explore";
import { formatCount } from "~/lib/format";
import { FEED_MESSAGES } from "~/lib/messages";
import { EXPLORE_MESSAGES } from "~/lib/texts/explore";
import type { FeedPage } from "~/lib/types/post";
import { env } from "cloudflare:workers";
import { unique, uniqueLetters } from "../fixtures/factories";
import { allPages, capturingD1, createPost, createUser, db, get, member, planOf, sessionViewerOf } from "./helpers";

/**
 * Explore (spec document 1 §2.8, §5, §7, §8; docs/decisions/034-explore.md): people and posts search,
 * '#tag' queries, any text a person can type, what a viewer may not see, and the week's popular posts.
 */

/** A word no other test writes (letters only, so the search reads it as one word). */
const uniqueWord = uniqueLetters;
const uniqueTag = () => uniqueWord("tag");
const ids = (page: FeedPage) => page.items.map((item) => item.id);
const search = (viewer: Viewer, query: string, cursor: string | null = null) => runRead(searchPostsRead(db(), viewer, query, cursor));
const people = async (viewer: Viewer, query: string) => (await runRead(peopleRead(db(), viewer, query)!)).map((person) => person.username);

async function tag(postId: string, hashtag: string) {
  await db().insert(postHashtags).values({ postId, hashtag });
}

async function subscribe(subscriberId: string, creatorId: string, until = Date.now() + TIME.DAY) {
  await db().insert(creatorSubscriptions).values({ id: newId(), subscriberId, subscribedToId: creatorId, amountCents: 499, expiresAt: new Date(until) });
}

async function keepForFollowers(userId: string) {
  await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, userId));
}

async function follow(followerId: string, followingId: string) {
  await db().insert(follows).values({ id: newId(), followerId, followingId });
}

describe("people search (spec document 1 §7 'explore search over display_name, username, bio, limit 10')", () => {
  it("finds members by a word beginning in their username, display name or bio, in any case and without accents", async () => {
    const viewer = await createUser();
    const word = uniqueWord("zeph");
    const byUsername = await createUser({ username: `${word}_u`.slice(0, 30) });
    const byName = await createUser({ displayName: `Élodie ${word}` });
    const byBio = await createUser({ bio: `Ceramicist who loves ${word}ware` });
    await createUser({ bio: "nothing to see here" });

    expect((await people(viewer.id, word)).sort()).toEqual([byUsername.username, byName.username, byBio.username].sort());
    expect(await people(viewer.id, word.slice(0, -2).toUpperCase())).toHaveLength(3);
    expect(await people(viewer.id, `elodie ${word}`)).toEqual([byName.username]);
    expect(await people(viewer.id, `${word}ware ceramicist`)).toEqual([byBio.username]);
    expect(await people(viewer.id, `${word}nomatch`)).toEqual([]);
  });

  it("ranks the member whose username it is first, then names before bios, then the most followed; at most 10", async () => {
    const viewer = await createUser();
    const word = uniqueWord("quor");
    const bioOnly = await createUser({ bio: `I write about ${word}`, username: unique("bio_").slice(0, 30) });
    await db().update(users).set({ followersCount: 1_000_000 }).where(eq(users.id, bioOnly.id));
    const named = [];
    for (let i = 0; i < EXPLORE_PEOPLE_LIMIT + 2; i++) {
      const person = await createUser({ displayName: `${word} fan ${i}` });
      await db().update(users).set({ followersCount: 100 + i }).where(eq(users.id, person.id));
      named.push(person);
    }
    // Their username is the query itself, and nobody follows them.
    const exact = await createUser({ username: word.slice(0, 30), displayName: "Someone" });

    const found = await people(viewer.id, word);
    expect(found).toHaveLength(EXPLORE_PEOPLE_LIMIT);
    expect(found[0]).toBe(exact.username);
    // The most followed names next; the bio-only member (a million followers) after every name.
    expect(found.slice(1)).toEqual(
      named
        .slice()
        .reverse()
        .slice(0, EXPLORE_PEOPLE_LIMIT - 1)
        .map((person) => person.username),
    );
    expect(found).not.toContain(bioOnly.username);
    expect(await people(viewer.id, `I write about ${word}`)).toEqual([bioOnly.username]);
    // An @ before a username is how people write one.
    expect((await people(viewer.id, `@${word}`))[0]).toBe(exact.username);
  });

  it("ranks many candidates: the member named exactly, the names, then bio-only members, each the most followed first, ties by id", async () => {
    const viewer = await createUser();
    const word = uniqueWord("rank");
    const other = uniqueWord("sway");
    // Several pages' worth in each rank (decision 046 tried walking ranks of 60 or more).
    const many = 6 * EXPLORE_PEOPLE_LIMIT + 5;
    // Followers with many ties, so the order between equals (by id) counts too.
    const withFollowers = async (fields: { displayName?: string; bio?: string; username?: string }, followersCount: number) => {
      const user = await createUser(fields);
      await db().update(users).set({ followersCount }).where(eq(users.id, user.id));
      return { ...user, followersCount };
    };
    const named = [];
    const bioOnly = [];
    const fewNamed = [];
    for (let i = 0; i < many; i++) named.push(await withFollowers({ displayName: `${word} n${i}` }, i % 5));
    // Bio-only members, all followed far more than any named one: they still come after every name.
    for (let i = 0; i < many; i++) bioOnly.push(await withFollowers({ bio: `loves ${word} and ${other}` }, 1000 + ((i * 13) % 11)));
    for (let i = 0; i < 3; i++) fewNamed.push(await withFollowers({ displayName: `${other} f${i}` }, (i * 37) % 17));
    const exact = await withFollowers({ username: word.slice(0, 30), displayName: "Someone" }, 0);
    const ranked = (members: { id: string; username: string; followersCount: number }[]) =>
      members
        .slice()
        .sort((a, b) => b.followersCount - a.followersCount || (a.id < b.id ? -1 : 1))
        .map((person) => person.username);

    // The member named exactly (a name match too), then the names.
    expect(await people(viewer.id, word)).toEqual([exact.username, ...ranked(named).slice(0, EXPLORE_PEOPLE_LIMIT - 1)]);
    // No name among them: the bio-only members alone.
    expect(await people(viewer.id, `loves ${word}`)).toEqual(ranked(bioOnly).slice(0, EXPLORE_PEOPLE_LIMIT));
    // Few names, then the many bio-only members.
    expect(await people(viewer.id, other)).toEqual([...ranked(fewNamed), ...ranked(bioOnly)].slice(0, EXPLORE_PEOPLE_LIMIT));
  });

  it("each row says whether the viewer follows them, and which one is the viewer", async () => {
    const word = uniqueWord("marl");
    const viewer = await createUser({ displayName: `${word} viewer` });
    const followed = await createUser({ displayName: `${word} followed` });
    const other = await createUser({ displayName: `${word} other` });
    await follow(viewer.id, followed.id);
    const rows = await runRead(peopleRead(db(), viewer.id, word)!);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(followed.id)).toMatchObject({ followed: true, isSelf: false });
    expect(byId.get(other.id)).toMatchObject({ followed: false, isSelf: false });
    expect(byId.get(viewer.id)).toMatchObject({ followed: false, isSelf: true });
    // Found from the session (the page's own round trip), the same.
    const bySession = await runRead(peopleRead(db(), await sessionViewerOf(viewer.id), word)!);
    expect(bySession.find((row) => row.id === followed.id)?.followed).toBe(true);
  });
});

describe("posts search (spec document 1 §7 'search by content match or hashtags containing, newest first, limit 20')", () => {
  it("finds posts by their words (whole, else their beginnings) and hashtags, newest first, 20 a page, and pages on without gaps; not reposts, not by names", async () => {
    const viewer = await createUser();
    const word = uniqueWord("brisk");
    const author = await createUser({ displayName: `Wren ${word}author` });
    const hashtag = uniqueTag();
    const made: string[] = [];
    for (let i = 0; i < EXPLORE_POSTS_PAGE_SIZE + 3; i++) {
      const post = await createPost((await createUser()).id, { content: `Morning ${word} number ${i}`, createdAt: new Date(Date.now() - (100 - i) * TIME.MINUTE) });
      made.push(post.id);
    }
    const tagged = await createPost((await createUser()).id, { content: `Nothing in the words #${hashtag}` });
    await tag(tagged.id, hashtag);
    const byAuthor = await createPost(author.id, { content: "A quiet walk" });
    const longer = await createPost((await createUser()).id, { content: `The ${word}ness of it` });
    await createPost((await createUser()).id, { repostedFromPostId: made[0], content: `${word} shared again` });

    const first = await search(viewer.id, word);
    expect(ids(first)).toEqual([...made].reverse().slice(0, EXPLORE_POSTS_PAGE_SIZE));
    expect(first.nextCursor).not.toBeNull();
    const pages = await allPages((cursor) => search(viewer.id, word, cursor));
    expect(pages.flatMap(ids)).toEqual([...made].reverse());
    expect(ids(await search(viewer.id, hashtag))).toEqual([tagged.id]);
    // Names are what People finds.
    expect(ids(await search(viewer.id, `${word}author`))).not.toContain(byAuthor.id);
    // Every word must match.
    expect(ids(await search(viewer.id, `${word} number 7`))).toEqual([made[7]]);
    // A whole word that some post has finds the posts with it; a beginning finds the longer words too.
    expect(ids(await search(viewer.id, word))).not.toContain(longer.id);
    expect(ids(await search(viewer.id, `${word}ne`))).toEqual([longer.id]);
    const typing = await allPages((cursor) => search(viewer.id, word.slice(0, -1), cursor));
    expect(typing.flatMap(ids)).toEqual([longer.id, ...[...made].reverse()]);
    // Words under three characters are only whole words.
    expect(ids(await search(viewer.id, `${word} nu`))).toEqual([]);
  });

  it("newer matches in a community or in reposts hide no post: the index keeps them in a column of their own (0020); its columns' names are never words", async () => {
    const { user: viewer, cookie } = await member();
    const author = await createUser();
    const word = uniqueWord("hush");
    const listed = await createPost(author.id, { content: `Plain ${word}`, createdAt: new Date(Date.now() - TIME.HOUR) });
    const community = { id: newId(), name: unique("community"), creatorId: author.id };
    await db().insert(communities).values(community);
    for (let i = 0; i < EXPLORE_POSTS_PAGE_SIZE + 2; i++) await createPost(author.id, { content: `Club ${word} ${i}`, communityId: community.id });
    await createPost(author.id, { content: `Quoted ${word}`, repostedFromPostId: listed.id });

    expect(ids(await search(viewer.id, word))).toEqual([listed.id]);
    expect(ids(await search(viewer.id, word.slice(0, -1)))).toEqual([listed.id]);
    await db().insert(postBookmarks).values({ postId: listed.id, userId: viewer.id });
    const bookmarksText = async (query: string) => (await get(`/bookmarks?${new URLSearchParams({ q: query })}`, { Cookie: cookie })).text();
    const found = async (path: string, query: string) => (await (await get(`${path}?${new URLSearchParams({ q: query })}`, { Cookie: cookie })).text()).includes(`Plain ${word}`);
    expect(await found("/", word)).toBe(true);
    expect(await found("/bookmarks", word)).toBe(true);
    // Searches over every list read both columns: a community post's words are found there.
    const clubPost = (await db().select({ id: posts.id }).from(posts).where(eq(posts.content, `Club ${word} 0`)))[0]!;
    await db().insert(postBookmarks).values({ postId: clubPost.id, userId: viewer.id });
    expect(await bookmarksText(word)).toContain(`Club ${word} 0`);
    // The columns' names are not words of any post: every word of a query must be in the post's text.
    for (const name of ["listed_words", "other_words", "listed_words:", "listed", "community", "repost"]) {
      expect(ids(await search(viewer.id, `${word} ${name}`))).toEqual([]);
      expect(await found("/", `${word} ${name}`)).toBe(false);
      expect(await found("/bookmarks", `${word} ${name}`)).toBe(false);
    }
    // FTS5's column syntax typed into the box is only words: a community post's column is not reached.
    expect(ids(await search(viewer.id, `other_words:${word}`))).toEqual([]);
    expect(ids(await search(viewer.id, `{other_words}: ${word}`))).toEqual([]);
    // An edit keeps the index in step, in either column: the old words are gone, the new ones found.
    const edited = uniqueWord("edited");
    await db().update(posts).set({ content: `Plain ${edited}` }).where(eq(posts.id, listed.id));
    expect(ids(await search(viewer.id, word))).toEqual([]);
    expect(ids(await search(viewer.id, edited))).toEqual([listed.id]);
    const clubEdited = uniqueWord("clubedited");
    await db().update(posts).set({ content: `Club ${clubEdited}` }).where(eq(posts.id, clubPost.id));
    expect(await bookmarksText(word)).not.toContain(`Club ${word} 0`);
    expect(await bookmarksText(clubEdited)).toContain(`Club ${clubEdited}`);
    expect(ids(await search(viewer.id, clubEdited))).toEqual([]);
    // A deleted post leaves the index too, and the index agrees with the posts it was built from.
    await db().delete(posts).where(eq(posts.content, `Club ${word} 1`));
    expect(await env.DB.prepare("SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH ?").bind(`"${word}"`).first("n")).toBe(
      // The community's posts but the edited and the deleted one, and the repost.
      EXPLORE_POSTS_PAGE_SIZE + 2 - 2 + 1,
    );
    await env.DB.prepare("INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 1)").run();
  });

  it("a query that is only '#tag' finds exactly the posts with that tag, in any case; not its word in text or names", async () => {
    const viewer = await createUser();
    const hashtag = uniqueTag();
    const named = await createUser({ displayName: `${hashtag} person` });
    const withTag = await createPost((await createUser()).id, { content: `Tagged #${hashtag}` });
    await tag(withTag.id, hashtag);
    await createPost((await createUser()).id, { content: `Says ${hashtag} without the hash` });
    await createPost(named.id, { content: "Written by someone named like the tag" });
    const longer = await createPost((await createUser()).id, { content: `#${hashtag}s is another tag` });
    await tag(longer.id, `${hashtag}s`);

    expect(ids(await search(viewer.id, `#${hashtag}`))).toEqual([withTag.id]);
    expect(ids(await search(viewer.id, `#${hashtag.toUpperCase()}`))).toEqual([withTag.id]);
    // The word alone searches words, names and tags as usual.
    expect(ids(await search(viewer.id, hashtag)).length).toBeGreaterThan(1);
  });

  it("takes any text as words: quotes, asterisks, parentheses, NEAR, AND/OR/NOT, accents, other scripts, emoji and 500 characters", async () => {
    const viewer = await createUser();
    const word = uniqueWord("vell");
    const coffee = await createPost((await createUser()).id, { content: `${word} café with friends` });
    const tea = await createPost((await createUser()).id, { content: `${word} tea near the river` });
    const japanese = await createPost((await createUser()).id, { content: `${word} 日本語のテキスト` });
    const find = async (query: string) => ids(await search(viewer.id, query)).sort();

    expect(await find(`"${word}" "cafe"`)).toEqual([coffee.id]);
    expect(await find(`${word}* CAFÉ*`)).toEqual([coffee.id]);
    expect(await find(`(${word}) (tea)`)).toEqual([tea.id]);
    // Operators are only words: each one must be in the post, as any word.
    expect(await find(`${word} NEAR river`)).toEqual([tea.id]);
    expect(await find(`NEAR(${word} river)`)).toEqual([tea.id]);
    expect(await find(`${word} OR tea`)).toEqual([]);
    expect(await find(`${word} AND tea`)).toEqual([]);
    expect(await find(`${word} NOT tea`)).toEqual([]);
    expect(await find(`${word} 日本語`)).toEqual([japanese.id]);
    expect(await find(`${word} ☕️`)).toEqual([coffee.id, japanese.id, tea.id].sort());
    expect(await find("☕️🍵")).toEqual([]);
    expect(await find('"*()^:-+')).toEqual([]);
    expect(await find("x".repeat(500))).toEqual([]);

    const { cookie } = await member();
    for (const query of [`"${word}`, `${word}*`, "(((", "NEAR(a b, 2)", "a OR b NOT c AND d", "café 日本語 ☕️", "\u0000\u202e", "x".repeat(500), `${"word ".repeat(100)}`, "#", "#☕️", "@"]) {
      const response = await get(`/explore?${new URLSearchParams({ q: query })}`, { Cookie: cookie });
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html, query).not.toContain(EXPLORE_MESSAGES.searchFailed);
    }
  });

  it("a long query is cut at SEARCH_QUERY_MAX_LENGTH characters, and the page says what it searched", async () => {
    const { cookie } = await member();
    const word = uniqueWord("lengthy");
    const content = `${word} ${"trail ".repeat(30)}`.slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
    await createPost((await createUser()).id, { content });
    const html = await (await get(`/explore?${new URLSearchParams({ q: `${content}${" zzzunmatched".repeat(40)}` })}`, { Cookie: cookie })).text();
    expect(html).toContain(`<strong>“${content}”</strong>`);
    expect(html).toMatch(new RegExp(`<article[^>]*>(?:(?!</article>).)*${word}`, "s"));
  });
});

describe("what a viewer may not see is never found by it (decisions 016, 031)", () => {
  it("a subscriber-only post matches neither its words nor its hashtags for a non-subscriber, and nothing of it is sent", async () => {
    const stranger = await createUser();
    const subscriber = await createUser();
    const secret = uniqueWord("secret");
    const creatorName = uniqueWord("maker");
    const creator = await createUser({ displayName: `Creator ${creatorName}` });
    const hashtag = uniqueTag();
    const locked = await createPost(creator.id, { content: `Hidden recipe ${secret} #${hashtag}`, isSubscriberOnly: true });
    await tag(locked.id, hashtag);
    await subscribe(subscriber.id, creator.id);

    for (const query of [secret, `hidden ${secret}`, `#${hashtag}`, hashtag]) {
      expect(ids(await search(stranger.id, query)), query).toEqual([]);
      expect(ids(await search(subscriber.id, query)), query).toEqual([locked.id]);
    }
    // Neither whole words nor their beginnings: the choice between them is made over visible posts only.
    expect(ids(await search(stranger.id, secret.slice(0, -2)))).toEqual([]);

    const { cookie } = await member();
    for (const query of [secret, `#${hashtag}`]) {
      const html = await (await get(`/explore?${new URLSearchParams({ q: query })}`, { Cookie: cookie })).text();
      expect(html, query).toContain(EXPLORE_MESSAGES.noResults);
      expect(html, query).not.toContain("Hidden recipe");
    }
    // Its author is found among People; the post is not listed and nothing of it is sent.
    const byName = await (await get(`/explore?${new URLSearchParams({ q: creatorName })}`, { Cookie: cookie })).text();
    expect(byName).toContain(`href="/profile/${creator.username}"`);
    expect(byName).not.toContain("Hidden recipe");
    expect(byName).not.toContain(secret);
    expect(byName).not.toContain(hashtag);
  });

  it("two words that join into a hashtag find its posts by the tag alone; one ASCII word finds them by the words (decision 062)", async () => {
    // Words of their own: other files' searches by a word's beginning ('brew…') share the database.
    const first = uniqueWord("steepz");
    const second = uniqueWord("hourz");
    const joined = await createPost((await createUser()).id, { content: `Morning #${first}${second.toUpperCase()}` });
    await tag(joined.id, `${first}${second}`);
    const apart = await createPost((await createUser()).id, { content: `${first} and ${second}` });
    const viewer = await createUser();
    expect(ids(await search(viewer.id, `${first} ${second}`))).toEqual([apart.id, joined.id]);
    expect(ids(await search(viewer.id, `${first}${second}`))).toEqual([joined.id]);
  });

  it("a post kept for followers is found by nobody else; the author is still among People", async () => {
    const word = uniqueWord("kept");
    const author = await createUser({ displayName: `Keeper ${word}` });
    const follower = await createUser();
    const stranger = await createUser();
    await follow(follower.id, author.id);
    await keepForFollowers(author.id);
    const hashtag = uniqueTag();
    const kept = await createPost(author.id, { content: `Only for friends ${word} #${hashtag}` });
    await tag(kept.id, hashtag);

    for (const query of [word, `#${hashtag}`, `friends ${word}`]) {
      expect(ids(await search(stranger.id, query)), query).toEqual([]);
      expect(ids(await search(await sessionViewerOf(stranger.id), query)), query).toEqual([]);
      // A session no member has (signed out since): a visitor's search.
      expect(ids(await search({ session: "0".repeat(64), now: Date.now() }, query)), query).toEqual([]);
      expect(ids(await search(follower.id, query)), query).toEqual([kept.id]);
    }
    expect(await people(stranger.id, word)).toEqual([author.username]);
  });
});

/**
 * A moment decades ago: the week before it holds this test's posts only (the database is shared by
 * every file in the same vitest worker). In the past, so no other test's list of the newest posts sees them.
 */
let era = 0;
function pastNow() {
  era += 1;
  return Date.now() - (30 + era) * 365 * TIME.DAY;
}

async function popularPost(authorId: string, at: number, views: number, likes: number, overrides: Parameters<typeof createPost>[1] = {}) {
  const post = await createPost(authorId, { content: `popular ${views}/${likes}`, createdAt: new Date(at), ...overrides });
  await db().update(posts).set({ viewsCount: views, likesCount: likes }).where(eq(posts.id, post.id));
  return post;
}

const popular = (viewer: Viewer, tab: ExploreTab, now: number) => runRead(popularPostsRead(db(), viewer, tab, now));

describe("popular posts (spec document 1 §2.8, §7 'top posts by views_count then likes_count', §9 'Top posts on explore: 10')", () => {
  it("the 10 most viewed posts of the last 7 days, then most liked; older posts, reposts and community posts are not among them", async () => {
    const now = pastNow();
    const viewer = await createUser();
    const author = await createUser();
    const day = (n: number) => now - n * TIME.DAY;
    const ranked = [];
    for (let i = 0; i < POPULAR_POSTS_SHOWN + 2; i++) ranked.push(await popularPost(author.id, day(1 + (i % 6)), 1000 - i * 10, i));
    // Ties on views are broken by likes.
    const tieLow = await popularPost(author.id, day(2), 995, 1);
    const tieHigh = await popularPost(author.id, day(3), 995, 50);
    await popularPost(author.id, now - POPULAR_POSTS_WINDOW_MS - TIME.MINUTE, 1_000_000, 0);
    await popularPost(author.id, day(1), 900_000, 0, { repostedFromPostId: ranked[0]!.id });
    const community = { id: newId(), name: unique("community"), creatorId: author.id };
    await db().insert(communities).values(community);
    await popularPost(author.id, day(1), 800_000, 0, { communityId: community.id });

    await refreshPopularPosts(db(), now);
    const page = await popular(viewer.id, "trending", now);
    expect(ids(page)).toEqual([ranked[0]!.id, tieHigh.id, tieLow.id, ...ranked.slice(1, POPULAR_POSTS_SHOWN - 2).map((post) => post.id)]);
    expect(page.nextCursor).toBeNull();
    // Read a week later, every one of them has aged out.
    expect(ids(await popular(viewer.id, "trending", now + POPULAR_POSTS_WINDOW_MS))).toEqual([]);
  });

  it("each tab ranks the posts with a hashtag of its category; 'Trending' ranks them all", async () => {
    const now = pastNow();
    const viewer = await createUser();
    const author = await createUser();
    const [sportsTag, newsTag, otherTag] = [uniqueTag(), uniqueTag(), uniqueTag()];
    await db()
      .insert(hashtagTrends)
      .values([
        { hashtag: sportsTag, postsCount: 3, category: "sports" },
        { hashtag: newsTag, postsCount: 3, category: "news" },
        { hashtag: otherTag, postsCount: 3, category: "trending" },
      ]);
    const match = await popularPost(author.id, now - TIME.HOUR, 500, 0);
    await tag(match.id, sportsTag);
    const election = await popularPost(author.id, now - TIME.HOUR, 400, 0);
    await tag(election.id, newsTag);
    // Two tags of one category: listed once.
    await tag(election.id, sportsTag);
    const untagged = await popularPost(author.id, now - TIME.HOUR, 300, 0);
    const other = await popularPost(author.id, now - TIME.HOUR, 200, 0);
    await tag(other.id, otherTag);

    await refreshPopularPosts(db(), now);
    expect(ids(await popular(viewer.id, "sports", now))).toEqual([match.id, election.id]);
    expect(ids(await popular(viewer.id, "news", now))).toEqual([election.id]);
    expect(ids(await popular(viewer.id, "entertainment", now))).toEqual([]);
    expect(ids(await popular(viewer.id, "trending", now))).toEqual([match.id, election.id, untagged.id, other.id]);
  });

  it("leaves out what the viewer may not see, at the moment of reading: subscriber-only posts for non-subscribers, kept posts for non-followers", async () => {
    const now = pastNow();
    const creator = await createUser();
    const keeper = await createUser();
    const subscriber = await createUser();
    const follower = await createUser();
    const stranger = await createUser();
    const open = await popularPost(creator.id, now - TIME.HOUR, 100, 0);
    const forSubscribers = await popularPost(creator.id, now - TIME.HOUR, 300, 0, { isSubscriberOnly: true, content: "subscribers only secret" });
    const forFollowers = await popularPost(keeper.id, now - TIME.HOUR, 200, 0, { content: "followers only secret" });
    await subscribe(subscriber.id, creator.id, now + TIME.DAY);
    await follow(follower.id, keeper.id);
    await refreshPopularPosts(db(), now);
    // Kept after the ranking: the rule is read when the page is.
    await keepForFollowers(keeper.id);

    expect(ids(await popular(stranger.id, "trending", now))).toEqual([open.id]);
    expect(ids(await popular(await sessionViewerOf(stranger.id), "trending", now))).toEqual([open.id]);
    expect(ids(await popular(subscriber.id, "trending", now))).toEqual([forSubscribers.id, open.id]);
    expect(ids(await popular(follower.id, "trending", now))).toEqual([forFollowers.id, open.id]);
    expect(ids(await popular(creator.id, "trending", now))).toEqual([forSubscribers.id, open.id]);
    expect(JSON.stringify(await popular(stranger.id, "trending", now))).not.toContain("secret");
  });

  it("the cron job refreshes them; the seed's SQL ranks the same posts", async () => {
    const author = await createUser();
    const views = 2_000_000_000;
    const post = await popularPost(author.id, Date.now() - TIME.HOUR, views, 0);
    await runScheduledMaintenance(env);
    expect(ids(await popular(author.id, "trending", Date.now()))[0]).toBe(post.id);

    const now = pastNow();
    const inWindow = await popularPost(author.id, now - TIME.HOUR, 10, 0);
    for (const statement of popularPostsRefreshSql(now)) await env.DB.prepare(statement).run();
    expect(await db().select().from(popularPosts)).toEqual([{ category: "trending", position: 1, postId: inWindow.id }]);
  });
});

describe("trending hashtags on explore (spec document 1 §2.8 'up to 6 trending hashtags with post counts')", () => {
  it("by post count then growth, 6 at most, of the tab's category ('Trending': all)", async () => {
    const base = 900_000_000;
    const sports = Array.from({ length: EXPLORE_TRENDS_SHOWN + 1 }, () => uniqueTag());
    await db()
      .insert(hashtagTrends)
      .values(sports.map((hashtag, i) => ({ hashtag, postsCount: base + 10 * (sports.length - i), growthRate: 0, category: "sports" as const })));
    const grower = uniqueTag();
    await db().insert(hashtagTrends).values({ hashtag: grower, postsCount: base + 10 * sports.length, growthRate: 5, category: "news" });

    expect((await runRead(exploreTrendsRead(db(), "sports"))).map((trend) => trend.hashtag)).toEqual(sports.slice(0, EXPLORE_TRENDS_SHOWN));
    expect((await runRead(exploreTrendsRead(db(), "news")))[0]).toEqual({ hashtag: grower, postsCount: base + 10 * sports.length });
    expect((await runRead(exploreTrendsRead(db(), "trending"))).map((trend) => trend.hashtag)).toEqual([grower, ...sports.slice(0, EXPLORE_TRENDS_SHOWN - 1)]);
  });
});

/** The opening tag of a tab's link (the tabs are the navigation named 'Categories'). */
function tabLink(html: string, label: string): string {
  const nav = html.slice(html.indexOf('<nav aria-label="Categories"'));
  return nav.slice(0, nav.indexOf("</nav>")).match(new RegExp(`<a[^>]*>${label}</a>`))?.[0] ?? "";
}

/** A section of the page by its heading's id. */
function section(html: string, heading: string): string {
  const start = html.indexOf(`aria-labelledby="${heading}"`);
  expect(start, heading).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

describe("the explore page (/explore and /trending)", () => {
  it("without a query: Popular Posts, 'Recommended for You' coming soon, trending hashtags opening their pages, the tabs; one D1 round trip", async () => {
    const viewer = await member();
    const author = await createUser();
    const word = uniqueWord("famous");
    await popularPost(author.id, Date.now() - TIME.HOUR, 2_100_000_000, 0, { content: `Everyone saw this ${word}` });
    await refreshPopularPosts(db());
    const hashtag = uniqueTag();
    await db().insert(hashtagTrends).values({ hashtag, postsCount: 1_950_000_000, category: "entertainment" });

    for (const path of ["/explore", "/trending"]) {
      const response = await get(path, { Cookie: viewer.cookie });
      expect(response.status, path).toBe(200);
      expect(Number(response.headers.get("X-D1-Depth")), path).toBe(1);
      const html = await response.text();
      expect(html).toMatch(/<h2[^>]*>Popular Posts<\/h2>/);
      expect(html).toMatch(new RegExp(`role="feed" aria-label="Popular Posts">.*Everyone saw this ${word}`, "s"));
      expect(html).toMatch(/<h2[^>]*>Recommended for You<span[^>]*>Coming soon<\/span><\/h2>/);
      expect(html).toContain(`href="/hashtag/${hashtag}"`);
      expect(html).toMatch(new RegExp(`#${hashtag}</span><span[^>]*>${formatCount(1_950_000_000)} posts</span>`));
      expect(tabLink(html, "Trending")).toMatch(new RegExp(`href="${path}"`));
      expect(tabLink(html, "Trending")).toContain('aria-current="page"');
      for (const [tab, label] of [["news", "News"], ["sports", "Sports"], ["entertainment", "Entertainment"]] as const) {
        expect(tabLink(html, label)).toContain(`href="${path}?tab=${tab}"`);
        expect(tabLink(html, label)).not.toContain("aria-current");
      }
      expect(html).toMatch(/<label for="[^"]+" class="sr-only">Search people and posts<\/label>/);
    }
    const sports = await (await get("/explore?tab=sports", { Cookie: viewer.cookie })).text();
    expect(tabLink(sports, "Sports")).toContain('aria-current="page"');
    expect(tabLink(sports, "Trending")).not.toContain("aria-current");
    expect(section(sports, "trending-hashtags")).not.toContain(`#${hashtag}`);
    expect(section(sports, "popular-posts")).toContain(EXPLORE_MESSAGES.noPopularPosts);
    const entertainment = await (await get("/explore?tab=entertainment", { Cookie: viewer.cookie })).text();
    expect(section(entertainment, "trending-hashtags")).toContain(`#${hashtag}`);
  });

  it("with a query: People with Follow / Unfollow forms and Posts, one D1 round trip; the tabs keep the query; nothing found says 'No results found'", async () => {
    const viewer = await member();
    const word = uniqueWord("plover");
    const person = await createUser({ displayName: `Plover ${word}` });
    const post = await createPost((await createUser()).id, { content: `A post about ${word}` });
    const response = await get(`/explore?${new URLSearchParams({ q: word })}`, { Cookie: viewer.cookie });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("X-D1-Depth"))).toBe(1);
    const html = await response.text();
    expect(html).toMatch(/<h2[^>]*>People<\/h2>/);
    expect(html).toContain(`href="/profile/${person.username}"`);
    expect(html).toMatch(new RegExp(`<form method="post" action="/profile/${person.username}"[^>]*>.*?name="follow" value="true".*?aria-label="Follow @${person.username}"`, "s"));
    expect(html).toMatch(/<h2[^>]*>Posts<\/h2>/);
    expect(html).toContain(`/post/${post.id}`);
    expect(tabLink(html, "News")).toContain(`href="/explore?${new URLSearchParams({ q: word, tab: "news" }).toString().replace("&", "&amp;")}"`);
    expect(tabLink(html, "Trending")).toContain(`href="/explore?${new URLSearchParams({ q: word })}"`);

    await follow(viewer.user.id, person.id);
    const followed = await (await get(`/explore?${new URLSearchParams({ q: word })}`, { Cookie: viewer.cookie })).text();
    expect(followed).toMatch(new RegExp(`name="follow" value="false".*?aria-label="Unfollow @${person.username}"`, "s"));

    const none = await (await get(`/explore?${new URLSearchParams({ q: uniqueWord("nothing") })}`, { Cookie: viewer.cookie })).text();
    expect(none).toMatch(/<h2[^>]*>No results found<\/h2>/);
    expect(none).not.toMatch(/<h2[^>]*>People<\/h2>/);
    expect(none).not.toContain('role="feed"');
  });

  it("a '#tag' query (a trend's link in the sidebar) lists the tag's posts and no People; 'Load more' pages on", async () => {
    const viewer = await member();
    const hashtag = uniqueTag();
    await createUser({ displayName: `${hashtag} lookalike` });
    const author = await createUser();
    const made: string[] = [];
    for (let i = 0; i <= EXPLORE_POSTS_PAGE_SIZE; i++) {
      const post = await createPost(author.id, { content: `#${hashtag} number ${i}`, createdAt: new Date(Date.now() - (50 - i) * TIME.MINUTE) });
      await tag(post.id, hashtag);
      made.push(post.id);
    }
    const html = await (await get(`/explore?q=%23${hashtag}`, { Cookie: viewer.cookie })).text();
    expect(html).not.toMatch(/<h2[^>]*>People<\/h2>/);
    expect(html).toContain(`/post/${made.at(-1)}`);
    expect(html).not.toContain(`/post/${made[0]}"`);
    const more = html.match(/href="(\/explore\?q=[^"]+cursor=[^"]+)"[^>]*>Load more</)?.[1]?.replaceAll("&amp;", "&");
    expect(more).toBeTruthy();
    const next = await (await get(more!, { Cookie: viewer.cookie })).text();
    expect(next).toContain(`/post/${made[0]}"`);
    expect(next).toContain(EXPLORE_MESSAGES.backToFirst);
  });

  it("visitors go to sign in", async () => {
    for (const path of ["/explore", "/trending", "/explore?q=hello"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/^\/auth\?/);
    }
  });

  it("a failed read says 'Search failed. Please try again.' in the page for a search, the feed's text without one; never an error page", async () => {
    const failing = { db: db(), readAsMember: () => Promise.reject(new Error("D1 is down")) } as unknown as AppLoadContext;
    const searched = await loadExplorePage(failing, { path: "/explore", query: "coffee", tab: "trending", cursor: null });
    expect(searched).toMatchObject({ failed: EXPLORE_MESSAGES.searchFailed, people: null, page: { items: [] } });
    const discover = await loadExplorePage(failing, { path: "/trending", query: null, tab: "news", cursor: null });
    expect(discover).toMatchObject({ failed: FEED_MESSAGES.loadFailed, trends: [], page: { items: [] } });
  });
});

describe("explore's reads are served by indexes", () => {
  it.each([
    ["by id", (id: string): Promise<Viewer> => Promise.resolve(id)],
    ["found from their session", (id: string): Promise<Viewer> => sessionViewerOf(id)],
  ])("for a member %s: no scan of posts, users or popular_posts; search reads posts_fts newest first", async (_how, viewerOf) => {
    const me = await createUser();
    const viewer = (await viewerOf(me.id))!;
    const { spy, captured } = capturingD1();
    const spyDb = getDb(spy);
    const reads: Read<unknown>[] = [
      peopleRead(spyDb, viewer, "maya chen")!,
      popularPostsRead(spyDb, viewer, "trending"),
      popularPostsRead(spyDb, viewer, "sports"),
      exploreTrendsRead(spyDb, "trending"),
      exploreTrendsRead(spyDb, "news"),
      searchPostsRead(spyDb, viewer, "#coffee", null),
      searchPostsRead(spyDb, viewer, "coffee morn", null),
      searchPostsRead(spyDb, viewer, "coffee", newId()),
    ];
    expect(captured).toHaveLength(reads.length);
    for (const query of captured) {
      const details = await planOf(query);
      expect(details.filter((d) => /^SCAN (posts|users|popular_posts|pp|popular|post_hashtags|ph|tagged|p|w|t)\b(?! USING)/.test(d)), `${query.sql}\n${details.join("\n")}`).toEqual([]);
      // Words: posts_fts read in the order posts were written (its rowid, descending), never all matches sorted.
      if (/posts_fts MATCH/.test(query.sql)) expect(details.some((d) => /SCAN posts_fts VIRTUAL TABLE INDEX 192:/.test(d)), details.join("\n")).toBe(true);
      if (/popular_posts/.test(query.sql)) expect(details.some((d) => /SEARCH pp USING (PRIMARY KEY|INDEX sqlite_autoindex_popular_posts_1) \(category=\?/.test(d)), details.join("\n")).toBe(true);
      if (/users_fts MATCH/.test(query.sql)) expect(details.filter((d) => /users_fts/.test(d)).every((d) => /VIRTUAL TABLE INDEX/.test(d)), details.join("\n")).toBe(true);
    }
    await Promise.all(reads.map((read) => runRead(read)));
  });
});

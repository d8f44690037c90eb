import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { getDb } from "~/.server/db/client";
import { runRead, runReads, type Read } from "~/.server/db/reads";
import { communities, creatorSubscriptions, follows, memberSettings, postHashtags, posts } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { followingRead, followingSearchFirst, followingSearchPlanRead, followingSearchThen, getFollowingFeed, type SearchPlan } from "~/.server/posts/following";
import { forYouRead, getForYouFeed } from "~/.server/posts/for-you";
import { postWordsMatch, searchedTag, searchTermsOf } from "~/.server/posts/search";
import { setRepost } from "~/.server/posts/interactions";
import type { Viewer } from "~/.server/viewer";
import {
  FEED_PAGE_SIZE,
  FOLLOWING_SCAN_WINDOW,
  FOLLOWING_SEARCH_AUTHOR_TERMS,
  FOLLOWING_SEARCH_FEW_MATCHES,
  FOLLOWING_SEARCH_NEAR_MATCHES,
  FOLLOWING_SEARCH_PROBE_MAX_POSTS,
  SEARCH_NAMED_REPOSTS_MAX_POSTS,
  SEARCH_NAMED_SCAN_MIN_MEMBERS,
  SEARCH_REPOST_WORDS_READ,
  TIME,
} from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import { unique, uniqueLetters } from "../fixtures/factories";
import { allPages, capturingD1, createPost, createUser as createAnyUser, db, get, member, planOf, sessionCookieFor, sessionViewerOf } from "./helpers";

/**
 * Home's search (docs/decisions/060): For you lists anyone's posts, Following the followed members'
 * posts, that have the words, the tag or an author's display name, and the reposts of them; newest first.
 */

/** Each test writes its posts in a future year of its own, so they are the newest in the shared database. */
let year = 100;
function futureClock() {
  year += 1;
  let at = Date.now() + year * 365 * TIME.DAY;
  return {
    next: (step = TIME.MINUTE) => {
      at += step;
      return at;
    },
  };
}

const uniqueWord = uniqueLetters;
const ids = (page: FeedPage) => page.items.map((item) => item.id);
const forYou = (viewer: string, query: string, cursor: string | null = null) => getForYouFeed(db(), viewer, { query, cursor });
/**
 * A page of Following's search as Home reads it. Whichever way it was read (with the plan: the authors
 * way, decision 064, or the wide way, 111; or after it), it must be the one the plan's own statement reads.
 */
async function following(viewer: string, query: string, cursor: string | null = null) {
  const page = await getFollowingFeed(db(), viewer, { query, cursor });
  const planRead = followingSearchPlanRead(db(), viewer, query, cursor);
  const plan = planRead ? await runRead(planRead) : null;
  if (plan) {
    const planned = await runRead(followingRead(db(), viewer, { query, cursor, plan }));
    expect({ ids: ids(page), next: page.nextCursor }).toEqual({ ids: ids(planned), next: planned.nextCursor });
  }
  return page;
}
/**
 * The first page of Following's search with its plan as read, but `fewReposts` set: both ways of finding
 * the followed members' reposts (decision 063), on the same data. The plan read must say few.
 */
async function followingWithFewReposts(viewer: string, query: string, fewReposts: boolean) {
  const plan = await runRead(followingSearchPlanRead(db(), viewer, query, null)!);
  expect(plan.way).not.toBe("authors");
  expect(plan.fewReposts).toBe(true);
  return ids(await runRead(followingRead(db(), viewer, { query, cursor: null, plan: { ...plan, fewReposts } })));
}

/** Every page's ids, following 'Load more' to the end. */
const everyId = async (read: (cursor: string | null) => Promise<FeedPage>) => (await allPages(read)).flatMap(ids);

async function follow(followerId: string, followingId: string) {
  await db().insert(follows).values({ id: newId(), followerId, followingId });
}

/**
 * Members who never post: a viewer who follows them too follows more than FOLLOWING_SEARCH_AUTHOR_TERMS
 * people, so Following's search takes its other ways (decision 061). Made once per file.
 */
let silent: string[] | null = null;
async function followSilent(viewerId: string) {
  if (!silent) {
    silent = [];
    for (let i = 0; i < FOLLOWING_SEARCH_AUTHOR_TERMS; i++) silent.push((await createAnyUser()).id);
  }
  for (let i = 0; i < silent.length; i += 20) {
    await db()
      .insert(follows)
      .values(silent.slice(i, i + 20).map((followingId) => ({ id: newId(), followerId: viewerId, followingId })));
  }
}

/** A member who follows `followed` and the silent members too (Following's narrow or wide way, not its authors way). */
async function crowdedReaderOf(...followed: string[]) {
  const reader = await createUser();
  for (const id of followed) await follow(reader.id, id);
  await followSilent(reader.id);
  return reader;
}

/**
 * The members each test makes: their posts (reposts, tags) go after it, as they are in the future and
 * would otherwise be the newest posts of later files' tests (For you's ranking, Following's walks).
 */
const made: string[] = [];
async function createUser(...args: Parameters<typeof createAnyUser>) {
  const user = await createAnyUser(...args);
  made.push(user.id);
  return user;
}
afterEach(async () => {
  for (let i = 0; i < made.length; i += 50) await db().delete(posts).where(inArray(posts.userId, made.slice(i, i + 50)));
  made.length = 0;
});

/**
 * `count` posts by `userId` saying `content`, written one millisecond apart from `at` on, in one
 * statement (thousands of rows; ids in the order they are written, as Murmur writes them).
 */
async function bulkPosts(userId: string, count: number, content: string, at: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
     INSERT INTO posts (id, user_id, content, created_at) SELECT ?2 || printf('%016d', i), ?3, ?4, ?5 + i FROM n`,
  )
    .bind(count, newId(at).slice(0, 10), userId, content, at)
    .run();
}

describe("Home's search", () => {
  it("For you: posts with the words, the tag or an author's name, and reposts of them, newest first; not a community's; a locked post by its author's name alone", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const word = uniqueWord("brew");
    const tag = uniqueWord("tag");
    const name = uniqueWord("Quill");
    const author = await createUser({ displayName: `Ada ${name}` });
    const other = await createUser();
    const at = () => new Date(clock.next());
    const byWords = await createPost(other.id, { content: `Morning ${word.toUpperCase()} ritual`, createdAt: at() });
    const byTag = await createPost(other.id, { content: `see #${tag}`, createdAt: at() });
    await db().insert(postHashtags).values({ postId: byTag.id, hashtag: tag });
    const byName = await createPost(author.id, { content: "hello there", createdAt: at() });
    const locked = await createPost(author.id, { content: `paid ${word}`, isSubscriberOnly: true, createdAt: at() });
    const lockedOther = await createPost(other.id, { content: `paid ${word} too`, isSubscriberOnly: true, createdAt: at() });
    const community = { id: newId(), name: unique("community"), creatorId: other.id };
    await db().insert(communities).values(community);
    await createPost(other.id, { content: `club ${word}`, communityId: community.id, createdAt: at() });
    const repost = await setRepost(db(), author.id, byWords.id, true, clock.next());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");
    await createPost(other.id, { content: "nothing to see", createdAt: at() });

    expect(ids(await forYou(viewer.id, word))).toEqual([repost.repostId, byWords.id]);
    expect(ids(await forYou(viewer.id, word.slice(0, 6)))).toEqual([repost.repostId, byWords.id]);
    expect(ids(await forYou(viewer.id, `#${tag}`))).toEqual([byTag.id]);
    // Two words that join into the tag: only the tag's stream finds it (decision 062).
    expect(ids(await forYou(viewer.id, `${tag.slice(0, 3)} ${tag.slice(3)}`))).toEqual([byTag.id]);
    expect(ids(await forYou(viewer.id, name.toUpperCase()))).toEqual([locked.id, byName.id]);
    expect((await forYou(viewer.id, name)).items[0]!.post.locked).toBe(true);
    expect(ids(await forYou(viewer.id, `ada ${name}`))).toEqual([locked.id, byName.id]);
    // Names match word beginnings, however short (016).
    expect(ids(await forYou(viewer.id, `Ad ${name.slice(0, 7)}`))).toEqual([locked.id, byName.id]);
    // The author sees their locked post by its words too, and so does a subscriber.
    expect(ids(await forYou(author.id, word))).toEqual([repost.repostId, locked.id, byWords.id]);
    await db()
      .insert(creatorSubscriptions)
      .values({ id: newId(), subscriberId: viewer.id, subscribedToId: other.id, amountCents: 499, status: "active", expiresAt: new Date(clock.next(400 * TIME.DAY)) });
    expect(ids(await forYou(viewer.id, word))).toEqual([repost.repostId, lockedOther.id, byWords.id]);
    // A repost shows its original: found by the original's words, not its reposter's name.
    expect(ids(await forYou(viewer.id, name))).toEqual([locked.id, byName.id]);
    expect(ids(await forYou(viewer.id, uniqueWord("nothing")))).toEqual([]);
    expect(ids(await forYou(viewer.id, "!!!"))).toEqual([]);
  });

  it("Following: the followed members' posts and reposts alone, never the viewer's own; by words, tag or name", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    // Not ASCII: a one-word ASCII search binds no tag (its words find the tagged posts, decision 062),
    // and this test is of the tag's own stream.
    const word = uniqueWord("brewé");
    const name = uniqueWord("Quill");
    const friend = await createUser({ displayName: `Bo ${name}` });
    const other = await createUser();
    const stranger = await createUser({ displayName: `Cy ${name}` });
    await follow(viewer.id, friend.id);
    await follow(viewer.id, other.id);
    const at = () => new Date(clock.next());
    const friends = await createPost(friend.id, { content: "hello there", createdAt: at() });
    const others = await createPost(other.id, { content: `a ${word}`, createdAt: at() });
    const tagged = await createPost(other.id, { content: "see the tag", createdAt: at() });
    await db().insert(postHashtags).values({ postId: tagged.id, hashtag: `${word}x` });
    await createPost(stranger.id, { content: `a ${word} too`, createdAt: at() });
    await createPost(viewer.id, { content: `my ${word}`, createdAt: at() });
    const strangers = await createPost(stranger.id, { content: `reposted ${word}`, createdAt: at() });
    const repost = await setRepost(db(), other.id, strangers.id, true, clock.next());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");
    // A followed member's repost of the tag's one post: among the reposts of the tag's few posts.
    const ofTagged = await setRepost(db(), friend.id, tagged.id, true, clock.next());
    if (!ofTagged.ok || !ofTagged.repostId) throw new Error("repost refused");

    // And one who follows many more, who never post (Following's narrow way, not its authors way).
    const crowded = await crowdedReaderOf(friend.id, other.id);
    for (const reader of [viewer.id, crowded.id]) {
      expect(ids(await following(reader, word))).toEqual([repost.repostId, others.id]);
      expect(ids(await following(reader, `#${word}x`))).toEqual([ofTagged.repostId, tagged.id]);
      // The stranger's post, reposted by a followed member, is found by its author's name too.
      expect(ids(await following(reader, name))).toEqual([repost.repostId, friends.id]);
      expect(ids(await following(reader, `bo ${name}`))).toEqual([friends.id]);
      expect(ids(await following(reader, uniqueWord("nothing")))).toEqual([]);
      expect(ids(await following(reader, "!!!"))).toEqual([]);
    }
    // A member who keeps their posts for followers: found by a follower's search, by no one else's.
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, other.id));
    expect(ids(await following(viewer.id, word))).toEqual([repost.repostId, others.id]);
    expect(ids(await following(crowded.id, word))).toEqual([repost.repostId, others.id]);
    expect(ids(await forYou(stranger.id, word))).not.toContain(others.id);
  });

  it("a one-word ASCII search binds no tag: its words find the posts with its hashtag, in both tabs and their reposts (decision 062)", async () => {
    expect(searchedTag(searchTermsOf("#Coffee")!)).toBeNull();
    expect(searchedTag(searchTermsOf("coffee2go")!)).toBeNull();
    // Its words would not find every post with the tag: the tag's own streams read it.
    expect(searchedTag(searchTermsOf("coffee time")!)).toBe("coffeetime");
    expect(searchedTag(searchTermsOf("coffee_time")!)).toBe("coffee_time");
    expect(searchedTag(searchTermsOf("café")!)).toBe("café");
    // One '#tag' is the tag a post stores, joiners and compatibility forms as extraction reads them (decision 123).
    expect(searchedTag(searchTermsOf("#ハッシュ・タグ")!)).toBe("ハッシュ・タグ");
    expect(searchedTag(searchTermsOf("#ＣＯＦＦＥＥ")!)).toBe("coffee");

    const clock = futureClock();
    const word = uniqueWord("roast");
    const viewer = await createUser();
    const friend = await createUser();
    const stranger = await createUser();
    await follow(viewer.id, friend.id);
    const crowded = await crowdedReaderOf(friend.id);
    // As Murmur writes them: a post's hashtags are the #words of its text.
    const tagged = async (authorId: string, content: string) => {
      const post = await createPost(authorId, { content, createdAt: new Date(clock.next()) });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: word });
      return post;
    };
    // A private-use character (Apple's logo) ends the hashtag, and the word too (migration 0024).
    const strangers = await tagged(stranger.id, `far away #${word.toUpperCase()}\uF8FF`);
    const friends = await tagged(friend.id, `near #${word}!`);
    await createPost(friend.id, { content: `#${word}s is another tag`, createdAt: new Date(clock.next()) });
    const repost = await setRepost(db(), friend.id, strangers.id, true, clock.next());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");

    for (const query of [`#${word}`, word.toUpperCase()]) {
      expect(ids(await forYou(viewer.id, query))).toEqual([repost.repostId, friends.id, strangers.id]);
      for (const reader of [viewer.id, crowded.id]) expect(ids(await following(reader, query))).toEqual([repost.repostId, friends.id]);
    }
  });

  it(`Following by a tag on more than ${FOLLOWING_SEARCH_FEW_MATCHES} posts: the followed members' posts with it, each tested, or the tag's walked`, async () => {
    const clock = futureClock();
    // Not ASCII, so the tag's own stream is tested (decision 062).
    const tag = uniqueWord("crowdtagé");
    const crowd = await createUser();
    await bulkPosts(crowd.id, FOLLOWING_SEARCH_FEW_MATCHES + 1, `#${tag}`, clock.next());
    await env.DB.prepare("INSERT INTO post_hashtags (post_id, hashtag) SELECT id, ?1 FROM posts WHERE user_id = ?2").bind(tag, crowd.id).run();
    const friend = await createUser();
    const theirs = [];
    for (let i = 0; i < 2; i++) {
      // Its words do not say the tag: only the tag finds it.
      const post = await createPost(friend.id, { content: `mine ${i}`, createdAt: new Date(clock.next()) });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: tag });
      theirs.unshift(post.id);
      await createPost(crowd.id, { content: "later", createdAt: new Date(clock.next()) });
    }
    const viewer = await createUser();
    await follow(viewer.id, friend.id);
    const crowded = await crowdedReaderOf(friend.id);
    expect(await runRead(followingSearchPlanRead(db(), viewer.id, `#${tag}`, null)!)).toEqual({ whole: true, way: "authors", fewTagged: false, fewPosts: true, across: false, fewReposts: false });
    for (const reader of [viewer.id, crowded.id]) expect(ids(await following(reader, `#${tag}`))).toEqual(theirs);
  });

  it("For you: posts found by both their words and their tag count once, and their reposts are all listed", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    // Not ASCII, so the tag is asked too (decision 062).
    const word = uniqueWord("bothé");
    const author = await createUser();
    const reposters = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 2; i++) reposters.push(await createUser());
    const tagged = async () => {
      const post = await createPost(author.id, { content: `#${word} again`, createdAt: new Date(clock.next()) });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: word });
      return post.id;
    };
    // A few posts with both, each reposted by more members than a page holds.
    const expected: string[] = [];
    const few = [await tagged(), await tagged()];
    expected.unshift(...few.slice().reverse());
    for (const reposter of reposters) {
      const repost = await setRepost(db(), reposter.id, few[reposters.indexOf(reposter) % 2]!, true, clock.next());
      if (!repost.ok || !repost.repostId) throw new Error("repost refused");
      expected.unshift(repost.repostId);
    }
    expect(await everyId((cursor) => forYou(viewer.id, word, cursor))).toEqual(expected);
    // More than a page of posts with both, with a repost of the oldest written among them.
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) {
      expected.unshift(await tagged());
      if (i === FEED_PAGE_SIZE - 5) {
        const repost = await setRepost(db(), (await createUser()).id, few[0]!, true, clock.next());
        if (!repost.ok || !repost.repostId) throw new Error("repost refused");
        expected.unshift(repost.repostId);
      }
    }
    expect(await everyId((cursor) => forYou(viewer.id, word, cursor))).toEqual(expected);
  });

  it("posts_fts's 'any' scope never matches an author's id; the author column does", async () => {
    const author = await createUser();
    await createPost(author.id, { content: "by whom" });
    const count = (query: string) => env.DB.prepare("SELECT count(*) AS n FROM posts_fts WHERE posts_fts MATCH ?").bind(query).first<number>("n");
    expect(await count(postWordsMatch(`"${author.id}"`))).toBe(0);
    expect(await count(postWordsMatch(`"${author.id}"`, "listed"))).toBe(0);
    expect(await count(`{listed_author}: "${author.id}"`)).toBe(1);
  });

  it("For you finds the reposts of posts with the words in reposts_fts: listed reposts alone, kept as reposts are taken back, deleted or changed (migration 0025)", async () => {
    const clock = futureClock();
    const word = uniqueWord("echo");
    const author = await createUser();
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    const at = () => new Date(clock.next());
    const open = await createPost(author.id, { content: `plain ${word}`, createdAt: at() });
    const paid = await createPost(author.id, { content: `paid ${word}`, isSubscriberOnly: true, createdAt: at() });
    const community = { id: newId(), name: unique("community"), creatorId: author.id };
    await db().insert(communities).values(community);
    const club = await createPost(author.id, { content: `club ${word}`, communityId: community.id, createdAt: at() });
    const other = await createPost(author.id, { content: "unrelated", createdAt: at() });
    const ofOpen = await createPost(a.id, { content: "", repostedFromPostId: open.id, createdAt: at() });
    const ofPaid = await createPost(b.id, { content: "", repostedFromPostId: paid.id, createdAt: at() });
    await createPost(c.id, { content: "", repostedFromPostId: club.id, communityId: community.id, createdAt: at() });
    const ofOther = await createPost(c.id, { content: "", repostedFromPostId: other.id, createdAt: at() });
    const rowids = async (query: string) =>
      (await env.DB.prepare("SELECT rowid AS r FROM reposts_fts WHERE reposts_fts MATCH ? ORDER BY rowid").bind(query).all<{ r: number }>()).results.map((row) => row.r);
    const rowidOf = async (id: string) => (await env.DB.prepare("SELECT rowid AS r FROM posts WHERE id = ?").bind(id).first<number>("r"))!;
    const listed = postWordsMatch(`"${word}"`, "listed");
    // Each listed repost under its original's words and its reposter; the community's repost not at all.
    expect(await rowids(listed)).toEqual([await rowidOf(ofOpen.id), await rowidOf(ofPaid.id)]);
    expect(await rowids(`{listed_author}: "${a.id}"`)).toEqual([await rowidOf(ofOpen.id)]);
    const viewer = await createUser();
    // A locked original is found by its words by none but those who may see it, nor its repost.
    expect(ids(await forYou(viewer.id, word))).toEqual([ofOpen.id, open.id]);
    expect(ids(await forYou(author.id, word))).toEqual([ofPaid.id, ofOpen.id, paid.id, open.id]);
    await db()
      .insert(creatorSubscriptions)
      .values({ id: newId(), subscriberId: viewer.id, subscribedToId: author.id, amountCents: 499, status: "active", expiresAt: new Date(clock.next(400 * TIME.DAY)) });
    expect(ids(await forYou(viewer.id, word))).toEqual([ofPaid.id, ofOpen.id, paid.id, open.id]);
    // Taken back, or gone with its original: out of the index.
    const takenBack = await setRepost(db(), a.id, open.id, false, clock.next());
    if (!takenBack.ok) throw new Error("taking the repost back was refused");
    await db().delete(posts).where(eq(posts.id, paid.id));
    expect(await rowids(listed)).toEqual([]);
    expect(ids(await forYou(viewer.id, word))).toEqual([open.id]);
    // A post's text never changes in Murmur; if it did, its reposts would be found by the new words.
    const changed = uniqueWord("echoed");
    await env.DB.prepare("UPDATE posts SET content = ? WHERE id = ?").bind(`now ${changed}`, other.id).run();
    expect(await rowids(postWordsMatch(`"${changed}"`, "listed"))).toEqual([await rowidOf(ofOther.id)]);
    expect(await rowids(postWordsMatch('"unrelated"', "listed"))).not.toContain(await rowidOf(ofOther.id));
    expect(ids(await forYou(viewer.id, changed))).toEqual([ofOther.id, other.id]);
    await env.DB.prepare("INSERT INTO reposts_fts (reposts_fts, rank) VALUES ('integrity-check', 1)").run();
  });

  it("pages through words, tag, names and reposts together without duplicates or gaps", async () => {
    const clock = futureClock();
    const viewer = await createUser();
    // Not ASCII, so the tag's own stream is tested (decision 062).
    const word = uniqueWord("mixé");
    const author = await createUser({ displayName: `Di ${word}` });
    const other = await createUser();
    await follow(viewer.id, author.id);
    await follow(viewer.id, other.id);
    // And one who follows many more, who never post (Following's narrow way, not its authors way).
    const crowded = await crowdedReaderOf(author.id, other.id);
    // A stranger's posts with the words, older than every post below; a followed member reposts them last.
    const stranger = await createUser();
    const strangers = [];
    for (let i = 0; i < 3; i++) strangers.push(await createPost(stranger.id, { content: `${word} from afar ${i}`, createdAt: new Date(clock.next()) }));
    const expected: string[] = [];
    for (let i = 0; i < 2 * FEED_PAGE_SIZE + 5; i++) {
      // Every third post by the named author, every third with the words, every third with the tag.
      const kind = i % 3;
      const post = await createPost(kind === 0 ? author.id : other.id, { content: kind === 1 ? `${word} ${i}` : `post ${i}`, createdAt: new Date(clock.next()) });
      if (kind === 2) await db().insert(postHashtags).values({ postId: post.id, hashtag: word });
      expected.unshift(post.id);
      await createPost(other.id, { content: "filler", createdAt: new Date(clock.next()) });
    }
    for (const post of strangers) {
      const repost = await setRepost(db(), other.id, post.id, true, clock.next());
      if (!repost.ok || !repost.repostId) throw new Error("repost refused");
      expected.unshift(repost.repostId);
    }
    // For you lists the stranger's posts too, oldest of all.
    const everyone = [...expected, ...strangers.map((post) => post.id).reverse()];
    expect(await everyId((cursor) => forYou(viewer.id, word, cursor))).toEqual(everyone);
    expect(await everyId((cursor) => following(viewer.id, word, cursor))).toEqual(expected);
    expect(await everyId((cursor) => following(crowded.id, word, cursor))).toEqual(expected);
  });

  it(`For you walks the newest posts when ${SEARCH_NAMED_SCAN_MIN_MEMBERS} or more members are named, and still finds a quiet one's older posts and their reposts`, async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const name = uniqueWord("Namesake");
    const named = [];
    for (let i = 0; i < SEARCH_NAMED_SCAN_MIN_MEMBERS; i++) named.push(await createUser({ displayName: `${name} ${i}` }));
    const quiet = await createPost(named[0]!.id, { content: "long ago", createdAt: new Date(clock.next()) });
    const busy = await createUser();
    await bulkPosts(busy.id, FOLLOWING_SCAN_WINDOW, "busy", clock.next());
    clock.next(TIME.HOUR);
    const recent = [];
    for (const member of named.slice(1, 4)) recent.unshift((await createPost(member.id, { content: "now", createdAt: new Date(clock.next()) })).id);
    expect(ids(await forYou(viewer.id, name))).toEqual([...recent, quiet.id]);
    // Less than a page: the walk of reposts goes back to the oldest post found, and finds its repost.
    const repost = await setRepost(db(), (await createUser()).id, quiet.id, true, clock.next());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");
    expect(ids(await forYou(viewer.id, name))).toEqual([repost.repostId, ...recent, quiet.id]);
  });

  it(`For you and Following find a repost of an original older than the ${SEARCH_REPOST_WORDS_READ} newest matches they read`, async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const word = uniqueWord("deep");
    const author = await createUser();
    const old = await createPost(author.id, { content: `first ${word}`, createdAt: new Date(clock.next()) });
    const unrelated = await createPost(author.id, { content: "first of nothing", createdAt: new Date(clock.next()) });
    await bulkPosts(author.id, SEARCH_REPOST_WORDS_READ / 2, `more ${word}`, clock.next());
    clock.next(TIME.HOUR);
    // Among the newest matches read, without the words: tested against them, and not found.
    const among = await createPost(author.id, { content: "nothing of note", createdAt: new Date(clock.next()) });
    clock.next(TIME.HOUR);
    await bulkPosts(author.id, SEARCH_REPOST_WORDS_READ / 2 + 1, `yet more ${word}`, clock.next());
    clock.next(TIME.HOUR);
    const reposter = await createUser();
    const repost = await setRepost(db(), reposter.id, old.id, true, clock.next());
    const other = await setRepost(db(), reposter.id, unrelated.id, true, clock.next());
    const amid = await setRepost(db(), reposter.id, among.id, true, clock.next());
    if (!repost.ok || !repost.repostId || !other.ok || !amid.ok) throw new Error("repost refused");
    // The one word: the reposts from reposts_fts (decision 063). With an underscore it asks a tag too
    // (`searchedTag`), and For you walks the reposts, testing each original against the newest matches
    // and one older than them by FTS5 (decision 061); FTS5 parts the word at the underscore.
    for (const query of [word, `${word}_`]) {
      const first = ids(await forYou(viewer.id, query));
      expect(first[0]).toBe(repost.repostId);
      expect(first).not.toContain(other.repostId);
      expect(first).not.toContain(amid.repostId);
    }
    // Following finds them too, whichever way it takes: from reposts_fts, or (many reposts' originals
    // with the words: `fewReposts` false) walked as For you walks them.
    const follower = await createUser();
    await follow(follower.id, reposter.id);
    await follow(follower.id, author.id);
    const crowded = await crowdedReaderOf(reposter.id, author.id);
    for (const reader of [follower.id, crowded.id]) {
      const theirs = ids(await following(reader, word));
      expect(theirs[0]).toBe(repost.repostId);
      expect(theirs).not.toContain(other.repostId);
      expect(theirs).not.toContain(amid.repostId);
    }
    const walked = await followingWithFewReposts(crowded.id, word, false);
    expect(walked[0]).toBe(repost.repostId);
    expect(walked).not.toContain(other.repostId);
    expect(walked).not.toContain(amid.repostId);
  });

  it(`For you lists the newest reposts of a named member's old posts, found apart (posts in all at most ${SEARCH_NAMED_REPOSTS_MAX_POSTS}) or walked`, async () => {
    const clock = futureClock();
    const viewer = await createUser();
    const name = uniqueWord("Reposted");
    const few = await createUser({ displayName: `${name} Few` });
    const many = await createUser({ displayName: `${name} Many` });
    // More posts than a page by the first, older than everything else; far more by the second.
    const fews = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 2; i++) fews.unshift((await createPost(few.id, { content: `old ${i}`, createdAt: new Date(clock.next()) })).id);
    await bulkPosts(many.id, SEARCH_NAMED_REPOSTS_MAX_POSTS + 1, "plenty", clock.next());
    clock.next(TIME.HOUR);
    const other = await createUser();
    for (let i = 0; i < FEED_PAGE_SIZE; i++) await createPost(other.id, { content: "filler", createdAt: new Date(clock.next()) });
    const reposter = await createUser();
    const kept = await createUser();
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, kept.id));
    const oldest = fews.at(-1)!;
    const repost = await setRepost(db(), reposter.id, oldest, true, clock.next());
    // A repost by a member who keeps their posts for followers is not the viewer's to see.
    await setRepost(db(), kept.id, fews.at(-2)!, true, clock.next());
    if (!repost.ok || !repost.repostId) throw new Error("repost refused");
    expect(await everyId((cursor) => forYou(viewer.id, `${name} few`, cursor))).toEqual([repost.repostId, ...fews]);
    // Found apart from the named member's reposted posts (posts_reposted_user_idx, decision 112): a repost
    // taken back leaves the list, one made again is in it again.
    await setRepost(db(), reposter.id, oldest, false, clock.next());
    expect(ids(await forYou(viewer.id, `${name} few`))).toEqual(fews.slice(0, FEED_PAGE_SIZE));
    const again = await setRepost(db(), reposter.id, oldest, true, clock.next());
    if (!again.ok || !again.repostId) throw new Error("repost refused");
    expect(ids(await forYou(viewer.id, `${name} few`))).toEqual([again.repostId, ...fews.slice(0, FEED_PAGE_SIZE - 1)]);
    const manysOldest = (await db().select({ id: posts.id }).from(posts).where(eq(posts.userId, many.id)).orderBy(posts.id).limit(1))[0]!.id;
    const walked = await setRepost(db(), reposter.id, manysOldest, true, clock.next());
    if (!walked.ok || !walked.repostId) throw new Error("repost refused");
    expect(ids(await forYou(viewer.id, `${name} many`)).slice(0, 2)).toEqual([walked.repostId, expect.any(String)]);
    expect(ids(await forYou(viewer.id, name)).slice(0, 2)).toEqual([walked.repostId, again.repostId]);
  });

  it("Following under more than FOLLOWING_SEARCH_NEAR_MATCHES newer matches: followed members who write much, little, or much that does not match", async () => {
    const clock = futureClock();
    const word = uniqueWord("flood");
    const quiet = await createUser();
    const prolific = await createUser();
    const crowd = await createUser();
    // Older matches: the quiet member's two, and the prolific member's one under many other posts of theirs.
    const quietOnes = [(await createPost(quiet.id, { content: `old ${word}`, createdAt: new Date(clock.next()) })).id];
    quietOnes.unshift((await createPost(quiet.id, { content: `older ${word} still`, createdAt: new Date(clock.next()) })).id);
    const prolificOnes = [(await createPost(prolific.id, { content: `early ${word}`, createdAt: new Date(clock.next()) })).id];
    await bulkPosts(prolific.id, FOLLOWING_SEARCH_PROBE_MAX_POSTS + 50, "other things", clock.next());
    clock.next(TIME.HOUR);
    // Then more matches than `words` holds, and more than a sample of posts, all by the crowd; among
    // them, two by a member whose posts the newest matches cover.
    const mixed = await createUser();
    await bulkPosts(crowd.id, FOLLOWING_SEARCH_NEAR_MATCHES / 2, `crowd ${word}`, clock.next());
    clock.next(TIME.HOUR);
    const mixedOnes = [(await createPost(mixed.id, { content: `among ${word}`, createdAt: new Date(clock.next()) })).id];
    mixedOnes.unshift((await createPost(mixed.id, { content: `among ${word} again`, createdAt: new Date(clock.next()) })).id);
    clock.next(TIME.HOUR);
    await bulkPosts(crowd.id, FOLLOWING_SEARCH_NEAR_MATCHES / 2 + 50, `crowd ${word}`, clock.next());
    clock.next(TIME.HOUR);
    const latest = (await createPost(crowd.id, { content: `latest ${word}`, createdAt: new Date(clock.next()) })).id;
    const planFor = async (viewer: string) => runRead(followingSearchPlanRead(db(), viewer, word, null)!);
    // A cursor whose post is gone (a repost taken back) pages as one just after it would.
    const gone = newId(clock.next());
    // Each case twice: a viewer who follows the members alone (FTS5 asked for their ids: decision 061),
    // and one who also follows members who never post (`followSilent`).
    const viewersOf = async (...followed: string[]) => {
      const few = await createUser();
      for (const id of followed) await follow(few.id, id);
      const crowded = await crowdedReaderOf(...followed);
      expect((await planFor(few.id)).way).toBe("authors");
      return { few: few.id, crowded: crowded.id, both: [few.id, crowded.id] };
    };

    // Posts among the newest matches: tested against them.
    const amid = await viewersOf(mixed.id);
    for (const viewer of amid.both) {
      expect(ids(await following(viewer, word))).toEqual(mixedOnes);
      expect(ids(await following(viewer, word, gone))).toEqual(mixedOnes);
    }
    // Older, few posts of theirs: each asked about on its own.
    const quietFollower = await viewersOf(quiet.id);
    expect(await planFor(quietFollower.crowded)).toEqual({ whole: true, way: "narrow", fewTagged: true, fewPosts: true, across: false, fewReposts: true });
    for (const viewer of quietFollower.both) {
      expect(ids(await following(viewer, word))).toEqual(quietOnes);
      expect(ids(await following(viewer, word, gone))).toEqual(quietOnes);
      // Word beginnings, never asked one at a time: every match read once.
      expect(ids(await following(viewer, word.slice(0, -1)))).toEqual(quietOnes);
    }
    // Older, many posts of theirs: every match read once.
    const many = await viewersOf(prolific.id);
    expect((await planFor(many.crowded)).fewPosts).toBe(false);
    for (const viewer of many.both) expect(ids(await following(viewer, word))).toEqual(prolificOnes);
    // Followed members who wrote much of what is new: the matches walked, newest first, and paged.
    const wide = await viewersOf(crowd.id, quiet.id);
    expect(await planFor(wide.crowded)).toEqual({ whole: true, way: "wide", fewTagged: true, fewPosts: false, across: true, fewReposts: true });
    for (const viewer of wide.both) {
      const first = await following(viewer, word);
      expect(first.items).toHaveLength(FEED_PAGE_SIZE);
      expect(first.items[0]!.id).toBe(latest);
      const second = await following(viewer, word, first.nextCursor);
      expect(second.items).toHaveLength(FEED_PAGE_SIZE);
      expect(second.items.every((item) => item.post.author.id === crowd.id)).toBe(true);
      // No gap between the pages: the second starts with the crowd's newest post older than the first's last.
      expect(second.items[0]!.id < first.items.at(-1)!.id).toBe(true);
      expect(ids(await following(viewer, word, gone)).slice(0, FEED_PAGE_SIZE)).toEqual(ids(first));
    }
    // Their reposts: the quiet member's repost of the prolific member's old match, and not the repost of
    // a post without the words nor a repost by a member they do not follow.
    const reposted = await setRepost(db(), quiet.id, prolificOnes[0]!, true, clock.next());
    if (!reposted.ok || !reposted.repostId) throw new Error("repost refused");
    const unrelated = await createPost(prolific.id, { content: "nothing to find", createdAt: new Date(clock.next()) });
    await setRepost(db(), crowd.id, unrelated.id, true, clock.next());
    // And a repost of a match by a member these viewers do not follow.
    const unfollowed = await setRepost(db(), mixed.id, quietOnes[0]!, true, clock.next());
    if (!unfollowed.ok || !unfollowed.repostId) throw new Error("repost refused");
    expect((await planFor(wide.crowded)).across).toBe(true);
    for (const viewer of wide.both) expect(ids(await following(viewer, word)).slice(0, 2)).toEqual([reposted.repostId, latest]);
    // Few reposts' originals have the words: their reposts read from reposts_fts; with many, walked.
    // Both find the same, in the wide way and the narrow.
    for (const fewReposts of [true, false]) {
      expect((await followingWithFewReposts(wide.crowded, word, fewReposts)).slice(0, 2)).toEqual([reposted.repostId, latest]);
      expect(await followingWithFewReposts(quietFollower.crowded, word, fewReposts)).toEqual([reposted.repostId, ...quietOnes]);
    }
  }, 60_000);

  it("Following's wide way is read with its plan when the plan's sample holds a whole page, for a member known to follow many: the same pages, in 1 D1 round trip", async () => {
    const clock = futureClock();
    const word = uniqueWord("wide");
    // More posts with the word than FOLLOWING_SEARCH_FEW_MATCHES, each reposted once, by members the
    // viewer does not follow (so the plan's `fewReposts` is false), written before the followed ones.
    const old = await createUser();
    const stranger = await createUser();
    await bulkPosts(old.id, FOLLOWING_SEARCH_FEW_MATCHES + 1, `old ${word}`, clock.next());
    clock.next(TIME.HOUR);
    await env.DB.prepare(
      `INSERT INTO posts (id, user_id, content, created_at, reposted_from_post_id)
       SELECT ?1 || printf('%016d', row_number() OVER (ORDER BY id)), ?2, '', ?3, id FROM posts WHERE user_id = ?4 ORDER BY id`,
    )
      .bind(newId(clock.next()).slice(0, 10), stranger.id, clock.next(), old.id)
      .run();
    clock.next(TIME.HOUR);
    // Then the followed members' matches, newest: three pages and a half of them.
    const crowd = await createUser();
    const quiet = await createUser();
    const quietOne = (await createPost(quiet.id, { content: `quiet ${word}`, createdAt: new Date(clock.next()) })).id;
    await bulkPosts(crowd.id, FEED_PAGE_SIZE * 3 + 10, `crowd ${word}`, clock.next());
    clock.next(TIME.HOUR);
    // A post for the crowd's subscribers, whom the viewer is not among.
    await createPost(crowd.id, { content: `locked ${word}`, isSubscriberOnly: true, createdAt: new Date(clock.next()) });
    // A followed member's repost of an old match, newest of all, and one of a post without the word.
    const oldOnes = await db().select({ id: posts.id }).from(posts).where(eq(posts.userId, old.id)).orderBy(posts.id).limit(1);
    const reposted = await setRepost(db(), quiet.id, oldOnes[0]!.id, true, clock.next());
    if (!reposted.ok || !reposted.repostId) throw new Error("repost refused");
    const plain = await createPost(old.id, { content: "nothing to find", createdAt: new Date(clock.next()) });
    await setRepost(db(), crowd.id, plain.id, true, clock.next());
    const viewer = await crowdedReaderOf(crowd.id, quiet.id);
    expect(await runRead(followingSearchPlanRead(db(), viewer.id, word, null)!)).toEqual({
      whole: true,
      way: "wide",
      fewTagged: true,
      fewPosts: false,
      across: true,
      fewReposts: false,
    });
    // Every page as the plan's own statement reads it (`following`), to the end: the repost, the crowd's
    // posts newest first, the quiet member's post; nothing else, nothing twice. The wide way's page is
    // read with the plan once the worker knows the viewer follows many: after their first search.
    await getFollowingFeed(db(), viewer.id, { query: word });
    expect(followingSearchFirst(db(), viewer.id, word, { cursor: null })).toHaveLength(3);
    const crowdOnes = (
      await db()
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.userId, crowd.id), isNull(posts.repostedFromPostId), eq(posts.isSubscriberOnly, false)))
        .orderBy(desc(posts.id))
    ).map((row) => row.id);
    expect(crowdOnes).toHaveLength(FEED_PAGE_SIZE * 3 + 10);
    const expected = [reposted.repostId, ...crowdOnes, quietOne];
    expect(await everyId((cursor) => following(viewer.id, word, cursor))).toEqual(expected);
    // Read with the plan, the page stands (the plan's own page is the same, above).
    const stands = async (cursor: string | null) =>
      "page" in followingSearchThen(await runReads(db(), followingSearchFirst(db(), viewer.id, word, { cursor })), db(), { query: word, cursor });
    const first = await following(viewer.id, word);
    expect(await stands(null)).toBe(true);
    expect(await stands(first.nextCursor)).toBe(true);
    // A post whose rowid is newer than its id (written again under its id, as two members' posts written
    // at once may be): the pages find it where its id puts it.
    const moved = crowdOnes[FEED_PAGE_SIZE + 5]!;
    const row = await env.DB.prepare("SELECT * FROM posts WHERE id = ?").bind(moved).first<Record<string, unknown>>();
    // Its stored columns (pragma_table_info leaves the generated ones out).
    const columns = (await env.DB.prepare("SELECT name FROM pragma_table_info('posts')").all<{ name: string }>()).results.map((column) => column.name);
    await env.DB.batch([
      env.DB.prepare("DELETE FROM posts WHERE id = ?").bind(moved),
      env.DB.prepare(`INSERT INTO posts (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...columns.map((column) => row![column])),
    ]);
    expect(await everyId((cursor) => following(viewer.id, word, cursor))).toEqual(expected);
    // As a link: the session's first search reads the plan, then the page; after it, the first page
    // and the next are read with the plan in the session's trip.
    const cookie = await sessionCookieFor(viewer.id);
    expect(Number((await get(`/?tab=following&q=${word}`, { Cookie: cookie })).headers.get("X-D1-Depth"))).toBe(2);
    for (const [cursor, shown] of [
      [null, crowdOnes[0]!],
      [first.nextCursor, crowdOnes[FEED_PAGE_SIZE]!],
    ] as const) {
      const found = await get(`/?tab=following&q=${word}${cursor ? `&cursor=${cursor}` : ""}`, { Cookie: cookie });
      expect(found.status).toBe(200);
      expect(Number(found.headers.get("X-D1-Depth"))).toBe(1);
      expect(await found.text()).toContain(shown);
    }
    // A member who follows few: the authors way's page alone is read with the plan.
    const few = await createUser();
    await follow(few.id, crowd.id);
    await getFollowingFeed(db(), few.id, { query: word });
    expect(followingSearchFirst(db(), few.id, word, { cursor: null })).toHaveLength(2);
  });

  it("works as a plain link on both tabs, in 1 D1 round trip (For you; Following's authors way without a tag) or 2 (Following's plan, then its page); an unsearchable query finds nothing", async () => {
    const { user: viewer, cookie } = await member();
    const author = await createUser();
    await follow(viewer.id, author.id);
    const crowded = await crowdedReaderOf(author.id);
    const crowdedCookie = await sessionCookieFor(crowded.id);
    const word = uniqueWord("link");
    // Two words: the tag is asked apart from the words (`searchedTag`).
    const twoWords = `${word} ${uniqueWord("too")}`;
    await createPost(author.id, { content: `Plain ${twoWords}` });
    const cases: [string, string, string, number][] = [
      ["", word, cookie, 1],
      ["tab=following&", word, cookie, 1],
      ["tab=following&", twoWords, cookie, 2],
      ["tab=following&", word, crowdedCookie, 2],
    ];
    for (const [tab, query, as, trips] of cases) {
      const found = await get(`/?${tab}q=${encodeURIComponent(query)}`, { Cookie: as });
      expect(await found.text()).toContain(`Plain ${twoWords}`);
      expect(Number(found.headers.get("X-D1-Depth"))).toBe(trips);
      const nothing = await get(`/?${tab}q=${encodeURIComponent("!!!")}`, { Cookie: as });
      expect(nothing.status).toBe(200);
      expect(await nothing.text()).not.toContain(`Plain ${twoWords}`);
    }
  });

  it.each([
    ["by id", (id: string): Promise<Viewer> => Promise.resolve(id)],
    ["found from their session", (id: string): Promise<Viewer> => sessionViewerOf(id)],
  ])("for a member %s: within D1's limits, and no scan of posts, users or hashtags", async (_how, viewerOf) => {
    const me = await createUser();
    const viewer = (await viewerOf(me.id)) as Exclude<Viewer, null>;
    const { spy, captured } = capturingD1();
    const spyDb = getDb(spy);
    const plans: SearchPlan[] = [
      { whole: true, way: "authors", fewTagged: true, fewPosts: true, across: false, fewReposts: false },
      { whole: false, way: "authors", fewTagged: false, fewPosts: true, across: false, fewReposts: false },
      { whole: true, way: "wide", fewTagged: true, fewPosts: false, across: false, fewReposts: true },
      { whole: true, way: "wide", fewTagged: false, fewPosts: false, across: true, fewReposts: false },
      { whole: true, way: "narrow", fewTagged: false, fewPosts: true, across: false, fewReposts: false },
      { whole: false, way: "narrow", fewTagged: true, fewPosts: false, across: false, fewReposts: true },
      { whole: false, way: "wide", fewTagged: true, fewPosts: false, across: false, fewReposts: false },
      { whole: true, way: "narrow", fewTagged: true, fewPosts: false, across: false, fewReposts: true },
    ];
    const reads: Read<unknown>[] = [];
    const followingPages: Read<unknown>[] = [];
    for (const query of ["coffee", "coffee morn", "#coffee"]) {
      for (const cursor of [null, newId()]) {
        // The plan, and without a tag the authors way's page read with it (decision 064) and the wide way's (111).
        const [planRead, atOnce, wideAtOnce] = followingSearchFirst(spyDb, viewer, query, { cursor }, true);
        expect(Boolean(atOnce), query).toBe(query !== "coffee morn");
        expect(Boolean(wideAtOnce), query).toBe(query !== "coffee morn");
        reads.push(planRead, forYouRead(spyDb, viewer, { query, cursor }));
        for (const page of [...(atOnce ? [atOnce] : []), ...(wideAtOnce ? [wideAtOnce] : []), ...plans.map((plan) => followingRead(spyDb, viewer, { query, cursor, plan }))]) {
          reads.push(page);
          followingPages.push(page);
        }
      }
    }
    expect(captured).toHaveLength(reads.length);
    for (const query of captured) {
      // D1 binds at most 100 values a statement (and refuses an expression deeper than 100: planOf fails).
      expect(query.params.length, query.sql).toBeLessThanOrEqual(100);
      // No LIMIT or OFFSET is bound: SQLite would prepare the statement again on every run (decision 064).
      expect(query.sql).not.toMatch(/\b(limit|offset)\s+\?/i);
      const details = await planOf(query);
      // The walks over the newest posts (s, scanned, edge) are the only scans of an index of posts.
      // Nor a post found by its id through posts_user_idx, once for each of a list of members.
      const scans = details.filter(
        (d) =>
          /^SCAN (posts|users|post_hashtags|p|t|w|o|own|counted|ph|u)\b/.test(d) ||
          /^SCAN r\b(?!.*posts_reposts_idx)/.test(d) ||
          /posts_user_idx \(user_id=\? AND id=\?/.test(d),
      );
      expect(scans, `${query.sql}\n${details.join("\n")}`).toEqual([]);
    }
    const answers = await Promise.all(reads.map((read) => runRead(read)));
    // This member follows no one: every Following page is empty, whichever way (the authors way's
    // FTS5 query then names an id no post has).
    for (const page of followingPages) expect((answers[reads.indexOf(page)] as { items: unknown[] }).items).toEqual([]);
  });
});

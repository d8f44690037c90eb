import { describe, expect, it } from "vitest";
import { bookmarksReads, listBookmarks } from "~/.server/bookmarks";
import { getDb } from "~/.server/db/client";
import { runRead, runReads, type Read } from "~/.server/db/reads";
import { creatorSubscriptions, hashtagTrends, postBookmarks, postHashtags } from "~/.server/db/schema";
import { hashtagPostsRead, hashtagStatsRead } from "~/.server/hashtags";
import { newId } from "~/.server/ids";
import { createPost as publishPost } from "~/.server/posts/create";
import { bookmarkCursor } from "~/.server/posts/cursors";
import { setBookmark } from "~/.server/posts/interactions";
import { HASHTAG_MESSAGES } from "~/lib/texts/hashtag";
import type { Viewer } from "~/.server/viewer";
import { FEED_PAGE_SIZE, TIME } from "~/lib/constants";
import type { FeedPage } from "~/lib/types/post";
import { unique } from "../fixtures/factories";
import { allPages, capturingD1, createPost, createUser, db, get, member, planOf, sessionViewerOf } from "./helpers";

/** A tag no other test uses (letters first: a tag of digits only is no tag). */
const uniqueTag = () => unique("tag").toLowerCase().replace(/[^a-z0-9]/g, "");

async function bookmark(userId: string, postId: string, at: number) {
  await db().insert(postBookmarks).values({ postId, userId, createdAt: new Date(at) });
}

const ids = (page: FeedPage) => page.items.map((item) => item.id);

describe("bookmarks (spec document 2 §2 'Bookmarks')", () => {
  it("lists the member's bookmarked posts, newest bookmark first (not newest post), and nobody else's", async () => {
    const me = await createUser();
    const other = await createUser();
    const author = await createUser();
    const older = await createPost(author.id, { content: "the older post", createdAt: new Date(Date.now() - TIME.DAY) });
    const newer = await createPost(author.id, { content: "the newer post" });
    const notMine = await createPost(author.id, { content: "someone else's bookmark" });
    const now = Date.now();
    await bookmark(me.id, newer.id, now - 2 * TIME.MINUTE);
    await bookmark(me.id, older.id, now - TIME.MINUTE);
    await bookmark(other.id, notMine.id, now);

    const page = await listBookmarks(db(), me.id);
    expect(ids(page)).toEqual([older.id, newer.id]);
    expect(page.items.every((item) => item.post.viewer.bookmarked)).toBe(true);
    expect(page.nextCursor).toBeNull();
  });

  it("pages by the bookmark without gaps or repeats, bookmarks of the same millisecond included, and goes on after the last card is un-bookmarked", async () => {
    const me = await createUser();
    const author = await createUser();
    const posts = [];
    for (let i = 0; i < 7; i++) posts.push(await createPost(author.id, { content: `saved ${i}`, createdAt: new Date(Date.now() - (10 - i) * TIME.MINUTE) }));
    const at = Date.now() - TIME.HOUR;
    // Bookmarked in another order than written; three of them in the same millisecond.
    const order = [3, 0, 6, 1, 5, 2, 4];
    const times = [at, at + 1, at + 1, at + 1, at + 2, at + 3, at + 4];
    for (const [i, index] of order.entries()) await bookmark(me.id, posts[index]!.id, times[i]!);

    const pages = await allPages((cursor) => listBookmarks(db(), me.id, { cursor, limit: 2 }));
    expect(pages.map((page) => page.items.length)).toEqual([2, 2, 2, 1]);
    const listed = pages.flatMap(ids);
    expect(new Set(listed).size).toBe(7);
    // Newest bookmark first; the three of one millisecond by post id, newest post first.
    const tied = [posts[0]!.id, posts[6]!.id, posts[1]!.id].sort().reverse();
    expect(listed).toEqual([posts[4]!.id, posts[2]!.id, posts[5]!.id, ...tied, posts[3]!.id]);

    // The page's last card is un-bookmarked (with JavaScript it stays on screen): the next page still follows it.
    const first = await listBookmarks(db(), me.id, { limit: 3 });
    await setBookmark(db(), me.id, first.items.at(-1)!.id, false);
    const second = await listBookmarks(db(), me.id, { limit: 3, cursor: first.nextCursor });
    expect(ids(second)).toEqual(listed.slice(3, 6));
  });

  it("search finds bookmarks by their words (word beginnings), author name or username, and hashtag; nothing else", async () => {
    const me = await createUser();
    const baker = await createUser({ displayName: "Hortense Quillfeather", username: unique("crumbmaster_").slice(0, 30) });
    const tag = uniqueTag();
    const bread = await createPost(baker.id, { content: `Sourdough at dawn #${tag}` });
    await db().insert(postHashtags).values({ postId: bread.id, hashtag: tag });
    const other = await createPost((await createUser()).id, { content: "Sourdough is not bookmarked here" });
    const unrelated = await createPost((await createUser()).id, { content: "A walk by the river" });
    await bookmark(me.id, bread.id, Date.now() - 2000);
    await bookmark(me.id, unrelated.id, Date.now() - 1000);

    const search = async (query: string) => ids(await listBookmarks(db(), me.id, { query }));
    expect(await search("sourdo")).toEqual([bread.id]);
    expect(await search("DAWN")).toEqual([bread.id]);
    expect(await search("Quillfea")).toEqual([bread.id]);
    expect(await search("hortense quill")).toEqual([bread.id]);
    expect(await search(baker.username)).toEqual([bread.id]);
    expect(await search("crumbmaster")).toEqual([bread.id]);
    expect(await search(`#${tag}`)).toEqual([bread.id]);
    expect(await search(tag.toUpperCase())).toEqual([bread.id]);
    expect(await search("river")).toEqual([unrelated.id]);
    expect(await search("nothingmatchesthis")).toEqual([]);
    // Punctuation alone searches for nothing, and FTS5 syntax is only text.
    expect(await search("!!!")).toEqual([]);
    expect(await search('" OR * NEAR(')).toEqual([]);
    expect(await search("sourdough")).not.toContain(other.id);
  });

  it("a subscriber-only post the member may no longer see is not found by its hidden words or hashtags, only by its author", async () => {
    const me = await createUser();
    const creator = await createUser({ displayName: "Philippa Lockwood" });
    const tag = uniqueTag();
    const locked = await createPost(creator.id, { content: `Secret recipe zanzibarine #${tag}`, isSubscriberOnly: true });
    await db().insert(postHashtags).values({ postId: locked.id, hashtag: tag });
    const subscription = { id: newId(), subscriberId: me.id, subscribedToId: creator.id, amountCents: 499, expiresAt: new Date(Date.now() + TIME.DAY) };
    await db().insert(creatorSubscriptions).values(subscription);
    // Bookmarked while subscribed (a locked post cannot be bookmarked).
    expect(await setBookmark(db(), me.id, locked.id, true)).toMatchObject({ ok: true });
    expect(ids(await listBookmarks(db(), me.id, { query: "zanzibar" }))).toEqual([locked.id]);

    // The subscription has ended: the card is locked and its words and tags no longer find it.
    const later = Date.now() + 2 * TIME.DAY;
    for (const query of ["zanzibar", "secret recipe", `#${tag}`]) {
      expect(ids(await listBookmarks(db(), me.id, { query, now: later })), query).toEqual([]);
    }
    const byAuthor = await listBookmarks(db(), me.id, { query: "Lockwood", now: later });
    expect(ids(byAuthor)).toEqual([locked.id]);
    expect(byAuthor.items[0]!.post.locked).toBe(true);
    expect(JSON.stringify(byAuthor)).not.toContain("zanzibar");
  });

  it("through the page: one D1 round trip, the search box, and both empty states; visitors go to sign in", async () => {
    const viewer = await member();
    const empty = await get("/bookmarks", { Cookie: viewer.cookie });
    expect(empty.status).toBe(200);
    expect(Number(empty.headers.get("X-D1-Depth"))).toBe(1);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("No bookmarks yet");
    expect(emptyHtml).toMatch(/<label for="[^"]+" class="sr-only">Search bookmarks<\/label>/);
    expect(emptyHtml).toContain('placeholder="Search bookmarks"');

    const post = await createPost((await createUser()).id, { content: "kept for later reading" });
    await setBookmark(db(), viewer.user.id, post.id, true);
    const listed = await get("/bookmarks", { Cookie: viewer.cookie });
    expect(Number(listed.headers.get("X-D1-Depth"))).toBe(1);
    expect(await listed.text()).toContain("kept for later reading");

    const searched = await get(`/bookmarks?${new URLSearchParams({ q: "later" })}`, { Cookie: viewer.cookie });
    expect(Number(searched.headers.get("X-D1-Depth"))).toBe(1);
    expect(await searched.text()).toContain("kept for later reading");
    const missed = await (await get(`/bookmarks?${new URLSearchParams({ q: "zebra" })}`, { Cookie: viewer.cookie })).text();
    expect(missed).toContain("No bookmarks match “zebra”");
    expect(missed).not.toContain("kept for later reading");

    for (const path of ["/bookmarks?cursor=zzz", "/bookmarks?cursor=b~x~y", `/bookmarks?cursor=b~1e400~${newId()}`, "/bookmarks?q=%00%22*", `/bookmarks?q=${"a".repeat(5000)}`]) {
      expect((await get(path, { Cookie: viewer.cookie })).status, path).toBe(200);
    }
    const visitor = await get("/bookmarks");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?/);
  });
});

describe("hashtag page (spec document 2 §2 'Hashtag page')", () => {
  it("lists the tag's posts newest first whatever case the address uses, and leaves out posts the viewer may not see", async () => {
    const viewer = await member();
    const author = await createUser();
    const tag = uniqueTag();
    const Tag = `${tag.slice(0, 1).toUpperCase()}${tag.slice(1)}`;
    // Written through the composer's domain function: its hashtags become rows, lower-case.
    const publish = (content: string, ago: number) =>
      publishPost(db(), author.id, { content, location: undefined, visibility: "everyone", imageKeys: [] }, { now: Date.now() - ago });
    const first = await publish(`First about #${Tag}`, 2000);
    const second = await publish(`Second about #${tag.toUpperCase()}`, 1000);
    const locked = await createPost(author.id, { content: `Hidden #${tag}`, isSubscriberOnly: true });
    await db().insert(postHashtags).values({ postId: locked.id, hashtag: tag });
    expect(first.ok && second.ok).toBe(true);
    const [firstId, secondId] = [first, second].map((outcome) => (outcome.ok ? outcome.postId : ""));

    for (const asked of [tag, tag.toUpperCase(), Tag, `%23${tag}`]) {
      const response = await get(`/hashtag/${asked}`, { Cookie: viewer.cookie });
      expect(response.status, asked).toBe(200);
      expect(Number(response.headers.get("X-D1-Depth")), asked).toBe(1);
      const html = await response.text();
      expect(html, asked).toContain(`#${tag}</h1>`);
      expect(html.indexOf("Second about")).toBeGreaterThan(-1);
      expect(html.indexOf("Second about"), asked).toBeLessThan(html.indexOf("First about"));
      expect(html, asked).not.toContain("Hidden");
    }
    expect(ids(await runRead(hashtagPostsRead(db(), viewer.user.id, tag)))).toEqual([secondId, firstId]);
    // Its author sees it.
    expect(ids(await runRead(hashtagPostsRead(db(), author.id, tag)))).toEqual([locked.id, secondId, firstId]);
  });

  it("pages through the tag's posts without gaps or repeats, while new posts arrive", async () => {
    const author = await createUser();
    const tag = uniqueTag();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      const post = await createPost(author.id, { content: `#${tag} ${i}`, createdAt: new Date(Date.now() - (10 - i) * TIME.MINUTE) });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: tag });
      created.push(post.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FeedPage = await runRead(hashtagPostsRead(db(), author.id, tag, { cursor, limit: 3 }));
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
      // A post arriving between pages belongs to the first page of a later visit, not to these.
      const arrived = await createPost(author.id, { content: `#${tag} new` });
      await db().insert(postHashtags).values({ postId: arrived.id, hashtag: tag });
    } while (cursor && pages < 10);
    expect(seen).toEqual([...created].reverse());
  });

  it("shows the count (K/M to one decimal) and the growth only above 0, from hashtag_trends; an untrended tag is counted", async () => {
    const viewer = await member();
    const author = await createUser();
    const growing = uniqueTag();
    const flat = uniqueTag();
    const falling = uniqueTag();
    const fresh = uniqueTag();
    await db()
      .insert(hashtagTrends)
      .values([
        { hashtag: growing, postsCount: 1234, growthRate: 0.25 },
        { hashtag: flat, postsCount: 2_500_000, growthRate: 0 },
        { hashtag: falling, postsCount: 999, growthRate: -0.4 },
      ]);
    for (let i = 0; i < 3; i++) {
      const post = await createPost(author.id, { content: `#${fresh} ${i}` });
      await db().insert(postHashtags).values({ postId: post.id, hashtag: fresh });
    }
    const header = async (tag: string) => {
      const html = await (await get(`/hashtag/${tag}`, { Cookie: viewer.cookie })).text();
      return html.slice(html.indexOf(`#${tag}</h1>`), html.indexOf("Share"));
    };
    expect(await header(growing)).toMatch(/<strong[^>]*>1\.2K<\/strong> posts/);
    expect(await header(growing)).toContain("+25% growth");
    expect(await header(flat)).toMatch(/<strong[^>]*>2\.5M<\/strong> posts/);
    expect(await header(flat)).not.toContain("growth");
    expect(await header(falling)).toMatch(/<strong[^>]*>999<\/strong> posts/);
    expect(await header(falling)).not.toContain("growth");
    expect(await header(fresh)).toMatch(/<strong[^>]*>3<\/strong> posts/);
    expect(await runRead(hashtagStatsRead(db(), uniqueTag()))).toEqual({ postsCount: 0, growthRate: 0 });
  });

  it("a tag without posts shows the spec's empty state; an address that cannot be a tag is a clear 404; visitors go to sign in", async () => {
    const viewer = await member();
    const tag = uniqueTag();
    const html = await (await get(`/hashtag/${tag}`, { Cookie: viewer.cookie })).text();
    for (const text of ["No posts found", `No posts have been made with #${tag} yet.`, "Be the first to post about this topic!"]) expect(html).toContain(text);
    for (const path of ["/hashtag/not-a-tag", "/hashtag/12345", "/hashtag/%F0%9F%98%80", `/hashtag/${"a".repeat(101)}`, "/hashtag/%27%3B%20DROP%20TABLE%20posts", "/hashtag/%23"]) {
      const response = await get(path, { Cookie: viewer.cookie });
      expect(response.status, path).toBe(404);
      const page = await response.text();
      expect(page, path).toContain("Not a hashtag");
      // It says what a hashtag is, digits alone not being one (as for /hashtag/12345).
      expect(page, path).toContain(HASHTAG_MESSAGES.notAHashtagText);
      expect(HASHTAG_MESSAGES.notAHashtagText).toContain("not only digits");
    }
    for (const path of [`/hashtag/${tag}?cursor=zzz`, `/hashtag/${tag}?cursor=%00`, `/hashtag/${tag}?cursor=b~1~2`]) {
      expect((await get(path, { Cookie: viewer.cookie })).status, path).toBe(200);
    }
    expect((await get(`/hashtag/${tag}`)).status).toBe(302);
  });
});

describe("bookmark and hashtag reads are served by indexes", () => {
  it.each([
    ["by id", (id: string): Promise<Viewer> => Promise.resolve(id)],
    ["found from their session", (id: string): Promise<Viewer> => sessionViewerOf(id)],
  ])("for a member %s: no scan of posts, bookmarks, hashtags or users, no sort, the named indexes used", async (_how, viewerOf) => {
    const me = await createUser();
    const viewer = (await viewerOf(me.id))!;
    const { spy, captured } = capturingD1();
    const spyDb = getDb(spy);
    const cursor = bookmarkCursor({ at: Date.now(), postId: newId() });
    const reads: Read<unknown>[] = [
      ...bookmarksReads(spyDb, viewer),
      ...bookmarksReads(spyDb, viewer, { cursor }),
      ...bookmarksReads(spyDb, viewer, { query: "bread #tag" }),
      ...bookmarksReads(spyDb, viewer, { query: "bread", cursor }),
      hashtagStatsRead(spyDb, "murmur"),
      hashtagPostsRead(spyDb, viewer, "murmur"),
      hashtagPostsRead(spyDb, viewer, "murmur", { cursor: newId() }),
    ];
    expect(captured).toHaveLength(reads.length);
    for (const query of captured) {
      const details = await planOf(query);
      expect(details.filter((d) => /^SCAN (posts|users|post_bookmarks|post_hashtags|hashtag_trends|b|bp|ph|tagged|author)\b(?! USING)/.test(d)), query.sql).toEqual([]);
      expect(details.filter((d) => /TEMP B-TREE/.test(d)), query.sql).toEqual([]);
      if (/post_bookmarks_user_idx/.test(query.sql)) {
        expect(details.some((d) => /^SEARCH b USING COVERING INDEX post_bookmarks_user_idx \(user_id=\?/.test(d)), `${query.sql}\n${details.join("\n")}`).toBe(true);
      }
      if (/post_hashtags_tag_idx/.test(query.sql)) expect(details.some((d) => /post_hashtags_tag_idx \(hashtag=\?/.test(d)), query.sql).toBe(true);
      // Search tests each bookmark's own post: FTS5 by its rowid, never every match first.
      if (/posts_fts MATCH/.test(query.sql) && /post_bookmarks/.test(query.sql)) {
        expect(details.filter((d) => /posts_fts|users_fts/.test(d)).every((d) => /VIRTUAL TABLE INDEX \d+:.*=/.test(d)), details.join("\n")).toBe(true);
      }
    }
    await runReads(db(), bookmarksReads(db(), viewer, { query: "bread" }));
    await Promise.all(reads.map((read) => runRead(read)));
  });

  it("a page holds FEED_PAGE_SIZE bookmarks, and 'Load more' leads to the rest", async () => {
    const me = await member();
    const author = await createUser();
    const at = Date.now();
    for (let i = 0; i <= FEED_PAGE_SIZE; i++) await bookmark(me.user.id, (await createPost(author.id, { content: `kept number ${i}` })).id, at - i);
    const page = await listBookmarks(db(), me.user.id);
    expect(page.items).toHaveLength(FEED_PAGE_SIZE);
    const html = await (await get("/bookmarks", { Cookie: me.cookie })).text();
    expect(html).not.toContain(`kept number ${FEED_PAGE_SIZE}<`);
    const more = html.match(/href="(\/bookmarks\?cursor=b[^"]+)"[^>]*>Load more</)?.[1];
    expect(more).toBe(`/bookmarks?${new URLSearchParams({ cursor: page.nextCursor! })}`);
    const next = await (await get(more!.replaceAll("&amp;", "&"), { Cookie: me.cookie })).text();
    expect(next).toContain(`kept number ${FEED_PAGE_SIZE}<`);
    expect(next).not.toContain("kept number 0<");
    expect(next).toContain("Back to the newest bookmarks");
  });
});

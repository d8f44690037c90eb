import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment } from "~/.server/comments";
import { comments, communities, follows, posts } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { setBookmark, setRepost } from "~/.server/posts/interactions";
import { createPost, createUser, db, get, sessionCookieFor } from "./helpers";

// What members write, shaped to break out of an element or an attribute if it were not escaped.
const EVIL = `<img src=x onerror="alert('x')"> & "quoted"`;
const ESCAPED = "&lt;img src=x onerror=&quot;alert(&#x27;x&#x27;)&quot;&gt; &amp; &quot;quoted&quot;";

/**
 * A card's author line, text, action labels and top comments are markup written as strings
 * (docs/decisions/057-card-text-as-markup.md), not React elements: whatever a member writes must come
 * out as text there too, in element content and in attributes.
 */
describe("a card's markup", () => {
  it("escapes names, places, post text and comments, and keeps the text's links", async () => {
    const author = await createUser({ displayName: `Author ${EVIL}` });
    const reposter = await createUser({ displayName: `Reposter ${EVIL}` });
    const commenter = await createUser({ displayName: `Commenter ${EVIL}` });
    const viewer = await createUser();
    await db().insert(follows).values({ id: newId(), followerId: viewer.id, followingId: reposter.id });
    const post = await createPost(author.id, {
      content: `Post ${EVIL} #markup @${commenter.username} https://example.com/it's?a=1&b=2`,
      location: `Place ${EVIL}`,
    });
    expect((await addComment(db(), commenter.id, post.id, { content: `Comment ${EVIL}` })).ok).toBe(true);
    expect((await setRepost(db(), reposter.id, post.id, true)).ok).toBe(true);

    const response = await get("/?tab=following", { Cookie: await sessionCookieFor(viewer.id) });
    expect(response.status).toBe(200);
    const page = await response.text();
    const card = page.slice(page.indexOf("<article"), page.indexOf("</article>"));

    for (const text of [`Author ${ESCAPED}`, `Reposter ${ESCAPED}`, `Commenter ${ESCAPED}`, `Place ${ESCAPED}`, `Post ${ESCAPED}`, `Comment ${ESCAPED}`]) {
      expect(card).toContain(text);
    }
    // In attributes too: the author's and the reposter's names as titles, the place as its title.
    expect(card).toContain(`title="Author ${ESCAPED}"`);
    expect(card).toContain(`title="Reposter ${ESCAPED}"`);
    expect(card).toContain(`title="Place ${ESCAPED}"`);
    expect(card).toContain(`title="Commenter ${ESCAPED}"`);
    // Nothing a member wrote became an element or an attribute of its own, anywhere in the page.
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain(`onerror="alert`);
    // The text's links, as before: the hashtag and the mention, each isolated in its direction (decision 077),
    // and the address (its quote and '&' escaped).
    expect(card).toContain(`<a class="text-link" dir="auto" href="/hashtag/markup" data-page-link="">#markup</a>`);
    expect(card).toContain(`<a class="text-link" dir="ltr" href="/profile/${commenter.username}" data-page-link="">@${commenter.username}</a>`);
    const address = "https://example.com/it&#x27;s?a=1&amp;b=2";
    expect(card).toContain(`<a href="${address}" target="_blank" rel="noopener noreferrer nofollow ugc" class="text-link">${address}</a>`);
    expect(card).toContain(`<span class="sr-only">Like, 0 likes</span><span aria-hidden="true">0</span>`);
  });

  it("names each action with its count in words, the number shown beside it hidden from assistive technology", async () => {
    const author = await createUser();
    // The counters as the triggers keep them, written directly.
    const withCounts = async (counts: Partial<typeof posts.$inferInsert>) => {
      const made = await createPost(author.id);
      await db().update(posts).set(counts).where(eq(posts.id, made.id));
      return made;
    };
    const few = await withCounts({ likesCount: 1, repostsCount: 0, commentsCount: 2, sharesCount: 0, viewsCount: 4 });
    const many = await withCounts({ likesCount: 1200, repostsCount: 1, commentsCount: 1, sharesCount: 3, viewsCount: 1_500_000 });

    const namesOn = async (id: string) => {
      const page = await (await get(`/post/${id}`)).text();
      const actions = page.slice(page.indexOf('aria-label="Post actions"'), page.indexOf("</form>", page.indexOf('aria-label="Post actions"')));
      return [...actions.matchAll(/<span class="sr-only">([^<]*)<\/span>(?:<span[^>]*aria-hidden="true">([^<]*)<\/span>)?/g)].map(([, name, shown]) => [name, shown ?? null]);
    };
    expect(await namesOn(few.id)).toEqual([
      ["Reply, 2 comments", "2"],
      ["Repost, 0 reposts", "0"],
      ["Like, 1 like", "1"],
      ["Share, 0 shares", "0"],
      ["Bookmark", null],
      ["4 views", "4"],
    ]);
    expect(await namesOn(many.id)).toEqual([
      ["Reply, 1 comment", "1"],
      ["Repost, 1 repost", "1"],
      ["Like, 1.2K likes", "1.2K"],
      ["Share, 3 shares", "3"],
      ["Bookmark", null],
      ["1.5M views", "1.5M"],
    ]);
  });

  it("names a comment's like with its count in words too", async () => {
    const post = await createPost((await createUser()).id);
    expect((await addComment(db(), (await createUser()).id, post.id, { content: "Liked a few times" })).ok).toBe(true);
    await db().update(comments).set({ likesCount: 3 }).where(eq(comments.postId, post.id));
    const page = await (await get(`/post/${post.id}`)).text();
    expect(page).toMatch(/<span class="sr-only">Like comment, 3 likes<\/span><span aria-hidden="true">3<\/span>/);
  });

  it("escapes a community's name in the line above a community post", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const community = { id: newId(), name: `Club ${EVIL}`, creatorId: author.id };
    await db().insert(communities).values(community);
    const post = await createPost(author.id, { content: "In the club", communityId: community.id });
    expect((await setBookmark(db(), viewer.id, post.id, true)).ok).toBe(true);

    const page = await (await get("/bookmarks", { Cookie: await sessionCookieFor(viewer.id) })).text();
    expect(page).toContain(`<a dir="auto" class="truncate hover:underline" href="/community/${community.id}" data-page-link="">Club ${ESCAPED}</a>`);
    expect(page).not.toContain("<img src=x");
  });
});

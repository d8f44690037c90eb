import { describe, expect, it } from "vitest";
import { addComment } from "~/.server/comments";
import { communities, follows } from "~/.server/db/schema";
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
    expect(card).toContain(`<span class="sr-only">Like</span><span>0</span>`);
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

import { describe, expect, it } from "vitest";
import { addComment } from "~/.server/comments";
import { follows } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { setRepost } from "~/.server/posts/interactions";
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
      content: `Post ${EVIL} #markup @${commenter.username} https://example.com/?a=1&b=2`,
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
    // Nothing a member wrote became an element or an attribute of its own, anywhere in the page.
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain(`onerror="alert`);
    // The text's links, as before: the hashtag, the mention and the address (its '&' escaped).
    expect(card).toContain(`<a class="text-link" href="/hashtag/markup" data-page-link="">#markup</a>`);
    expect(card).toContain(`<a class="text-link" href="/profile/${commenter.username}" data-page-link="">@${commenter.username}</a>`);
    expect(card).toContain(`<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow ugc" class="text-link">https://example.com/?a=1&amp;b=2</a>`);
    expect(card).toContain(`<span class="sr-only">Like</span><span>0</span>`);
  });
});

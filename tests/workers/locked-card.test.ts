import { describe, expect, it } from "vitest";
import { createPost, createUser, get, sessionCookieFor } from "./helpers";

describe("a locked card (subscriber-only, not for this viewer)", () => {
  it("shows its comment count without a Reply link to /compose?replyTo=…, which would answer 404", async () => {
    const author = await createUser();
    const viewer = await createUser();
    const cookie = await sessionCookieFor(viewer.id);
    const open = await createPost(author.id, { content: "for everyone" });
    const locked = await createPost(author.id, { content: "for subscribers", isSubscriberOnly: true });

    const openPage = await (await get(`/post/${open.id}`, { Cookie: cookie })).text();
    expect(openPage).toContain(`href="/compose?replyTo=${open.id}"`);

    const lockedPage = await (await get(`/post/${locked.id}`, { Cookie: cookie })).text();
    expect(lockedPage).toContain("This post is for subscribers");
    expect(lockedPage).not.toContain(`replyTo=${locked.id}`);
    expect(lockedPage).toMatch(/<button type="button" disabled="" class="post-action icon-before i-message-circle"><span class="sr-only">Reply, 0 comments<\/span><span aria-hidden="true">0<\/span><\/button>/);
    expect((await get(`/compose?replyTo=${locked.id}`, { Cookie: cookie })).status).toBe(404);
  });
});

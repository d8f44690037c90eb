import type { Locator, Page } from "@playwright/test";
import { expect, follow, jsEnabled, NEW_CONNECTION, newMember, open, postAs, searchedPostId, signedIn as test, submitAndSettle, uniqueWord } from "./fixtures";

const token = () => uniqueWord("zf");

test.describe("home", () => {
  test("Following shows people one follows, never one's own posts; For you shows both", async ({ page, baseURL, me }) => {
    const word = token();
    const friend = await newMember(baseURL!);
    const stranger = await newMember(baseURL!);
    await follow(baseURL!, me.username, friend.username);
    await postAs(friend, `From a friend ${word}`);
    await postAs(stranger, `From a stranger ${word}`);
    await postAs(me, `From me ${word}`);

    await open(page, `/?q=${word}`);
    await expect(page.getByRole("link", { name: "For you" })).toHaveAttribute("aria-current", "page");
    const forYou = page.getByRole("feed", { name: "For you" });
    await expect(forYou.getByText(`From a friend ${word}`)).toBeVisible();
    await expect(forYou.getByText(`From a stranger ${word}`)).toBeVisible();
    await expect(forYou.getByText(`From me ${word}`)).toBeVisible();

    await page.getByRole("link", { name: "Following" }).click();
    await expect(page).toHaveURL(new RegExp(`tab=following&q=${word}`));
    const following = page.getByRole("feed", { name: "Following" });
    await expect(following.getByText(`From a friend ${word}`)).toBeVisible();
    await expect(following.getByText(`From a stranger ${word}`)).toHaveCount(0);
    await expect(following.getByText(`From me ${word}`)).toHaveCount(0);
  });

  test("a long search shows its results or the empty state, never an error page", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    // Longer than D1 takes in a LIKE pattern and than a search looks at (its first 100 characters).
    const found = `${word} looking for the best running shoes for trail racing in the mountains with friends this winter`;
    await postAs(author, found);
    const cases: Array<[query: string, expected: string]> = [
      [found, found],
      [`${found} ${"and more words ".repeat(40)}`, found],
      ["日本語の長い検索語句をここに書きます。".repeat(3), "No posts to show yet."],
    ];
    for (const [query, expected] of cases) {
      const response = await page.goto(`/?q=${encodeURIComponent(query)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
      await expect(page.getByText(expected).first()).toBeVisible();
      await expect(page.getByText("Something went wrong")).toHaveCount(0);
    }
  });

  test("an empty feed says 'No posts to show yet.'", async ({ page }) => {
    await open(page, "/?tab=following");
    await expect(page.getByText("No posts to show yet.")).toBeVisible();
    await expect(page.getByText("Follow some users or create your first post!")).toBeVisible();
  });

  test("pages 20 at a time with 'Load more'", async ({ page, baseURL, me }) => {
    const word = token();
    const prolific = await newMember(baseURL!);
    await follow(baseURL!, me.username, prolific.username);
    for (let i = 1; i <= 23; i++) await postAs(prolific, `Note number ${i} ${word}`);

    await open(page, "/?tab=following");
    const feed = page.getByRole("feed", { name: "Following" });
    await expect(feed.getByRole("article")).toHaveCount(20);
    await expect(feed.getByRole("article").first()).toContainText("Note number 23");
    await page.getByRole("link", { name: "Load more" }).click();
    if (jsEnabled()) {
      await expect(feed.getByRole("article")).toHaveCount(23);
      await expect(feed.getByRole("article").last()).toContainText("Note number 1 ");
    } else {
      await expect(page).toHaveURL(/cursor=/);
      await expect(feed.getByRole("article")).toHaveCount(3);
      await expect(feed.getByRole("article").first()).toContainText("Note number 3 ");
      await expect(page.getByRole("link", { name: "Back to the newest posts" })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByText("You're all caught up.")).toBeVisible();
  });

  test("'Load more' that gets no answer keeps the list, says so, and tries again", async ({ page, baseURL, me }) => {
    const word = token();
    const prolific = await newMember(baseURL!);
    await follow(baseURL!, me.username, prolific.username);
    for (let i = 1; i <= 23; i++) await postAs(prolific, `Offline note ${i} ${word}`);
    const cards = page.getByRole("feed", { name: "Following" }).getByRole("article");

    await open(page, "/?tab=following");
    await expect(cards).toHaveCount(20);
    // With JavaScript the next page's data request fails as if offline. Without it the browser loads
    // the next page itself, which is not ours to answer: it just works.
    const data = /\.data(\?|$)/;
    if (jsEnabled()) {
      await page.route(data, (route) => route.abort("internetdisconnected"));
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "No connection" })).toHaveCount(0);
      await expect(cards).toHaveCount(20);
      await page.unroute(data);
    }
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(jsEnabled() ? 23 : 3);
    await expect(cards.last()).toContainText(`Offline note 1 ${word}`);
  });

  test("Back after 'Load more' shows the same list at the same place", async ({ page, baseURL, me }) => {
    const word = token();
    const prolific = await newMember(baseURL!);
    await follow(baseURL!, me.username, prolific.username);
    for (let i = 1; i <= 43; i++) await postAs(prolific, `Kept ${i} of ${word}`);
    const cards = page.getByRole("feed", { name: "Following" }).getByRole("article");

    await open(page, "/?tab=following");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(jsEnabled() ? 40 : 20);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(jsEnabled() ? 43 : 3);
    // The member reads the second post from the bottom and opens it.
    const read = cards.nth(-2);
    await read.scrollIntoViewIfNeeded();
    const place = await page.evaluate(() => window.scrollY);
    await read.getByRole("link", { name: "Open post" }).click();
    await expect(page).toHaveURL(/\/post\//);

    await page.goBack();
    await expect(cards).toHaveCount(jsEnabled() ? 43 : 3);
    await expect(cards.last()).toContainText(new RegExp(`Kept 1 of ${word}`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(place - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(place + 50);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);

    // Forward and Back again: the same.
    await page.goForward();
    await expect(page).toHaveURL(/\/post\//);
    await page.goBack();
    await expect(cards).toHaveCount(jsEnabled() ? 43 : 3);
  });

  test("an action deep in a paged list keeps every loaded page in place", async ({ page, baseURL, me }) => {
    const word = token();
    const prolific = await newMember(baseURL!);
    await follow(baseURL!, me.username, prolific.username);
    // Three pages: 20, 20 and 3 posts, newest first.
    for (let i = 1; i <= 43; i++) await postAs(prolific, `Entry ${i} of ${word}`);
    const feed = page.getByRole("feed", { name: "Following" });
    const cards = feed.getByRole("article");
    const entry = (i: number) => new RegExp(`Entry ${i} of ${word}`);
    const newest = (from: number, count: number) => Array.from({ length: count }, (_, n) => entry(from - n));

    await open(page, "/?tab=following");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(jsEnabled() ? 40 : 20);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(jsEnabled() ? 43 : 3);
    // A newer post arrives meanwhile, then the member reposts the oldest one, on the last page (an
    // action after which the page's data is read again).
    await postAs(prolific, `Entry 44 of ${word}`);
    await submitAndSettle(page, cards.last().getByRole("button", { name: /^Repost\b/ }));
    if (jsEnabled()) {
      // The new post on top, then every post in its place: the one it pushed off the first page, the
      // middle page and the last one.
      await expect(cards.first()).toContainText(entry(44));
      await expect(cards).toHaveCount(44);
      await expect(cards).toContainText(newest(44, 44));
    } else {
      // Back on the same page of the list.
      await expect(page).toHaveURL(/cursor=/);
      await expect(cards).toHaveCount(3);
      await expect(cards).toContainText(newest(3, 3));
    }
    await expect(cards.last().getByRole("button", { name: /^Repost\b/ })).toHaveAttribute("aria-pressed", "true");
  });

  test("a card's times read as the browser's clock reads them once it runs, and as the server's without JavaScript", async ({ page, me }) => {
    const word = token();
    await postAs(me, `Timed ${word}`);
    const postId = await searchedPostId(page, word);
    const comment = await me.api.post(`/post/${postId}`, {
      form: { intent: "comment", content: `Timed comment ${word}`, returnTo: "/" },
      maxRedirects: 0,
      headers: { Origin: me.origin, ...NEW_CONNECTION },
    });
    expect(comment.status(), await comment.text()).toBe(302);

    // The browser's clock three hours ahead of the server's, as on a page kept from earlier (a cached copy).
    await page.clock.setFixedTime(Date.now() + 3 * 60 * 60 * 1000);
    await open(page, `/?q=${word}`);
    const card = page.getByRole("article").filter({ hasText: `Timed ${word}` });
    const expected = jsEnabled() ? "3h" : /^\d+[sm]$/;
    await expect(card.getByRole("link", { name: /, open post$/ }).locator("time")).toHaveText(expected);
    await expect(card.getByRole("list", { name: "Top comments" }).locator("time")).toHaveText(expected);
  });
});

test.describe("a post's page", () => {
  test("/post/{id} shows the post, its comments and the tags that preview a shared link", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Deep link ${word}`, { images: ["sample.png"] });
    const id = await searchedPostId(page, word);
    await open(page, `/post/${id}`);
    await expect(page.getByRole("heading", { name: "Post", level: 1 })).toBeVisible();
    await expect(page.getByRole("article")).toContainText(`Deep link ${word}`);
    await expect(page.getByText("No comments yet. Start the conversation!")).toBeVisible();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `${author.account.displayName} (@${author.username}) on Murmur`);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", `Deep link ${word}`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/post/${id}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/media/images/posts/`));
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("a visitor sees a shared post and is asked to sign in to interact", async ({ browser, baseURL, page: memberPage }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `For everyone ${word}`);
    const id = await searchedPostId(memberPage, word);
    const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled() });
    const page = await visitor.newPage();
    await open(page, `/post/${id}`);
    await expect(page.getByRole("article")).toContainText(`For everyone ${word}`);
    await expect(page.getByText("Join to interact with posts")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", `/auth?returnTo=%2Fpost%2F${id}`);
    await page.getByRole("button", { name: /^Like/ }).click();
    await expect(page.getByText("Please sign in to like posts")).toBeVisible();
    await open(page, `/post/${id}`);
    await expect(page.getByRole("button", { name: /^Like/ })).toContainText("0");
    await page.getByPlaceholder("Post your reply").fill("Let me in");
    await page.getByRole("button", { name: "Reply", exact: true }).click();
    await expect(page.getByText("Please sign in to comment")).toBeVisible();
    await open(page, `/post/${id}`);
    await expect(page.getByText("No comments yet. Start the conversation!")).toBeVisible();
    await visitor.close();
  });

  test("a card's links open their pages: in place with JavaScript, as plain links without", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Follow me home ${word}`);
    const id = await searchedPostId(page, word);
    // A marker on the window survives a client-side navigation, not a page load.
    if (jsEnabled()) await page.evaluate(() => Object.assign(window, { stayedOnPage: true }));
    await page.getByRole("article").filter({ hasText: word }).getByRole("link", { name: "Open post" }).click();
    await expect(page).toHaveURL(`${baseURL}/post/${id}`);
    await expect(page.getByRole("heading", { name: "Post", level: 1 })).toBeVisible();
    if (jsEnabled()) expect(await page.evaluate(() => "stayedOnPage" in window)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/?q=${word}`);
  });

  test("an unknown post is a not-found page with the post's own words", async ({ page }) => {
    const response = await page.goto("/post/01ZZZZZZZZZZZZZZZZZZZZZZZZ");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
    await expect(page.getByText("This post doesn't exist or has been deleted.")).toBeVisible();
  });
});

test.describe("images", () => {
  test("open in a viewer with next and previous that wrap around", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Two pictures ${word}`, { images: ["sample.png", "sample.jpg"] });
    const id = await searchedPostId(page, word);
    await open(page, `/post/${id}`);
    const article = page.getByRole("article");
    await expect(article.getByRole("img", { name: /^Image \d of 2/ })).toHaveCount(2);
    await article.getByRole("img", { name: /^Image 1 of 2/ }).click();

    if (jsEnabled()) {
      const viewer = page.getByRole("dialog", { name: "Image 1 of 2" });
      await expect(viewer).toBeVisible();
      await viewer.getByRole("button", { name: "Next image" }).click();
      await expect(page.getByRole("dialog", { name: "Image 2 of 2" })).toBeVisible();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("dialog", { name: "Image 1 of 2" })).toBeVisible();
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("dialog", { name: "Image 2 of 2" })).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download image" }).click();
      expect((await download).suggestedFilename()).toBe("image-2.jpg");
      // Said in the viewer, which covers the page's toasts.
      await expect(page.getByRole("dialog").getByRole("status")).toHaveText("Image downloaded!");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } else {
      await expect(page).toHaveURL(new RegExp(`/post/${id}/photo/1$`));
      await expect(page.getByText("1 / 2")).toBeVisible();
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`/photo/2$`));
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(new RegExp(`/photo/1$`));
      await page.getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(new RegExp(`/photo/2$`));
      await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute("download", "image-2.jpg");
      await page.getByRole("link", { name: "Back to post" }).click();
      await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
    }
  });

  test("an image's own page (a shared address): with JavaScript the arrow keys and Escape work there too; one address per image", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Two more pictures ${word}`, { images: ["sample.png", "sample.jpg"] });
    const id = await searchedPostId(page, word);
    for (const odd of ["01", "1e0", "3", "0"]) expect((await page.request.get(`/post/${id}/photo/${odd}`)).status(), odd).toBe(404);
    await open(page, `/post/${id}/photo/2`);
    await expect(page.getByText("2 / 2")).toBeVisible();
    if (!jsEnabled()) {
      await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
      return;
    }
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(new RegExp(`/post/${id}/photo/1$`));
    await expect(page.getByText("1 / 2")).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page).toHaveURL(new RegExp(`/post/${id}/photo/2$`));
    await expect(page.getByText("2 / 2")).toBeVisible();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Image URL copied to clipboard!" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  });
});

test.describe("views", () => {
  test("a post seen for a second counts one view (with JavaScript); reloading does not add more", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Look at me ${word}`);
    const recorded = jsEnabled() ? page.waitForResponse((response) => response.url().endsWith("/view")) : null;
    await open(page, `/?q=${word}`);
    const views = page.getByRole("article").filter({ hasText: word }).locator("[data-views]");
    await expect(views).toHaveText("0");
    if (recorded) expect((await recorded).status()).toBe(200);
    // A report the first page made is not this one: only a request sent after this moment counts.
    const since = Date.now();
    const again = jsEnabled() ? page.waitForResponse((response) => response.url().endsWith("/view") && response.request().timing().startTime >= since) : null;
    await open(page, `/?q=${word}`);
    // Without JavaScript nothing reports a view, so the count stays as it was.
    await expect(views).toHaveText(jsEnabled() ? "1" : "0");
    if (again) expect(await (await again).json()).toMatchObject({ ok: true, counted: false });
    await open(page, `/?q=${word}`);
    await expect(views).toHaveText(jsEnabled() ? "1" : "0");
  });

  test("one's own post is never counted", async ({ page, me }) => {
    const word = token();
    await postAs(me, `My own view ${word}`);
    await open(page, `/?q=${word}`);
    await page.waitForTimeout(1500);
    await open(page, `/?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: word }).locator("[data-views]")).toHaveText("0");
  });
});

test.describe("videos", () => {
  /** A post with a video, above enough older posts to scroll it away: its card's video. */
  async function videoOnTop(page: Page, baseURL: string) {
    const word = token();
    const author = await newMember(baseURL, { displayName: "Wave Filmer" });
    for (let i = 1; i <= 8; i++) await postAs(author, `Below the clip ${i} ${word}`);
    await postAs(author, `A clip of the waves ${word}`, { video: "sample.mp4" });
    await open(page, `/?q=${word}`);
    return page.getByRole("article").filter({ hasText: `A clip of the waves ${word}` }).locator("video");
  }
  const paused = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.paused);

  test("a video is named for who posted it; with JavaScript it plays on screen, and a pause the member made stays after scrolling away and back", async ({ page, baseURL }) => {
    const video = await videoOnTop(page, baseURL!);
    await expect(video).toHaveAttribute("aria-label", "Video posted by Wave Filmer");
    if (!jsEnabled()) return;
    await expect.poll(() => paused(video)).toBe(false);
    // The member pauses it (what its controls' pause does).
    await video.evaluate((element: HTMLVideoElement) => element.pause());
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(video).not.toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(video).toBeInViewport({ ratio: 0.5 });
    // The observer would have played it by now (it did within this time on the old code).
    await page.waitForTimeout(1000);
    expect(await paused(video)).toBe(true);
    // Played again by the member, it goes back to playing on screen and pausing off it.
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => paused(video)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => paused(video)).toBe(false);
  });

  test.describe("asked for reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    // @js-only: without JavaScript a video never plays by itself.
    test("a video waits for its play button", { tag: "@js-only" }, async ({ page, baseURL }) => {
      const video = await videoOnTop(page, baseURL!);
      await expect(video).toBeInViewport({ ratio: 0.5 });
      await page.waitForTimeout(1500);
      expect(await paused(video)).toBe(true);
      await video.evaluate((element: HTMLVideoElement) => element.play());
      await expect.poll(() => paused(video)).toBe(false);
    });
  });
});

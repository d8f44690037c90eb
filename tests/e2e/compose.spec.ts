import type { Page, Route } from "@playwright/test";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SEND_ANSWER_TIMEOUT_MS, TOAST_DURATION_MS, UPLOAD_STALL_TIMEOUT_MS, VIDEO_MAX_BYTES } from "~/lib/constants";
import { expect, fixturePath, jsEnabled, NEW_CONNECTION, newMember, open, test, signedIn } from "./fixtures";

/** With JavaScript 'Create Post' opens the dialog over the page; without it, the /compose page. */
async function openComposer(page: Page) {
  await open(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create Post" }).click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Create Post" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    return dialog;
  }
  await expect(page).toHaveURL(/\/compose$/);
  await expect(page.getByRole("heading", { name: "Create Post", level: 1 })).toBeVisible();
  return page.locator("main");
}

const unique = (text: string) => `${text} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe("the composer", () => {
  signedIn("shows the spec's fields: visibility, text, location, pickers", async ({ page }) => {
    const composer = await openComposer(page);
    await expect(composer.getByLabel("Post text")).toHaveAttribute("placeholder", "What's happening?");
    await expect(composer.getByLabel("Location")).toHaveAttribute("placeholder", "Add location");
    await expect(composer.getByLabel("Visibility")).toHaveValue("everyone");
    await expect(composer.getByRole("option", { name: "Everyone can see" })).toBeAttached();
    // Without subscriptions on offer, subscriber-only cannot be chosen.
    await expect(composer.getByRole("option", { name: "Subscribers only (Enable in settings)" })).toBeDisabled();
    await expect(composer.getByLabel("Add images")).toBeAttached();
    await expect(composer.getByLabel("Add video")).toBeAttached();
    await expect(composer.getByRole("button", { name: "Post" })).toBeVisible();
  });

  signedIn("an empty post: 'Post content cannot be empty'", async ({ page }) => {
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill("   ");
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post content cannot be empty")).toBeVisible();
  });

  signedIn("a post that shows nothing (zero-width spaces and joiners) is empty too (decision 066)", async ({ page }) => {
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill("\u200b\u200d\u2060");
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post content cannot be empty")).toBeVisible();
  });

  signedIn("posting after the session ended: 'User not authenticated', and nothing is lost or posted", async ({ page, context }) => {
    const composer = await openComposer(page);
    const text = unique("Written while signed out");
    await composer.getByLabel("Post text").fill(text);
    await context.clearCookies({ name: "session" });
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("User not authenticated")).toBeVisible();
    if (jsEnabled()) {
      // The dialog stays open with the text, to post after signing in again.
      await expect(composer.getByLabel("Post text")).toHaveValue(text);
    } else {
      // Signed out, the member signs in again and comes back where the composer would have led.
      await expect(page).toHaveURL(/\/auth\?returnTo=%2F$/);
    }
  });

  signedIn("281 characters: 'Post is too long', and the counter turns red under 20 left", async ({ page }) => {
    const composer = await openComposer(page);
    const text = composer.getByLabel("Post text");
    if (jsEnabled()) {
      await text.fill("a".repeat(250));
      const countId = await text.getAttribute("aria-describedby").then((ids) => ids?.split(" ")[0]);
      const count = composer.locator(`[id="${countId}"]`);
      const heard = composer.locator(`[id="${countId}"] + [aria-live]`);
      await expect(count).toHaveText("3030 characters left");
      // Read out only near the limit.
      await expect(heard).toHaveText("");
      await text.fill("a".repeat(265));
      await expect(count).toHaveClass(/text-danger/);
      await expect(heard).toHaveText("15 characters left");
    }
    await text.fill("a".repeat(281));
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post is too long")).toBeVisible();
    // Nothing was posted: the text is still there to shorten.
    await expect(page.getByLabel("Post text")).toHaveValue("a".repeat(281));
  });

  signedIn("an HTML page named .jpg is refused: 'Supported formats: JPEG, PNG, GIF, WebP'", async ({ page }) => {
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(unique("Not really a photo"));
    await composer.getByLabel("Add images").setInputFiles(fixturePath("not-an-image.jpg"));
    if (jsEnabled()) {
      await expect(page.getByText("Failed to upload not-an-image.jpg: Supported formats: JPEG, PNG, GIF, WebP")).toBeVisible();
      await expect(composer.getByRole("img")).toHaveCount(0);
    } else {
      await composer.getByRole("button", { name: "Post" }).click();
      await expect(page.getByText("Supported formats: JPEG, PNG, GIF, WebP")).toBeVisible();
    }
  });

  signedIn("a video over 50MB is refused: the composer's 'Video must be smaller than 50MB for faster upload', the server's 'Video size must be less than 50MB'", async ({ page }, testInfo) => {
    // Sparse: 50MB and a byte, written in no time.
    const big = testInfo.outputPath("too-big.mp4");
    mkdirSync(dirname(big), { recursive: true });
    writeFileSync(big, "");
    truncateSync(big, VIDEO_MAX_BYTES + 1);
    const composer = await openComposer(page);
    const content = unique("A long film");
    await composer.getByLabel("Post text").fill(content);
    await composer.getByLabel("Add video").setInputFiles(big);
    if (jsEnabled()) {
      await expect(page.getByText("Video must be smaller than 50MB for faster upload")).toBeVisible();
      await expect(composer.locator("video")).toHaveCount(0);
    } else {
      await expect(composer.getByText("Video must be smaller than 50MB for faster upload.")).toBeVisible();
      await composer.getByRole("button", { name: "Post" }).click();
      await expect(page.getByText("Video size must be less than 50MB")).toBeVisible();
      // Nothing was posted: the text is still there.
      await expect(page.getByLabel("Post text")).toHaveValue(content);
    }
  });

  test("a post with an image and a location lands in the feed: 'Post created successfully!'", async ({ page, account }) => {
    const content = unique("Sunset over the river #sunsets");
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(content);
    await composer.getByLabel("Location").fill("Porto");
    await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
    if (jsEnabled()) {
      await expect(page.getByText("Successfully uploaded 1 image(s)")).toBeVisible();
      await expect(composer.getByRole("img", { name: "Attached sample.png" })).toBeVisible();
    }
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    if (jsEnabled()) await expect(page.getByRole("dialog", { name: "Create Post" })).toBeHidden();

    // A busy feed may rank other new posts first: the search finds this one.
    await open(page, `/?q=${content.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: content });
    await expect(card).toBeVisible();
    await expect(card.getByText("Porto")).toBeVisible();
    await expect(card.getByRole("link", { name: "#sunsets" })).toHaveAttribute("href", "/hashtag/sunsets");
    const image = card.getByRole("img", { name: `Image 1 of 1 posted by ${account.displayName}` });
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/media\/images\/posts\//);
    const media = await page.request.get(src!, { headers: NEW_CONNECTION });
    expect(media.headers()["content-type"]).toBe("image/png");
  });

  signedIn("an image's description (decision 092) is its name on the card and in the viewer", async ({ page }) => {
    const content = unique("A bird by the water #herons");
    const description = unique("A grey heron standing in shallow water");
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(content);
    await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
    if (jsEnabled()) await expect(page.getByText("Successfully uploaded 1 image(s)")).toBeVisible();
    // Without JavaScript the fields for the picked files are folded under the form.
    else await composer.getByText("Describe your images (optional)").click();
    await composer.getByLabel("Description of image 1").fill(description);
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();

    await open(page, `/?q=${content.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: content });
    const image = card.getByRole("img", { name: description });
    await expect(image).toBeVisible();
    // The full-screen viewer (with JavaScript) or the image's own page (without) names it alike.
    await image.click();
    await expect(page.getByRole(jsEnabled() ? "dialog" : "main").getByRole("img", { name: description })).toBeVisible();
  });

  signedIn("a post sent twice, its first answer lost on the way, is stored once (decision 072)", async ({ page }) => {
    const content = unique("Said once #once");
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(content);
    // With JavaScript its image is uploaded first and the post names it. (Without, the picked file would
    // travel in the post, which the browser cannot send twice from here: Playwright's copy of a request
    // leaves out its files.)
    if (jsEnabled()) {
      await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
      await expect(page.getByText("Successfully uploaded 1 image(s)")).toBeVisible();
    }
    // The network sends the post, loses the answer and sends it again.
    const compose = /\/compose(\.data)?(\?|$)/;
    await page.route(compose, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch({ maxRedirects: 0 });
      await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) });
    });
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await page.unroute(compose);
    await open(page, `/?q=${content.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: content });
    await expect(card).toHaveCount(1);
    if (jsEnabled()) await expect(card.getByRole("img", { name: /^Image 1 of 1/ })).toBeVisible();
  });

  signedIn("an image and no text: 'Post content cannot be empty'; then typed, the post goes out with its one image", async ({ page, me }) => {
    const composer = await openComposer(page);
    await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
    if (jsEnabled()) await expect(page.getByText("Successfully uploaded 1 image(s)")).toBeVisible();
    // With JavaScript the text is checked in the browser, before and as it is typed: nothing is posted.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/compose")) posts.push(request.url());
    });
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer.getByText("Post content cannot be empty")).toBeVisible();
    const content = unique("Words after the picture");
    await composer.getByLabel("Post text").pressSequentially(content.slice(0, 6));
    await composer.getByLabel("Post text").fill(content);
    await composer.getByLabel("Location").fill("Oslo");
    if (jsEnabled()) {
      // A request a keystroke sent would have been reported by now.
      await page.waitForTimeout(500);
      expect(posts).toEqual([]);
      await expect(composer.getByRole("img")).toHaveCount(1);
    } else {
      // Without JavaScript the stored image came back with the page, ticked to stay attached.
      await expect(composer.getByLabel("Keep image 1")).toBeChecked();
    }
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await open(page, `/?q=${content.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: content });
    await expect(card.getByRole("img", { name: /^Image \d of \d posted by/ })).toHaveCount(1);
    await expect(card.getByRole("img", { name: `Image 1 of 1 posted by ${me.account.displayName}` })).toBeVisible();
  });

  signedIn("a post with a video shows on /videos, a text post does not", async ({ page }) => {
    const withVideo = unique("Clip of the waves");
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(withVideo);
    await composer.getByLabel("Add video").setInputFiles(fixturePath("sample.mp4"));
    if (jsEnabled()) await expect(page.getByText("Video uploaded successfully! It will autoplay in posts.")).toBeVisible();
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();

    const textOnly = unique("Just words");
    const again = await openComposer(page);
    await again.getByLabel("Post text").fill(textOnly);
    await again.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!").first()).toBeVisible();

    await open(page, "/videos");
    await expect(page.getByRole("heading", { name: "Videos", level: 1 })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: withVideo });
    await expect(card).toBeVisible();
    const video = card.locator("video");
    await expect(video).toHaveAttribute("src", /^\/media\/videos\/.+\.mp4$/);
    await expect(video).toHaveAttribute("loop", "");
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await expect(page.getByRole("article").filter({ hasText: textOnly })).toHaveCount(0);
  });

  signedIn("a mention becomes a link to the profile; with JavaScript it is suggested after one character", async ({ page, baseURL }) => {
    const friend = await newMember(baseURL!, { displayName: "Zephyrine Quill" });
    const composer = await openComposer(page);
    const text = composer.getByLabel("Post text");
    const note = unique("note");
    if (jsEnabled()) {
      // Display names match by any word's start, usernames too.
      await text.pressSequentially("Hello @Zephyr");
      const suggestions = page.getByRole("listbox", { name: "People to mention" });
      const option = suggestions.getByRole("option").filter({ hasText: `@${friend.username}` });
      await expect(option).toBeVisible();
      await option.click();
      await expect(text).toHaveValue(`Hello @${friend.username} `);
      await text.pressSequentially(note);
    } else {
      await text.fill(`Hello @${friend.username} ${note}`);
    }
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await open(page, `/?q=${note.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: note });
    await expect(card.getByRole("link", { name: `@${friend.username}` })).toHaveAttribute(
      "href",
      `/profile/${friend.username.toLowerCase()}`,
    );
  });

  signedIn("a mention beside Japanese words and a tag with its joiner become links (decision 123)", async ({ page, baseURL }) => {
    const friend = await newMember(baseURL!);
    const composer = await openComposer(page);
    const note = unique("kanji");
    await composer.getByLabel("Post text").fill(`@${friend.username}さん、ありがとう #می\u200Cخواهم ${note}`);
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await open(page, `/?q=${note.split(" ").at(-1)}`);
    const card = page.getByRole("article").filter({ hasText: note });
    await expect(card.getByRole("link", { name: `@${friend.username}` })).toHaveAttribute("href", `/profile/${friend.username.toLowerCase()}`);
    const tag = card.getByRole("link", { name: "#می\u200Cخواهم" });
    await expect(tag).toHaveAttribute("href", `/hashtag/${encodeURIComponent("می\u200Cخواهم")}`);
    // The tag's page lists the post under the whole tag.
    await tag.click();
    await expect(page.getByRole("article").filter({ hasText: note })).toBeVisible();
  });
});

test.describe("the composer on a poor connection", () => {
  const compose = /\/compose(\.data)?(\?|$)/;

  // @js-only: the dialog is the composer with JavaScript.
  signedIn("while a post is on its way the dialog stays open (Escape, ✕, backdrop, Escape on a toast in it); a failure then keeps the text, its toast waiting while the keyboard or the pointer is on it", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    const composer = await openComposer(page);
    const content = unique("Not to be lost");
    await composer.getByLabel("Post text").fill(content);
    let release = () => {};
    let released = new Promise<void>((resolve) => (release = resolve));
    await page.route(compose, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await released;
      await route.abort("internetdisconnected");
    });
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(composer.getByRole("button", { name: "Posting..." })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // The ✕ says it is unavailable (Playwright would wait for it): pressed all the same, it does nothing.
    await composer.getByRole("button", { name: "Close" }).click({ force: true });
    await page.mouse.click(5, 5);
    await expect(composer).toBeVisible();
    await expect(composer.getByRole("button", { name: "Close" })).toHaveAttribute("aria-disabled", "true");
    // The page's time stops (a second on) before the answer: its toast is there for what follows
    // however slow the machine.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    release();
    await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
    await expect(composer.getByLabel("Post text")).toHaveValue(content);
    // Sent again, it holds against an Escape pressed on the toast's Dismiss button too: that toast is
    // in the dialog but not in its React tree.
    released = new Promise<void>((resolve) => (release = resolve));
    await composer.getByRole("button", { name: "Post", exact: true }).click();
    await expect(composer.getByRole("button", { name: "Posting..." })).toBeVisible();
    const dismiss = composer.getByRole("button", { name: "Dismiss notification" });
    await dismiss.focus();
    // A toast waits while the keyboard is on its button: it is not pulled away.
    await page.clock.fastForward(TOAST_DURATION_MS * 2);
    await expect(dismiss).toBeFocused();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(composer).toBeVisible();
    release();
    await expect(composer.getByRole("button", { name: "Post", exact: true })).toBeVisible();
    // Answered, it closes again.
    await page.keyboard.press("Escape");
    await expect(composer).toBeHidden();
    // On the page, the latest toast waits while the pointer is on it.
    const latest = page.locator("[data-toast]").last();
    await latest.hover();
    await page.clock.fastForward(TOAST_DURATION_MS * 2);
    // The other toast went; this one stays.
    await expect(page.locator("[data-toast]")).toHaveCount(1);
    await expect(latest).toHaveText("Network error. Please check your connection and try again.");
    await page.mouse.move(0, 0);
    await page.clock.fastForward(TOAST_DURATION_MS);
    await expect(page.locator("[data-toast]")).toHaveCount(0);
  });

  // @js-only: without JavaScript the browser itself waits for the page.
  signedIn("a post that gets no answer for 20 s says 'Network error. Please check your connection and try again.' and keeps its text", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    const composer = await openComposer(page);
    const content = unique("Sent into the void");
    await composer.getByLabel("Post text").fill(content);
    const held: Route[] = [];
    await page.route(compose, (route) => (route.request().method() === "POST" ? void held.push(route) : route.continue()));
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(composer.getByRole("button", { name: "Posting..." })).toBeVisible();
    // The clock counts from the request's start.
    await expect.poll(() => held.length).toBe(1);
    await page.clock.fastForward(SEND_ANSWER_TIMEOUT_MS - 1000);
    await expect(page.getByText("Network error. Please check your connection and try again.")).toHaveCount(0);
    await page.clock.fastForward(1000);
    await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
    await expect(composer.getByLabel("Post text")).toHaveValue(content);
    await expect(composer.getByRole("button", { name: "Post" })).toBeEnabled();
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
    // Sent again, it goes.
    await page.unroute(compose);
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
  });

  // @js-only: without JavaScript the page itself is sent.
  signedIn("text typed while the post is on its way stays in the composer afterwards", { tag: "@js-only" }, async ({ page }) => {
    const composer = await openComposer(page);
    const first = unique("First thought");
    await composer.getByLabel("Post text").fill(first);
    await page.route(compose, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(composer.getByRole("button", { name: "Posting..." })).toBeVisible();
    await composer.getByLabel("Post text").fill("And a second one");
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await expect(composer).toBeVisible();
    await expect(composer.getByLabel("Post text")).toHaveValue("And a second one");
  });

  // @js-only: without JavaScript files travel with the post.
  signedIn("an upload that stalls fails like any failed upload: 'Failed to upload sample.png: Upload failed'", { tag: "@js-only" }, async ({ page }) => {
    await page.clock.install();
    const composer = await openComposer(page);
    const held: Route[] = [];
    await page.route("**/uploads", (route) => void held.push(route));
    await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
    await expect(composer.getByRole("progressbar", { name: "Uploading sample.png" })).toBeVisible();
    await expect.poll(() => held.length).toBe(1);
    await page.clock.fastForward(UPLOAD_STALL_TIMEOUT_MS);
    await expect(page.getByText("Failed to upload sample.png: Upload failed")).toBeVisible();
    await expect(composer.getByRole("img", { name: "Attached sample.png" })).toHaveCount(0);
    await Promise.all(held.map((route) => route.abort().catch(() => {})));
  });

  // @js-only: without JavaScript files travel with the post.
  signedIn("an upload removed while stalled says nothing when it ends", { tag: "@js-only" }, async ({ page }) => {
    const composer = await openComposer(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let ended = Promise.resolve();
    await page.route("**/uploads", async (route) => {
      await released;
      ended = route.continue().catch(() => {});
    });
    await composer.getByLabel("Add images").setInputFiles(fixturePath("sample.png"));
    await composer.getByRole("button", { name: "Remove sample.png" }).click();
    release();
    await ended;
    await page.waitForTimeout(1000);
    // Counted once, not waited for: a toast goes by itself after a few seconds.
    expect(await page.getByText(/Successfully uploaded|Failed to upload/).count()).toBe(0);
    await expect(composer.getByRole("img", { name: "Attached sample.png" })).toHaveCount(0);
  });

  // @no-js-only: with JavaScript Back does not draw the page again.
  signedIn("without JavaScript, Back after a post shows an empty composer (nothing to post twice)", { tag: "@no-js-only" }, async ({ page }) => {
    const composer = await openComposer(page);
    await composer.getByLabel("Post text").fill(unique("Posted once"));
    await composer.getByLabel("Location").fill("Porto");
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Post created successfully!")).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/compose$/);
    await expect(page.getByLabel("Post text")).toHaveValue("");
    await expect(page.getByLabel("Location")).toHaveValue("");
  });
});

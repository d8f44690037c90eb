import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, newMember, open, postAs, signedIn as test, submitAndSettle, uniqueWord } from "./fixtures";

const bookmarkButton = (card: Locator) => card.getByRole("button", { name: /^Bookmark\b/ });

/** Somebody else's post with a word no other test writes, bookmarked by the tester through its card. */
async function bookmarkedPost(page: Page, baseURL: string, text: string) {
  const author = await newMember(baseURL);
  const word = uniqueWord("bk");
  await postAs(author, `${text} ${word}`);
  await open(page, `/?q=${word}`);
  const card = page.getByRole("article").filter({ hasText: word });
  await expect(card).toHaveCount(1);
  await submitAndSettle(page, bookmarkButton(card));
  await expect(bookmarkButton(card)).toHaveAttribute("aria-pressed", "true");
  return { author, word };
}

async function searchBookmarks(page: Page, query: string) {
  await page.getByRole("searchbox", { name: "Search bookmarks" }).fill(query);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/bookmarks\\?q=${encodeURIComponent(query)}$`));
}

/** A tag no other test uses (letters first: digits alone are no tag). */
const uniqueTag = () => uniqueWord("tg").toLowerCase();

test.describe("bookmarks", () => {
  test("the bookmarks page lists a bookmarked post; its search finds it, or says nothing matches", async ({ page, baseURL }) => {
    const { author, word } = await bookmarkedPost(page, baseURL!, "Notes on sourdough starters");
    await open(page, "/bookmarks");
    await expect(page.getByRole("heading", { name: "Bookmarks", level: 1 })).toBeVisible();
    await expect(page.getByRole("feed", { name: "Bookmarks" }).getByRole("article").filter({ hasText: word })).toHaveCount(1);

    await searchBookmarks(page, "sourdou");
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(1);
    await searchBookmarks(page, author.username);
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(1);

    const nothing = uniqueWord("nomatch");
    await searchBookmarks(page, nothing);
    await expect(page.getByRole("heading", { name: `No bookmarks match “${nothing}”` })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(1);
  });

  test("a member without bookmarks sees the empty state", async ({ page }) => {
    await open(page, "/bookmarks");
    await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search bookmarks" })).toBeVisible();
  });

  test("removing a bookmark on the page: with JavaScript the card stays, un-bookmarked, until the next visit; without it the page comes back without it", async ({ page, baseURL }) => {
    const { word } = await bookmarkedPost(page, baseURL!, "A recipe worth keeping");
    await open(page, "/bookmarks");
    const card = page.getByRole("article").filter({ hasText: word });
    await submitAndSettle(page, bookmarkButton(card));
    if (jsEnabled()) {
      await expect(bookmarkButton(card)).toHaveAttribute("aria-pressed", "false");
      // Pressed again, the slip is undone.
      await submitAndSettle(page, bookmarkButton(card));
      await expect(bookmarkButton(card)).toHaveAttribute("aria-pressed", "true");
      await submitAndSettle(page, bookmarkButton(card));
      await open(page, "/bookmarks");
    }
    await expect(page.getByRole("heading", { name: "No bookmarks yet" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
  });
});

test.describe("hashtag page", () => {
  test("lists a tagged post under its tag in any case, with the count", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const tag = uniqueTag();
    const word = uniqueWord("ht");
    await postAs(author, `Morning light over the bay ${word} #${tag.toUpperCase()}`);
    // The tag in the post links to its page.
    await open(page, `/?q=${word}`);
    await page.getByRole("article").filter({ hasText: word }).getByRole("link", { name: `#${tag.toUpperCase()}` }).click();
    await expect(page).toHaveURL(new RegExp(`/hashtag/${tag}$`));
    await expect(page.getByRole("heading", { name: `#${tag}`, level: 1 })).toBeVisible();
    await expect(page.getByText("1 post in the last 24 hours", { exact: true })).toBeVisible();
    await expect(page.getByRole("feed", { name: `Posts with #${tag}` }).getByRole("article").filter({ hasText: word })).toHaveCount(1);
  });

  test("a tag without posts shows the spec's empty state", async ({ page }) => {
    const tag = uniqueTag();
    await open(page, `/hashtag/${tag}`);
    await expect(page.getByRole("heading", { name: "No posts found" })).toBeVisible();
    await expect(page.getByText(`No posts have been made with #${tag} yet.`)).toBeVisible();
    await expect(page.getByText("Be the first to post about this topic!")).toBeVisible();
  });

  test("Share: with JavaScript the link is copied ('Link copied to clipboard!'); without it, the link shows to copy", async ({ page, context, baseURL }) => {
    const tag = uniqueTag();
    const address = `${baseURL}/hashtag/${tag}`;
    if (jsEnabled()) {
      // This browser has no share sheet on Linux; made sure of, so the test does not depend on it.
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true }));
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await open(page, `/hashtag/${tag}`);
      await page.getByRole("button", { name: "Share" }).click();
      await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    } else {
      await open(page, `/hashtag/${tag}`);
      await page.locator("summary", { hasText: "Share" }).click();
      await expect(page.getByLabel(`Link to #${tag}`)).toHaveValue(address);
    }
  });
});

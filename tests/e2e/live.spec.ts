import type { Page } from "@playwright/test";
import {
  expect,
  jsEnabled,
  newMember,
  open,
  postAs,
  searchedPostId,
  signedIn as test,
  uniqueWord,
} from "./fixtures";

/** With JavaScript, waits until the page listens to the feed room (so nothing sent before is missed). */
async function listening(page: Page) {
  if (jsEnabled())
    await expect(page.locator("html")).toHaveAttribute("data-live", "open");
}

test.describe("live updates", () => {
  test("another member's like shows on an open post: live with JavaScript, on reload without", async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord("zl");
    const author = await newMember(baseURL!);
    await postAs(author, `Counting live ${word}`);
    const id = await searchedPostId(page, word);
    await open(page, `/post/${id}`);
    await listening(page);
    const like = page
      .getByRole("article")
      .getByRole("button", { name: /^Like/ });
    await expect(like).toContainText("0");

    const fan = await newMember(baseURL!);
    const liked = await fan.api.post(`/post/${id}`, {
      form: { like: "true", returnTo: `/post/${id}` },
      maxRedirects: 0,
    });
    expect(liked.status()).toBe(302);
    if (!jsEnabled()) await page.reload();
    await expect(like).toContainText("1");
    await expect(like).toHaveAttribute("aria-pressed", "false");
  });

  test("a new post is offered at the top of 'For you' with JavaScript, and is there on reload without", async ({
    page,
    baseURL,
  }) => {
    const word = uniqueWord("zl");
    await open(page, "/");
    await listening(page);
    const author = await newMember(baseURL!);
    await postAs(author, `Fresh off the press ${word}`);
    if (jsEnabled()) {
      const prompt = page.getByRole("button", {
        name: /^Show \d+ new posts?$/,
      });
      await expect(prompt).toBeVisible();
      // Showing them reloads the list from the server. (Where this post lands is the ranking's call:
      // other tests' liked posts may rank above it. The profile test checks a post shown in place.)
      const reloaded = page.waitForResponse(
        (response) => new URL(response.url()).pathname === "/_root.data"
      );
      await prompt.click();
      expect((await reloaded).status()).toBe(200);
    }
    // 'For you' is ranked: the post is found by its word, wherever its rank puts it.
    await open(page, `/?q=${word}`);
    await expect(
      page.getByRole("article").filter({ hasText: word })
    ).toBeVisible();
  });
});

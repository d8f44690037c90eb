import { expect, jsEnabled, newMember, open, postAs, postIdOn, signedIn as test } from "./fixtures";

const token = () => `zl${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

test.describe("live updates", () => {
  test("another member's like shows on an open post: live with JavaScript, on reload without", async ({ page, baseURL }) => {
    const word = token();
    const author = await newMember(baseURL!);
    await postAs(author, `Counting live ${word}`);
    await open(page, `/?q=${word}`);
    const id = await postIdOn(page, word);
    await open(page, `/post/${id}`);
    const like = page.getByRole("article").getByRole("button", { name: /^Like/ });
    await expect(like).toContainText("0");

    const fan = await newMember(baseURL!);
    const liked = await fan.api.post(`/post/${id}`, { form: { like: "true", returnTo: `/post/${id}` }, headers: { Origin: fan.origin }, maxRedirects: 0 });
    expect(liked.status()).toBe(302);
    if (!jsEnabled()) await page.reload();
    await expect(like).toContainText("1");
    await expect(like).toHaveAttribute("aria-pressed", "false");
  });

  test("a new post is offered at the top of 'For you' with JavaScript, and is there on reload without", async ({ page, baseURL }) => {
    const word = token();
    await open(page, "/");
    const author = await newMember(baseURL!);
    await postAs(author, `Fresh off the press ${word}`);
    if (jsEnabled()) {
      const prompt = page.getByRole("button", { name: /^Show \d+ new posts?$/ });
      await expect(prompt).toBeVisible();
      await prompt.click();
      await expect(prompt).toBeHidden();
    }
    await open(page, `/?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: word })).toBeVisible();
  });
});

import type { Page } from "@playwright/test";
import { expect, NEW_CONNECTION, open, postAs, searchedPostId, signedIn, uniqueWord } from "./fixtures";

/** The longest display name there is (50 characters), without a space to break at. */
const LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffvoralternwareng";
/** 120 characters without a space. */
const LONG_WORD = "Pneumonoultramicroscopicsilicovolcanoconiosis".repeat(3).slice(0, 120);
const PHONE = { width: 375, height: 812 };

const test = signedIn;
test.use({ viewport: PHONE, accountOverrides: { displayName: LONG_NAME } });

/** The page is as wide as the phone: nothing pushes it sideways. */
async function expectPhoneWide(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
}

test("a 50-character name and a 120-character word fit a 375 px phone: feed, post, reply and share pages", async ({ page, me }) => {
  expect(LONG_NAME).toHaveLength(50);
  expect(LONG_WORD).toHaveLength(120);
  const word = uniqueWord("longname");
  await postAs(me, `${word} ${LONG_WORD}`);
  const postId = await searchedPostId(page, word);
  const comment = await me.api.post(`/post/${postId}`, {
    form: { intent: "comment", content: `${LONG_WORD} comment`, returnTo: `/post/${postId}` },
    maxRedirects: 0,
    headers: { Origin: me.origin, ...NEW_CONNECTION },
  });
  expect(comment.status(), await comment.text()).toBe(302);

  await open(page, `/?q=${word}`);
  // The card is named after its author, whose whole name stays its accessible name.
  const card = page.getByRole("article", { name: LONG_NAME });
  await expect(card).toContainText(LONG_WORD);
  await expect(card.getByRole("list", { name: "Top comments" })).toContainText(LONG_WORD);
  await expectPhoneWide(page);

  await open(page, `/post/${postId}`);
  await expect(page.getByRole("article", { name: LONG_NAME })).toContainText(LONG_WORD);
  await expect(page.getByRole("list", { name: "Comments" })).toContainText(`${LONG_WORD} comment`);
  await expectPhoneWide(page);

  await open(page, `/compose?replyTo=${postId}`);
  await expect(page.getByRole("blockquote")).toContainText(LONG_NAME);
  await expectPhoneWide(page);

  await open(page, `/post/${postId}/share`);
  await expect(page.getByRole("blockquote")).toContainText(LONG_NAME);
  await expectPhoneWide(page);
});

test("the member's card in the navigation cuts a 50-character name, on a phone and on a wide screen", async ({ page, account }) => {
  await open(page, "/");
  const nav = page.locator("nav[aria-label=Main]");
  const card = nav.getByRole("link", { name: `Your profile: ${LONG_NAME} @${account.username}` });
  await page.locator("label", { hasText: "Open menu" }).click();
  await expect(card).toBeInViewport();
  await expectPhoneWide(page);
  // The drawer does not scroll sideways either: the name ends in an ellipsis, whole in its title.
  const fits = () => nav.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(await fits()).toBe(true);
  await expect(card.getByTitle(LONG_NAME)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(card).toBeInViewport();
  expect(await fits()).toBe(true);
});

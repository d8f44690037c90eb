import type { Page } from "@playwright/test";
import { devFixture, expect, jsEnabled, newMember, open, postAs, signedIn as test, submitAndSettle, uniqueWord } from "./fixtures";

/** A tag no other test uses (letters first: digits alone are no tag). */
const uniqueTag = () => uniqueWord("ex").toLowerCase();

/** What the cron jobs would write (the local fixtures endpoint): a trending hashtag, or the popular posts ranked now. */
const cronFixture = (baseURL: string, form: Record<string, string>) => devFixture(baseURL, form);

const trend = (baseURL: string, hashtag: string, postsCount: number, category = "trending") =>
  cronFixture(baseURL, { intent: "trend", hashtag, postsCount: String(postsCount), category });

/** Types into explore's own box: with JavaScript the results follow by themselves; without it, Enter. */
async function searchExplore(page: Page, query: string) {
  const box = page.getByRole("searchbox", { name: "Search people and posts" });
  await box.fill(query);
  if (!jsEnabled()) await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=${encodeURIComponent(query).replace(/%20/g, "\\+")}$`));
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Categories" });
/** Explore's own list (the sidebar's Trending Now shows trends too). */
const hashtags = (page: Page) => page.getByRole("region", { name: "Trending hashtags" });

test("without a query: Popular Posts of the chosen tab, 'Recommended for You' coming soon, and trending hashtags that open their page", async ({ page, baseURL }) => {
  const author = await newMember(baseURL!);
  const tag = uniqueTag();
  const word = uniqueWord("show");
  await postAs(author, `The premiere was something ${word} #${tag}`);
  await trend(baseURL!, tag, 1234, "entertainment");
  await cronFixture(baseURL!, { intent: "popular" });

  await open(page, "/explore");
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Popular Posts", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Recommended for You/, level: 2 })).toContainText("Coming soon");
  await expect(page.getByRole("heading", { name: "Trending hashtags", level: 2 })).toBeVisible();
  for (const name of ["Trending", "News", "Sports", "Entertainment"]) await expect(tabs(page).getByRole("link", { name, exact: true })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Trending" })).toHaveAttribute("aria-current", "page");

  await tabs(page).getByRole("link", { name: "Entertainment" }).click();
  await expect(page).toHaveURL(/\/explore\?tab=entertainment$/);
  await expect(tabs(page).getByRole("link", { name: "Entertainment" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Trending" })).not.toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("feed", { name: "Popular Posts" }).getByRole("article").filter({ hasText: word })).toHaveCount(1);
  await hashtags(page).getByRole("link", { name: new RegExp(`^#${tag}\\s*1\\.2K posts$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/hashtag/${tag}$`));
  await expect(page.getByRole("heading", { name: `#${tag}`, level: 1 })).toBeVisible();

  // Another tab leaves it out.
  await open(page, "/explore?tab=sports");
  await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
  await expect(hashtags(page).getByRole("link", { name: new RegExp(`#${tag}`) })).toHaveCount(0);
});

test("/trending is the same view under its own navigation item; its tabs stay on /trending", async ({ page }) => {
  await open(page, "/trending");
  await expect(page.getByRole("heading", { name: "Trending", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trending", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Popular Posts", level: 2 })).toBeVisible();
  await tabs(page).getByRole("link", { name: "News" }).click();
  await expect(page).toHaveURL(/\/trending\?tab=news$/);
  await expect(tabs(page).getByRole("link", { name: "News" })).toHaveAttribute("aria-current", "page");
});

test("a search shows People and Posts; Follow and Unfollow work from a People row", async ({ page, baseURL }) => {
  const word = uniqueWord("fern");
  const person = await newMember(baseURL!, { displayName: `Fern ${word}` });
  const writer = await newMember(baseURL!);
  await postAs(writer, `Notes from the greenhouse ${word}`);

  await open(page, "/explore");
  await searchExplore(page, word);
  const people = page.getByRole("list", { name: "People" });
  const row = people.getByRole("listitem").filter({ hasText: `@${person.username}` });
  await expect(row.getByRole("link", { name: new RegExp(`Fern ${word}`) })).toHaveAttribute("href", `/profile/${person.username}`);
  await expect(page.getByRole("feed", { name: "Posts" }).getByRole("article").filter({ hasText: `Notes from the greenhouse ${word}` })).toHaveCount(1);

  await submitAndSettle(page, row.getByRole("button", { name: `Follow @${person.username}` }));
  await expect(page.getByText(`Following @${person.username}`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Unfollow @${person.username}` })).toBeVisible();
  // Still the search, after the round trip too.
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=${word}$`));
  await open(page, `/explore?q=${word}`);
  await submitAndSettle(page, row.getByRole("button", { name: `Unfollow @${person.username}` }));
  await expect(page.getByText(`Unfollowed @${person.username}`)).toBeVisible();
  await expect(row.getByRole("button", { name: `Follow @${person.username}` })).toBeVisible();
});

test("a Japanese post is found by a word from its middle (decision 091)", async ({ page, baseURL }) => {
  // Katakana of its own, so that only this post has the word searched.
  const kana = Array.from({ length: 4 }, () => String.fromCodePoint(0x30a2 + Math.floor(Math.random() * 80))).join("");
  const writer = await newMember(baseURL!);
  const text = `昨日は東京${kana}タワーに行きました`;
  await postAs(writer, text);

  await open(page, "/explore");
  await searchExplore(page, `${kana}タワー`);
  await expect(page.getByRole("feed", { name: "Posts" }).getByRole("article").filter({ hasText: text })).toHaveCount(1);
  await searchExplore(page, `東京${kana}ー`);
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
});

test("a search that finds nothing says 'No results found', whatever was typed", async ({ page }) => {
  await open(page, "/explore");
  const query = `${uniqueWord("zilch")} "NEAR(* OR ☕️`;
  const box = page.getByRole("searchbox", { name: "Search people and posts" });
  await box.fill(query);
  if (!jsEnabled()) await box.press("Enter");
  await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  await expect(page.getByText("Search failed. Please try again.")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "People" })).toHaveCount(0);
});

test("a trend in the sidebar opens explore with the tag's posts", async ({ page, baseURL }) => {
  const author = await newMember(baseURL!);
  const tag = uniqueTag();
  await postAs(author, `Lanterns along the canal #${tag}`);
  // Counted far above any other test's trends, so it is in the sidebar's ten.
  await trend(baseURL!, tag, 2_000_000_000 + Math.floor(Math.random() * 1_000_000));

  await open(page, "/");
  const sidebar = page.getByRole("complementary", { name: "Search and trends" });
  await sidebar.getByRole("link", { name: new RegExp(`^#${tag}\\s*[\\d.]+[KM]? posts$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=%23${tag}$`));
  await expect(page.getByRole("searchbox", { name: "Search people and posts" })).toHaveValue(`#${tag}`);
  await expect(page.getByRole("feed", { name: "Posts" }).getByRole("article").filter({ hasText: "Lanterns along the canal" })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "People" })).toHaveCount(0);
});

test("the sidebar search reaches explore with its results", async ({ page, baseURL }) => {
  const writer = await newMember(baseURL!);
  const word = uniqueWord("kite");
  await postAs(writer, `A red kite over the hill ${word}`);
  await open(page, "/");
  const search = page.getByRole("searchbox", { name: "Search posts" });
  await search.fill(word);
  if (!jsEnabled()) await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=${word}$`));
  await expect(page.getByRole("feed", { name: "Posts" }).getByRole("article").filter({ hasText: "A red kite over the hill" })).toHaveCount(1);
  // A tab keeps the search.
  await tabs(page).getByRole("link", { name: "Sports" }).click();
  await expect(page).toHaveURL(new RegExp(`/explore\\?q=${word}&tab=sports$`));
  await expect(page.getByRole("article").filter({ hasText: "A red kite over the hill" })).toHaveCount(1);
});

import type { Locator, Page } from "@playwright/test";
import { expect, follow, jsEnabled, NEW_CONNECTION, newAccount, newMember, open, postAs, searchedPostId, signedIn, uniqueWord, type Member } from "./fixtures";

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

/** A 50-character name that breaks only at its spaces. */
const LONG_SPACED_NAME = "Maximiliane Wolfeschlegel Steinhausenbergerdorffer";
/** A web address of 300 characters without a place to break. */
const LONG_LINK = `https://example.com/${"a".repeat(280)}`;
/** What a search may hold at most (SEARCH_QUERY_MAX_LENGTH), in one word. */
const LONG_QUERY = "Q".repeat(100);
const NARROW = [
  { width: 320, height: 640 },
  { width: 375, height: 667 },
];

/** Sent over HTTP as the conversation's page does. */
async function sendAs(member: Member, conversationId: string, content: string) {
  const response = await member.api.post(`/messages/${conversationId}/send`, {
    form: { intent: "message-send", content, clientId: crypto.randomUUID() },
    headers: { Origin: member.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A comment (a reply with `parentId`) through the post page's form; answers the new comment's id. */
async function commentAs(member: Member, postId: string, content: string, parentId?: string): Promise<string> {
  const before = await commentIds(member, postId);
  const form: Record<string, string> = { intent: "comment", content, returnTo: `/post/${postId}` };
  if (parentId) form.parentId = parentId;
  const response = await member.api.post(`/post/${postId}`, { form, maxRedirects: 0, headers: { Origin: member.origin, ...NEW_CONNECTION } });
  expect(response.status(), await response.text()).toBe(302);
  const added = (await commentIds(member, postId)).filter((id) => !before.includes(id));
  expect(added).toHaveLength(1);
  return added[0]!;
}

async function commentIds(member: Member, postId: string): Promise<string[]> {
  const page = await (await member.api.get(`/post/${postId}`, { headers: NEW_CONNECTION })).text();
  return [...page.matchAll(/id="comment-([0-9A-Z]{26})"/g)].map((match) => match[1]!);
}

/** A community through the Create Community form; answers its id. */
async function communityOf(member: Member, name: string, description: string): Promise<string> {
  const multipart = new FormData();
  multipart.set("intent", "community-create");
  multipart.set("name", name);
  multipart.set("description", description);
  const response = await member.api.post("/communities/new", { multipart, maxRedirects: 0, headers: { Origin: member.origin, ...NEW_CONNECTION } });
  expect(response.status(), await response.text()).toBe(302);
  return response.headers().location!.match(/\/community\/([^/?#]+)$/)![1]!;
}

/** Nothing pushes the page sideways at this width. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${what}: the page is no wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

/** The control is whole between the screen's edges (and, with `rows`, between its top and bottom too). */
async function expectOnScreen(control: Locator, screen: { width: number; height: number }, rows = false) {
  const box = await control.boundingBox();
  expect(box, "the control is shown").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(screen.width);
  if (rows) {
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(screen.height);
  }
}

test("hostile words fit 320 and 375 px screens: messages, comments, deep replies, an invite, a hashtag, notifications, communities and searches (decision 077)", async ({ page, baseURL, me, account }) => {
  test.setTimeout(90_000);
  expect(LONG_SPACED_NAME).toHaveLength(50);
  // Another member with the longest username (30 characters) and a long name: they comment, reply,
  // write, invite and are followed.
  const other = await newMember(baseURL!, { username: newAccount().username.padEnd(30, "w"), displayName: LONG_SPACED_NAME });
  expect(other.username).toHaveLength(30);
  const settings = await other.api.post("/settings/profile", {
    form: { intent: "profile-settings", displayName: LONG_SPACED_NAME, location: "L".repeat(100), returnTo: "/settings/profile" },
    maxRedirects: 0,
    headers: { Origin: other.origin, ...NEW_CONNECTION },
  });
  expect(settings.status(), await settings.text()).toBeLessThan(400);
  await follow(baseURL!, account.username, other.username);

  const started = await other.api.post("/messages", {
    form: { intent: "conversation-start", username: account.username, returnTo: "/messages" },
    maxRedirects: 0,
    headers: { Origin: other.origin, ...NEW_CONNECTION },
  });
  const conversation = started.headers().location!;
  expect(conversation).toMatch(/^\/messages\/[0-9A-Z]{26}$/);
  await sendAs(other, conversation.split("/").pop()!, LONG_LINK);
  await sendAs(me, conversation.split("/").pop()!, LONG_LINK);

  // A post of the tester's, commented by the other member in one long word (its notification shows the
  // beginning), and a thread of replies six deep.
  const word = uniqueWord("hostile");
  await postAs(me, `${word} a post to reply to`);
  const postId = await searchedPostId(page, word);
  let parent = await commentAs(other, postId, LONG_WORD);
  for (let depth = 1; depth <= 6; depth++) {
    parent = await commentAs(depth % 2 ? me : other, postId, `Reply at depth ${depth}: the trail is open again after the storm, see you Saturday.`, parent);
  }

  // The other member's community, whose name and description are one word each, and an invite to it;
  // the tester's own, with the same.
  const theirs = await communityOf(other, uniqueWord("c").padEnd(50, "C"), "D".repeat(400));
  const invited = await other.api.post(`/community/${theirs}/invites`, { form: { intent: "invite-create" }, maxRedirects: 0, headers: { Origin: other.origin, ...NEW_CONNECTION } });
  expect(invited.status(), await invited.text()).toBe(200);
  const code = (await (await other.api.get(`/community/${theirs}/invites`, { headers: NEW_CONNECTION })).text()).match(/\/invite\/([A-Z0-9]{8})\b/)![1];
  const mine = await communityOf(me, uniqueWord("m").padEnd(50, "M"), "E".repeat(400));

  const pages = [
    conversation,
    `/?q=${word}`,
    `/post/${postId}`,
    `/post/${postId}/share`,
    `/invite/${code}`,
    `/hashtag/${"longtag".padEnd(100, "x")}`,
    "/notifications",
    `/community/${theirs}`,
    `/community/${mine}/invites`,
    `/community/${mine}/delete`,
    `/compose?community=${mine}`,
    `/profile/${account.username}`,
    `/profile/${other.username}`,
    `/profile/${other.username}/followers`,
    `/?q=${LONG_QUERY}`,
    `/communities?q=${LONG_QUERY}`,
  ];
  for (const path of pages) {
    await open(page, path);
    for (const screen of NARROW) {
      await page.setViewportSize(screen);
      const what = `${path} at ${screen.width} px`;
      await expectNoSidewaysScroll(page, what);
      if (path === conversation) {
        // The messages scroll in their own box, which hides what is wider than the screen: each bubble is whole on it.
        const bubbles = page.getByRole("list", { name: "Messages", exact: true }).getByText(LONG_LINK);
        await expect(bubbles).toHaveCount(2);
        for (const bubble of await bubbles.all()) await expectOnScreen(bubble, screen);
      }
      if (path === `/post/${postId}`) {
        // The deepest reply's Reply is on the screen, and its text has room to be read.
        const deepest = page.locator("summary", { hasText: "Reply" }).last();
        await expectOnScreen(deepest, screen);
        const text = page.getByText("Reply at depth 6:");
        expect((await text.boundingBox())!.width, `${what}: the deepest reply's width`).toBeGreaterThanOrEqual(screen.width / 2);
      }
      if (path.includes("?q=")) await expectOnScreen(page.getByRole("link", { name: "Clear search" }), screen);
      if (path.startsWith("/compose")) await expectOnScreen(page.getByRole("button", { name: "Post", exact: true }), screen);
      if (path.endsWith("/share")) {
        const labels = page.getByRole("main").getByRole("listitem").getByRole("button");
        for (const button of await labels.all()) {
          expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth), `${what}: ${await button.textContent()} fits its button`).toBe(true);
        }
      }
    }
  }
  if (jsEnabled()) {
    // The share dialog at 320 px: each service's name fits its button, on one line as the others.
    await page.setViewportSize(NARROW[0]!);
    await open(page, `/post/${postId}`);
    await page.getByRole("article").first().getByRole("link", { name: /^Share/ }).click();
    const targets = page.getByRole("dialog", { name: "Share post" }).getByRole("listitem").locator("a, button");
    await expect(targets.first()).toBeVisible();
    const sizes = await targets.evaluateAll((elements) => elements.map((element) => ({ fits: element.scrollWidth <= element.clientWidth, height: element.clientHeight })));
    expect(sizes.filter((size) => !size.fits), "services wider than their buttons").toEqual([]);
    expect(new Set(sizes.map((size) => size.height)).size, "services on one line each").toBe(1);
  }
  // The phone's top bar is the 56 px the title bars stick below.
  expect((await page.getByRole("banner").first().boundingBox())!.height).toBe(56);
});

test("a short screen (200% zoom) does not pin the page's header; a wide one that is short keeps Sign Out and the member's card in view", async ({ page, account }) => {
  await open(page, "/communities");
  const header = page.getByRole("heading", { name: "Communities", level: 1 }).locator("..");
  await page.setViewportSize({ width: 640, height: 400 });
  expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe("static");
  await page.setViewportSize({ width: 640, height: 800 });
  expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe("sticky");

  // Opened at that size: the navigation is the wide layout's column from the start (not the drawer
  // sliding into place as the window widens).
  const screen = { width: 1366, height: 768 };
  await page.setViewportSize(screen);
  await open(page, "/communities");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expectOnScreen(nav.getByRole("link", { name: "Sign Out" }), screen, true);
  await expectOnScreen(nav.getByRole("link", { name: `Your profile: ${LONG_NAME} @${account.username}` }), screen, true);
});

import type { BrowserContext, Page, Route } from "@playwright/test";
import { MESSAGE_MAX_LENGTH, MESSAGE_SEND_TIMEOUT_MS, MESSAGES_LIVE_KEPT, MESSAGES_PAGE_SIZE, TIME } from "~/lib/constants";
import { devFixture, expect, hydrated, jsEnabled, NEW_CONNECTION, newMember, open, postAs, postIdOn, signedIn as test, uniqueWord, verify, type Member } from "./fixtures";

/**
 * Direct messages and live updates through the rooms (issue 14; spec document 2 §2, §4, §8). Another
 * member acts over HTTP through the real forms; the tester's page is what the test is about, with
 * JavaScript (live) and without (on reload).
 */

/** `from` starts (or finds) the conversation with `to` through Message's form; its id. */
async function conversationBetween(from: Member, to: { username: string }): Promise<string> {
  const response = await from.api.post("/messages", {
    form: { intent: "conversation-start", username: to.username, returnTo: `/profile/${to.username}` },
    maxRedirects: 0,
    headers: { Origin: from.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(302);
  const id = response.headers().location?.match(/^\/messages\/([0-9A-Z]{26})$/)?.[1];
  expect(id, response.headers().location).toBeTruthy();
  return id!;
}

async function sendAs(member: Member, conversationId: string, content: string) {
  const response = await member.api.post(`/messages/${conversationId}/send`, {
    form: { intent: "message-send", content, clientId: crypto.randomUUID() },
    headers: { Origin: member.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** With JavaScript, waits until the page listens to the room `marker` names (nothing sent before is missed). */
async function listening(page: Page, marker: "live" | "live-member" | "live-conversation") {
  if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute(`data-${marker}`, "open");
}


const bubbles = (page: Page) => page.getByRole("list", { name: "Messages", exact: true });

/** Changes the tester's password in a second tab of the browser, as a member would (decision 083). */
async function changePasswordInAnotherTab(context: BrowserContext, me: Member) {
  const settings = await context.newPage();
  await open(settings, "/settings/account");
  const form = settings.locator("main").getByRole("region", { name: "Account settings" });
  await form.getByLabel("Current Password").fill(me.account.password);
  await form.getByLabel("New Password", { exact: true }).fill("a brand new password");
  await form.getByLabel("Confirm New Password").fill("a brand new password");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(settings.getByText("Password changed")).toBeVisible();
  await settings.close();
}

/** The open conversation still hears its room, without a notice and (with JavaScript) without having reloaded. */
async function stillListening(page: Page, friend: Member, conversationId: string) {
  await listening(page, "live-conversation");
  const news = `Still here ${uniqueWord("renewed")}`;
  await sendAs(friend, conversationId, news);
  if (!jsEnabled()) await page.reload();
  await expect(bubbles(page).getByText(news)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "You were signed out" })).toHaveCount(0);
  if (jsEnabled()) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
}

test.describe("direct messages", () => {
  test("Message on a profile that gets no answer says 'Failed to start conversation' and the profile stays", async ({ page, baseURL }) => {
    const friend = await newMember(baseURL!);
    await open(page, `/profile/${friend.username}`);
    // With JavaScript the request fails as if offline. Without it the browser posts the form itself,
    // which is not ours to answer: it just works.
    const start = /\/messages\.data(\?|$)/;
    if (jsEnabled()) {
      await page.route(start, (route) => (route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue()));
      await page.getByRole("button", { name: "Message", exact: true }).click();
      await expect(page.getByText("Failed to start conversation")).toBeVisible();
      await expect(page.getByRole("heading", { name: "No connection" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Message", exact: true })).toBeEnabled();
      await page.unroute(start);
    }
    await page.getByRole("button", { name: "Message", exact: true }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9A-Z]{26}$/);
  });

  test("Message on a profile starts the conversation, and a message is sent and kept", async ({ page, baseURL }) => {
    const friend = await newMember(baseURL!);
    await open(page, `/profile/${friend.username}`);
    await page.getByRole("button", { name: "Message", exact: true }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9A-Z]{26}$/);
    await expect(page.getByText(`Started conversation with ${friend.account.displayName}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: friend.account.displayName, level: 2 })).toBeVisible();
    await expect(bubbles(page).getByText("No messages yet. Start the conversation!")).toBeVisible();

    const words = `Hello there ${uniqueWord("dm")}`;
    await page.getByRole("textbox", { name: "Start a new message" }).fill(words);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(bubbles(page).getByText(words)).toBeVisible();
    if (jsEnabled()) {
      await expect(page.getByRole("textbox", { name: "Start a new message" })).toHaveValue("");
      // Stored: the server answered the send (before that, the bubble is the page's own, 'Sending...').
      await expect(bubbles(page).getByText("Sending...")).toHaveCount(0);
    }
    // Kept: there after a reload, and in the list with 'You: '.
    await page.reload();
    await expect(bubbles(page).getByText(words)).toBeVisible();
    await expect(page.getByRole("region", { name: "Conversations" }).getByText(`You: ${words}`)).toBeVisible();
  });

  test("a message over the limit is refused under the field, its text kept there, and nothing is sent", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await open(page, `/messages/${conversationId}`);
    const field = page.getByRole("textbox", { name: "Start a new message" });
    // Characters, not UTF-16 units: 1,001 of them is 1,001 units here, inside the field's own maxlength.
    const long = "é".repeat(MESSAGE_MAX_LENGTH + 1);
    await field.fill(long);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(field).toHaveAccessibleDescription(`Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`);
    await expect(field).toHaveValue(long);
    // Without JavaScript the page comes back with the field in focus; with it, focus never left the form.
    if (!jsEnabled()) await expect(field).toBeFocused();
    await expect(bubbles(page).getByText("No messages yet. Start the conversation!")).toBeVisible();
  });

  test("a conversation the other member blocked the tester in says so in place of the field; its messages stay (decision 100)", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    const word = uniqueWord("before");
    await sendAs(friend, conversationId, `Said before ${word}`);
    const blocked = await friend.api.post(`/profile/${me.username}/block`, {
      form: { intent: "block", returnTo: `/profile/${me.username}` },
      maxRedirects: 0,
      headers: { Origin: friend.origin, ...NEW_CONNECTION },
    });
    expect(blocked.status(), await blocked.text()).toBe(302);
    await open(page, `/messages/${conversationId}`);
    await expect(bubbles(page).getByText(`Said before ${word}`)).toBeVisible();
    await expect(page.getByText(`You can't message ${friend.account.displayName}`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Start a new message" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  });

  test("a message from the other member appears live with JavaScript, and on reload without; opening it clears the badge", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    // Elsewhere first: the navigation's Messages badge counts the unread conversation.
    await open(page, "/bookmarks");
    await listening(page, "live-member");
    await sendAs(friend, conversationId, "Are you around?");
    if (!jsEnabled()) await page.reload();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByLabel("1 unread conversation", { exact: true })).toBeVisible();
    // A screen reader hears the badge grow while the page is open (a page loaded with it says nothing).
    const heard = page.locator("p.sr-only[aria-live]").filter({ hasText: "unread conversation" });
    if (jsEnabled()) await expect(heard).toHaveText("1 unread conversation");
    else await expect(heard).toHaveCount(0);

    await open(page, `/messages/${conversationId}`);
    await expect(bubbles(page).getByText("Are you around?")).toBeVisible();
    await expect(nav.getByLabel("1 unread conversation", { exact: true })).toHaveCount(0);
    await listening(page, "live-conversation");
    const reply = `Right here ${uniqueWord("dm")}`;
    await sendAs(friend, conversationId, reply);
    if (!jsEnabled()) await page.reload();
    await expect(bubbles(page).getByText(reply)).toBeVisible();
    // With JavaScript a screen reader hears who said what as it arrives.
    if (jsEnabled()) await expect(page.locator("p.sr-only[aria-live]").filter({ hasText: reply })).toHaveText(`${friend.account.displayName}: ${reply}`);
  });

  test("'Load earlier messages' brings the older page above the newest, oldest first, until the first message", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    const tag = uniqueWord("older");
    const sent = Array.from({ length: MESSAGES_PAGE_SIZE + 2 }, (_, i) => `${tag} number ${i + 1}.`);
    for (const content of sent) await sendAs(friend, conversationId, content);

    await open(page, `/messages/${conversationId}`);
    const list = bubbles(page);
    await expect(list.getByText(sent.at(-1)!, { exact: true })).toBeVisible();
    await expect(list.getByText(sent[2]!, { exact: true })).toBeVisible();
    await expect(list.getByText(sent[1]!, { exact: true })).toHaveCount(0);
    // It opens on the newest messages, scrolled to its end, without JavaScript too; the oldest are above.
    // So on a phone, where the conversation is the whole screen, with the form to write below it.
    for (const viewport of [null, { width: 390, height: 844 }]) {
      const desktop = page.viewportSize()!;
      if (viewport) {
        await page.setViewportSize(viewport);
        await open(page, `/messages/${conversationId}`);
      }
      await expect(list.getByText(sent.at(-1)!, { exact: true })).toBeInViewport();
      await expect(list.getByText(sent[2]!, { exact: true })).not.toBeInViewport();
      await expect(page.getByRole("button", { name: "Send", exact: true })).toBeInViewport();
      if (viewport) await page.setViewportSize(desktop);
    }
    if (jsEnabled()) {
      // A load that gets no answer keeps the conversation, says so, and may be asked again (decision 079).
      await page.route(/\/messages\/[^/?]+\.data\?.*earlier=/, (route) => route.abort("internetdisconnected"));
      await page.getByRole("link", { name: "Load earlier messages" }).click();
      await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
      await expect(list.getByText(sent.at(-1)!, { exact: true })).toBeVisible();
      await page.unroute(/\/messages\/[^/?]+\.data\?.*earlier=/);
    }
    await page.getByRole("link", { name: "Load earlier messages" }).click();
    await expect(list.getByText(sent[0]!, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Load earlier messages" })).toHaveCount(0);
    // Oldest first: with JavaScript the older page joins the newest above it; without, it is a page of its own.
    const shown = await list.getByText(new RegExp(`^${tag} number \\d+\\.$`)).allTextContents();
    expect(shown).toEqual(jsEnabled() ? sent : sent.slice(0, 2));
    if (jsEnabled()) {
      // The reader's place (the top of the newest page, where the link was) is kept as the earlier page comes in above it.
      await expect(list.getByText(sent[2]!, { exact: true })).toBeInViewport();
      // Back at the end, a message arriving there is in view.
      await list.getByText(sent.at(-1)!, { exact: true }).scrollIntoViewIfNeeded();
      await listening(page, "live-conversation");
      const newest = `${tag} the newest.`;
      await sendAs(friend, conversationId, newest);
      await expect(list.getByText(newest, { exact: true })).toBeInViewport();
    }
  });

  test("a conversation left open keeps its newest messages as many arrive live, and 'Load earlier messages' brings back the rest in order, none missing, none twice", { tag: "@js-only" }, async ({ page, baseURL, me }) => {
    // @js-only: Without JavaScript nothing arrives live: each reload is the newest page alone.
    test.setTimeout(120_000);
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    const tag = uniqueWord("busy");
    const sent = Array.from({ length: MESSAGES_LIVE_KEPT + 15 }, (_, i) => `${tag} number ${i + 1}.`);
    const whileUp = sent.slice(-3);
    for (const content of sent.slice(0, 2)) await sendAs(friend, conversationId, content);

    await open(page, `/messages/${conversationId}`);
    await listening(page, "live-conversation");
    const list = bubbles(page);
    const ours = list.getByText(new RegExp(`^${tag} number \\d+\\.$`));
    // The whole conversation is on the page: nothing earlier to load.
    await expect(ours).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Load earlier messages" })).toHaveCount(0);
    for (const content of sent.slice(2, -3)) await sendAs(friend, conversationId, content);
    await expect(list.getByText(sent.at(-4)!, { exact: true })).toBeInViewport();
    // The reader is at the end: the page holds the newest MESSAGES_LIVE_KEPT, the oldest have left it.
    await expect(ours).toHaveCount(MESSAGES_LIVE_KEPT);
    expect(await ours.allTextContents()).toEqual(sent.slice(-MESSAGES_LIVE_KEPT - 3, -3));
    // Scrolled up reading, nothing leaves the page while more arrive; back at the end, the oldest do.
    await ours.first().scrollIntoViewIfNeeded();
    for (const content of whileUp) await sendAs(friend, conversationId, content);
    await expect(ours).toHaveCount(MESSAGES_LIVE_KEPT + 3);
    await expect(list.getByText(sent[12]!, { exact: true })).toBeInViewport();
    await list.getByText(sent.at(-1)!, { exact: true }).scrollIntoViewIfNeeded();
    await expect(ours).toHaveCount(MESSAGES_LIVE_KEPT);
    expect(await ours.allTextContents()).toEqual(sent.slice(-MESSAGES_LIVE_KEPT));

    // Those that left come back above, oldest first, with no gap and no repeat.
    const loadEarlier = page.getByRole("link", { name: "Load earlier messages" });
    while ((await loadEarlier.count()) > 0) {
      const before = await ours.count();
      await loadEarlier.click();
      await expect(ours).not.toHaveCount(before);
    }
    expect(await ours.allTextContents()).toEqual(sent);
  });

  test("the header says when the other member was last active while both share it, and nothing once they hide theirs", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    // Their requests record their activity (after each answer).
    await sendAs(friend, conversationId, "Just here for a moment");
    await open(page, `/messages/${conversationId}`);
    const pane = page.getByRole("region", { name: `Conversation with ${friend.account.displayName}` });
    await expect(pane.getByText("Active now", { exact: true })).toBeVisible();

    // They turn Show activity status off (the real form, its other choices as they were): no line.
    const saved = await friend.api.post("/settings/privacy", {
      form: { intent: "privacy-settings", profileVisibility: "public", postVisibility: "public", allowDirectMessages: "everyone", indexProfile: "on", returnTo: "/settings/privacy" },
      maxRedirects: 0,
      headers: { Origin: friend.origin, ...NEW_CONNECTION },
    });
    expect(saved.status(), await saved.text()).toBe(302);
    await page.reload();
    await expect(bubbles(page).getByText("Just here for a moment")).toBeVisible();
    await expect(pane.getByText(/^Active /)).toHaveCount(0);
  });

  test("Back after sending brings nothing back into the field (without JavaScript the browser restores no form), so the message is not sent twice", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await open(page, `/messages/${conversationId}`);
    const words = `Only once ${uniqueWord("dm")}`;
    await page.getByRole("textbox", { name: "Start a new message" }).fill(words);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(bubbles(page).getByText(words)).toBeVisible();
    // Without JavaScript the send was a page of its own (posted, then redirected): Back is the page the
    // form was sent from. With it the page stayed: Back leaves it, and Forward comes back to it.
    await page.goBack();
    if (jsEnabled()) await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`));
    await expect(page.getByRole("textbox", { name: "Start a new message" })).toHaveValue("");
    await expect(bubbles(page).getByText(words)).toHaveCount(1);
  });

  test("a message that failed is still there, with Retry and Discard, after leaving the conversation and after a reload; one failing elsewhere says 'Failed to send message'", { tag: "@js-only" }, async ({ page, baseURL, me }) => {
    // @js-only: Without JavaScript a send is a form post: a failure shows the page again with the text in the field.
    const friend = await newMember(baseURL!);
    const other = await newMember(baseURL!, { displayName: "Other Penpal" });
    const conversationId = await conversationBetween(friend, me);
    const otherId = await conversationBetween(other, me);
    await sendAs(friend, conversationId, "Hello from the first");
    await sendAs(other, otherId, "Hello from the other");
    await open(page, `/messages/${conversationId}`);
    const list = page.getByRole("region", { name: "Conversations" });
    const field = page.getByRole("textbox", { name: "Start a new message" });

    await page.route("**/send", (route) => route.abort("internetdisconnected"));
    const failed = `Kept when I leave ${uniqueWord("dm")}`;
    await field.fill(failed);
    await field.press("Enter");
    const bubble = bubbles(page).getByRole("listitem").filter({ hasText: failed });
    await expect(bubble.getByRole("alert")).toContainText("Failed to send message");
    // To the other conversation and Back (the app's own navigation), then a reload: still there, not sent.
    await list.getByRole("link", { name: /Other Penpal/ }).click();
    await expect(bubbles(page).getByText("Hello from the other")).toBeVisible();
    await page.goBack();
    await expect(bubble.getByRole("alert")).toContainText("Failed to send message");
    await page.reload();
    await expect(bubble.getByRole("alert")).toContainText("Failed to send message");
    await page.unroute("**/send");
    await bubble.getByRole("button", { name: "Retry" }).click();
    await expect(bubble.getByRole("alert")).toHaveCount(0);
    await expect(bubbles(page).getByText("Sending...")).toHaveCount(0);
    await page.reload();
    await expect(bubbles(page).getByText(failed, { exact: true })).toHaveCount(1);
    // Enter sends once the page runs its scripts (before, it is a new line in the field).
    await hydrated(page);

    // Sent, then the member leaves before it fails: a toast says so, and it waits back in its conversation.
    // The send fails only once the other conversation is on screen, however long getting there takes.
    let leave: () => void = () => {};
    const left = new Promise<void>((resolve) => (leave = resolve));
    await page.route("**/send", async (route) => {
      await left;
      await route.abort("timedout");
    });
    const late = `Fails after I leave ${uniqueWord("dm")}`;
    await field.fill(late);
    await field.press("Enter");
    await list.getByRole("link", { name: /Other Penpal/ }).click();
    await expect(bubbles(page).getByText("Hello from the other")).toBeVisible();
    leave();
    await expect(page.getByRole("region", { name: "Alerts" }).getByText("Failed to send message", { exact: true })).toBeVisible();
    await page.unroute("**/send");
    await list.getByRole("link", { name: new RegExp(friend.account.displayName) }).click();
    const lateBubble = bubbles(page).getByRole("listitem").filter({ hasText: late });
    await expect(lateBubble.getByRole("alert")).toContainText("Failed to send message");
    // Discard drops it for good.
    await lateBubble.getByRole("button", { name: "Discard" }).click();
    await expect(lateBubble).toHaveCount(0);
    await page.reload();
    await expect(bubbles(page).getByText("Hello from the first")).toBeVisible();
    await expect(lateBubble).toHaveCount(0);
  });

  test("messages sent one after another are stored in the order typed, however slow the first; those typed after a failed one wait for it", { tag: "@js-only" }, async ({ page, baseURL, me }) => {
    // @js-only: Without JavaScript each message is a page of its own: the next is typed after the first is stored.
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await open(page, `/messages/${conversationId}`);
    const field = page.getByRole("textbox", { name: "Start a new message" });
    const tag = uniqueWord("order");
    const texts = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${tag} number ${from + i}`);
    const shown = () => bubbles(page).getByText(new RegExp(`^${tag} number \\d+$`)).allTextContents();

    // The first on a slow link, the second right after it.
    let first = true;
    await page.route("**/send", async (route) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    for (const text of texts(1, 2)) {
      await field.fill(text);
      await field.press("Enter");
    }
    await expect(bubbles(page).getByText("Sending...")).toHaveCount(0);
    expect(await shown()).toEqual(texts(1, 2));

    // The third fails; the fourth, typed after it, waits rather than going ahead of it.
    await page.unrouteAll();
    await page.route("**/send", (route) => route.abort("internetdisconnected"));
    for (const text of texts(3, 4)) {
      await field.fill(text);
      await field.press("Enter");
    }
    await expect(bubbles(page).getByRole("listitem").filter({ hasText: texts(3, 3)[0]! }).getByRole("alert")).toContainText("Failed to send message");
    await expect(bubbles(page).getByRole("listitem").filter({ hasText: texts(4, 4)[0]! })).toContainText("Waiting to send");
    // A new message means going on: the failed one goes again first, then the rest in order.
    await page.unroute("**/send");
    await field.fill(texts(5, 5)[0]!);
    await field.press("Enter");
    await expect(bubbles(page).getByText("Sending...")).toHaveCount(0);
    await expect(bubbles(page).getByRole("alert")).toHaveCount(0);
    await page.reload();
    await expect(bubbles(page).getByText(texts(5, 5)[0]!)).toBeVisible();
    expect(await shown()).toEqual(texts(1, 5));
  });

  test("a message with no answer fails after a while, with Retry, and the retry stores it once", { tag: "@js-only" }, async ({ page, baseURL, me }) => {
    // @js-only: Without JavaScript the browser itself waits for the form's answer.
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await page.clock.install();
    await open(page, `/messages/${conversationId}`);
    // The first send is held on its way: no answer comes.
    let held: Route | null = null;
    await page.route("**/send", (route) => {
      if (held) return route.continue();
      held = route;
    });
    const words = `Lost answer ${uniqueWord("dm")}`;
    const field = page.getByRole("textbox", { name: "Start a new message" });
    await field.fill(words);
    await field.press("Enter");
    const bubble = bubbles(page).getByRole("listitem").filter({ hasText: words });
    await expect(bubble).toContainText("Sending...");
    await page.clock.fastForward(MESSAGE_SEND_TIMEOUT_MS);
    await expect(bubble.getByRole("alert")).toContainText("Failed to send message");
    await bubble.getByRole("button", { name: "Retry" }).click();
    await expect(bubble.getByRole("alert")).toHaveCount(0);
    await expect(bubbles(page).getByText("Sending...")).toHaveCount(0);
    // The first send reaches the server after all, late: the same message, stored once.
    const late = await held!.fetch();
    expect(late.status()).toBe(200);
    await page.reload();
    await expect(bubbles(page).getByText(words, { exact: true })).toHaveCount(1);
  });

  test("the list filters Verified Only with its counts, and searches names, @usernames and words; a conversation nobody wrote in is not the other's", async ({ page, baseURL, me }) => {
    const plain = await newMember(baseURL!, { displayName: "Plain Penpal" });
    const checked = await newMember(baseURL!, { displayName: "Checked Penpal" });
    await verify(baseURL!, checked.username);
    const secret = uniqueWord("word");
    await sendAs(plain, await conversationBetween(plain, me), `The code is ${secret}`);
    await sendAs(checked, await conversationBetween(checked, me), "Verified hello");
    // Pressing Message and writing nothing puts nothing in the tester's list (decision 073).
    await conversationBetween(await newMember(baseURL!, { displayName: "Silent Penpal" }), me);

    await open(page, "/messages");
    await expect(page.getByRole("heading", { name: "Select a message" })).toBeVisible();
    const list = page.getByRole("region", { name: "Conversations" });
    await expect(list.getByRole("link", { name: "All Messages (2)" })).toBeVisible();
    await list.getByRole("link", { name: "Verified Only (1)" }).click();
    await expect(list.getByRole("list", { name: "Verified Only" }).getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("Checked Penpal")).toBeVisible();

    await list.getByRole("link", { name: "All Messages (2)" }).click();
    await expect(list.getByText("Silent Penpal")).toHaveCount(0);
    // The search form keeps the filter it is shown with: search once All Messages is the page shown
    // (with JavaScript the click navigates in place, and a search sent before it lands is Verified Only's).
    await expect(list.getByRole("list", { name: "All Messages" }).getByRole("listitem")).toHaveCount(2);
    await list.getByRole("searchbox", { name: "Search messages" }).fill(secret);
    await list.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?q=${secret}$`));
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("Plain Penpal")).toBeVisible();
    // A username as the row shows it, '@' and all.
    await list.getByRole("searchbox", { name: "Search messages" }).fill(`@${checked.username}`);
    await list.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?q=%40${checked.username}$`));
    await expect(list.getByText("Checked Penpal")).toBeVisible();
    await expect(list.getByText("Plain Penpal")).toHaveCount(0);
    await expect(list.getByRole("listitem")).toHaveCount(1);
  });
});

test.describe("a conversation's days, and who wrote each message", () => {
  // The reader is in Honolulu (UTC−10 all year), in a browser set to Arabic: with JavaScript the page
  // counts days and writes times in their zone, in the site's English; without it, in UTC, saying so.
  test.use({ timezoneId: "Pacific/Honolulu", locale: "ar-EG" });

  test("each day begins with a heading ('Yesterday', 'Today', a date) in the reader's zone with JavaScript and in UTC without, through earlier pages, live messages and unsent ones; a screen reader hears who wrote each message", async ({ page, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    const js = jsEnabled();
    const utc = js ? "" : " (UTC)";
    // Midnight where the page counts days: Honolulu's with JavaScript, UTC's without.
    const offset = js ? 10 * TIME.HOUR : 0;
    const today = Math.floor((Date.now() - offset) / TIME.DAY);
    const lateYesterday = (today - 1) * TIME.DAY + 22 * TIME.HOUR + 27 * TIME.MINUTE + offset;
    const tag = uniqueWord("day");
    const theirs = Array.from({ length: MESSAGES_PAGE_SIZE }, (_, i) => ({ content: `${tag} yesterday number ${i + 1}.`, at: lateYesterday + i * TIME.SECOND }));
    // A message of last year, then more than a page of yesterday's: the older day is on the earlier page.
    const lastYear = { content: `${tag} last year.`, at: Date.UTC(2025, 0, 6, 20) };
    const mine = { content: `${tag} yesterday, mine.`, at: lateYesterday + 40 * TIME.SECOND };
    await devFixture(baseURL!, { intent: "messages", conversationId, sender: friend.username, messages: JSON.stringify([lastYear, ...theirs]) });
    await devFixture(baseURL!, { intent: "messages", conversationId, sender: me.username, messages: JSON.stringify([mine]) });

    // The browser's clock, to move it past midnight below (it runs on as the real one until then).
    if (js) await page.clock.install();
    await open(page, `/messages/${conversationId}`);
    const list = bubbles(page);
    const days = list.getByRole("heading", { level: 3 });
    const bubble = (content: string) => list.getByRole("paragraph").filter({ hasText: content });
    await expect(days).toHaveText([`Yesterday${utc}`]);
    // A day's heading is in its first message's item, not an item of its own (the items are the messages).
    const dayStarts = list.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect(dayStarts).toHaveCount(1);
    await expect(dayStarts.getByRole("paragraph")).toHaveText(`${friend.account.displayName}: ${theirs[1]!.content}`);
    // The time of day as the rest of the site writes it, not in the browser's Arabic; UTC's says so.
    await expect(list.getByRole("listitem").filter({ hasText: mine.content }).locator("time")).toHaveText(js ? /^10:27\sPM$/ : /^10:27\sPM\sUTC$/);
    // Who wrote each one, before its text (shown only by side and colour).
    await expect(bubble(mine.content)).toHaveText(`You: ${mine.content}`);
    await expect(bubble(theirs.at(-1)!.content)).toHaveText(`${friend.account.displayName}: ${theirs.at(-1)!.content}`);

    // The earlier page: with JavaScript it joins above, its days headed once each; without, a page of its own.
    await page.getByRole("link", { name: "Load earlier messages" }).click();
    await expect(list.getByText(lastYear.content, { exact: true })).toBeVisible();
    await expect(days).toHaveText([`Mon, Jan 6, 2025${utc}`, `Yesterday${utc}`]);

    // A message of today: live with JavaScript, on the newest page without.
    if (js) await listening(page, "live-conversation");
    const now = `${tag} today.`;
    await sendAs(friend, conversationId, now);
    if (!js) await open(page, `/messages/${conversationId}`);
    await expect(list.getByText(now, { exact: true })).toBeVisible();
    await expect(days).toHaveText(js ? ["Mon, Jan 6, 2025", "Yesterday", "Today"] : ["Yesterday (UTC)", "Today (UTC)"]);
    await expect(bubble(now)).toHaveText(`${friend.account.displayName}: ${now}`);
    if (!js) return;

    // Past the reader's midnight, the page moves its days on by itself; a message that cannot be sent
    // now (offline) begins the new day.
    await page.clock.fastForward((today + 1) * TIME.DAY + offset + TIME.MINUTE - Date.now());
    await expect(days).toHaveText(["Mon, Jan 6, 2025", /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/, "Yesterday"]);
    await page.route("**/send", (route) => route.abort("internetdisconnected"));
    const unsent = `${tag} after midnight.`;
    const field = page.getByRole("textbox", { name: "Start a new message" });
    await field.fill(unsent);
    await field.press("Enter");
    await expect(list.getByRole("listitem").filter({ hasText: unsent }).getByRole("alert")).toContainText("Failed to send message");
    await expect(days).toHaveText(["Mon, Jan 6, 2025", /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/, "Yesterday", "Today"]);
    await expect(bubble(unsent)).toHaveText(`You: ${unsent}`);
  });
});

test.describe("live updates through the rooms", () => {
  test("another member's like changes the author's notification badge: live with JavaScript, on reload without", async ({ page, baseURL, me }) => {
    const word = uniqueWord("nb");
    await postAs(me, `Like me ${word}`);
    await open(page, "/profile");
    const id = await postIdOn(page, word);
    await listening(page, "live-member");
    const fan = await newMember(baseURL!);
    const liked = await fan.api.post(`/post/${id}`, { form: { like: "true", returnTo: `/post/${id}` }, maxRedirects: 0 });
    expect(liked.status()).toBe(302);
    if (!jsEnabled()) await page.reload();
    await expect(page.getByRole("navigation", { name: "Main" }).getByLabel("1 unread notification", { exact: true })).toBeVisible();
  });

  test("a deleted post disappears from an open profile: live with JavaScript, on reload without", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = uniqueWord("gone");
    await postAs(author, `Soon gone ${word}`);
    await open(page, `/profile/${author.username}`);
    const card = page.getByRole("article").filter({ hasText: word });
    await expect(card).toBeVisible();
    const id = await postIdOn(page, word);
    await listening(page, "live");
    const deleted = await author.api.post(`/post/${id}/delete`, { form: { intent: "delete" } });
    expect(deleted.status()).toBe(200);
    if (!jsEnabled()) await page.reload();
    await expect(card).toHaveCount(0);
  });

  test("a password change in another tab gives the browser a new session: the open conversation listens on with it, without a reload (decision 083)", async ({ page, context, baseURL, me }) => {
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await open(page, `/messages/${conversationId}`);
    await listening(page, "live-member");
    await listening(page, "live-conversation");
    // A page that reloads loses this.
    if (jsEnabled()) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const before = (await context.cookies()).find((cookie) => cookie.name === "session")!.value;

    await changePasswordInAnotherTab(context, me);
    // The session this browser had is gone; its new cookie is another.
    const after = (await context.cookies()).find((cookie) => cookie.name === "session")!.value;
    expect(after).not.toBe(before);
    const old = await (await import("@playwright/test")).request.newContext({ baseURL, extraHTTPHeaders: { Cookie: `session=${before}`, ...NEW_CONNECTION } });
    expect((await old.get("/settings/account", { maxRedirects: 0 })).status()).toBe(302);
    await old.dispose();

    // The member room told the page at once; the conversation's room finds out at its minute (now).
    await listening(page, "live-member");
    await devFixture(baseURL!, { intent: "room-check", conversationId });
    await stillListening(page, friend, conversationId);
  });

  test("a room that finds the old session gone before the change's answer reached the browser asks again, and listens on (decision 083)", { tag: "@js-only" }, async ({ page, context, baseURL, me }) => {
    // @js-only: only a page with JavaScript has rooms, and asks whether its session is still there.
    const friend = await newMember(baseURL!);
    const conversationId = await conversationBetween(friend, me);
    await open(page, `/messages/${conversationId}`);
    await listening(page, "live-conversation");
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await changePasswordInAnotherTab(context, me);
    await listening(page, "live-member");
    // The race, made certain: the page's first question is answered as it would have been with the old
    // cookie, had the room looked before the change's answer (and its new cookie) arrived.
    let asked = 0;
    await page.route("**/api/session", (route) => (asked++ === 0 ? route.fulfill({ json: { member: null } }) : route.continue()));
    await devFixture(baseURL!, { intent: "room-check", conversationId });
    await expect.poll(() => asked).toBe(2);
    await stillListening(page, friend, conversationId);
  });
});

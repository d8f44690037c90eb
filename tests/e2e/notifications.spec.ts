import { expect, follow, hydrated, jsEnabled, newMember, NEW_CONNECTION, open, postAs, sendDigest, signedIn as test, tester, uniqueWord, type Member } from "./fixtures";

/** Another member acting on a post over HTTP, as a form without JavaScript would. */
async function act(member: Member, postId: string, form: Record<string, string>) {
  const response = await member.api.post(`/post/${postId}`, {
    form: { ...form, returnTo: `/post/${postId}` },
    maxRedirects: 0,
    headers: { Origin: member.origin, ...NEW_CONNECTION },
  });
  expect(response.status(), await response.text()).toBe(302);
}

test.describe("notifications", () => {
  test("a commenter's unread comments under one post are one item with the newest words (decision 108)", async ({ page, baseURL, account }) => {
    const me = tester(page, baseURL!, account);
    const word = uniqueWord("cc");
    await postAs(me, `Comment on ${word}`);
    await open(page, `/?q=${word}`);
    const href = await page.getByRole("article").filter({ hasText: word }).first().getByRole("link", { name: "Open post" }).getAttribute("href");
    const postId = href!.split("/").pop()!;
    const ana = await newMember(baseURL!);
    await act(ana, postId, { intent: "comment", content: `First thought ${word}` });
    await act(ana, postId, { intent: "comment", content: `Second thought ${word}` });

    await open(page, "/notifications");
    await expect(page.getByRole("navigation", { name: "Main" }).getByLabel("1 unread notification", { exact: true })).toBeVisible();
    const items = page.getByRole("list", { name: "All" }).getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`${ana.account.displayName} @${ana.username} commented on your post`);
    await expect(items.first()).toContainText(`Second thought ${word}`);
    await expect(items.first()).not.toContainText(`First thought ${word}`);
  });

  test("likes, a comment, a mention and a follow notify; tabs, opening one and 'Mark all as read'", async ({ page, baseURL, account }) => {
    const me = tester(page, baseURL!, account);
    const word = uniqueWord("nt");
    await postAs(me, `Notify me about ${word}`);
    await open(page, `/?q=${word}`);
    const href = await page.getByRole("article").filter({ hasText: word }).first().getByRole("link", { name: "Open post" }).getAttribute("href");
    const postId = href!.split("/").pop()!;

    const ana = await newMember(baseURL!);
    const ben = await newMember(baseURL!);
    await act(ana, postId, { like: "true" });
    await act(ben, postId, { like: "true" });
    await act(ana, postId, { intent: "comment", content: `Nice one ${word}` });
    await postAs(ben, `Hello @${account.username} ${word}`);
    await follow(baseURL!, ana.username, account.username);

    await open(page, "/notifications");
    const nav = page.getByRole("navigation", { name: "Main" });
    // Four items: the follow, the mention, the comment and the two likes as one.
    await expect(nav.getByLabel("4 unread notifications")).toBeVisible();
    const items = page.getByRole("list", { name: "All" }).getByRole("listitem");
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText(`${ana.account.displayName} @${ana.username} followed you`);
    await expect(items.nth(1)).toContainText(`${ben.account.displayName} @${ben.username} mentioned you`);
    await expect(items.nth(2)).toContainText(`${ana.account.displayName} @${ana.username} commented on your post`);
    await expect(items.nth(2)).toContainText(`Nice one ${word}`);
    await expect(items.nth(3)).toContainText(`${ben.account.displayName} @${ben.username} and 1 other liked your post`);
    await expect(items.nth(3)).toContainText(`Notify me about ${word}`);

    await page.getByRole("link", { name: "Mentions" }).click();
    await expect(page).toHaveURL(/\/notifications\?tab=mentions$/);
    await expect(page.getByRole("list", { name: "Mentions" }).getByRole("listitem")).toHaveCount(1);
    await page.getByRole("link", { name: "Likes" }).click();
    const likes = page.getByRole("list", { name: "Likes" }).getByRole("listitem");
    await expect(likes).toHaveCount(1);

    // Opening an item marks it read and goes to its post.
    await likes.getByRole("button", { name: /liked your post/ }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
    await expect(nav.getByLabel("3 unread notifications")).toBeVisible();

    await open(page, "/notifications");
    await expect(page.getByRole("list", { name: "All" }).getByRole("listitem").nth(3)).not.toContainText("Unread");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    await expect(nav.getByLabel(/unread notification/)).toHaveCount(0);
    await expect(page.getByRole("list", { name: "All" }).getByRole("listitem")).toHaveCount(4);
  });

  test("'Mark all as read' and opening an item that get no answer leave the page as it was (only logged)", async ({ page, baseURL, account }) => {
    const ana = await newMember(baseURL!);
    await follow(baseURL!, ana.username, account.username);
    await open(page, "/notifications");
    const item = page.getByRole("list", { name: "All" }).getByRole("button", { name: /followed you/ });
    await expect(item).toBeVisible();
    // With JavaScript every data request fails as if offline (the submission's and any reload of the
    // page's data). Without it the browser posts the form itself, which is not ours to answer.
    const data = /\.data(\?|$)/;
    if (jsEnabled()) {
      await page.route(data, (route) => route.abort("internetdisconnected"));
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await item.click();
      // Nothing replaces the page, and nothing is said (spec document 1 §8).
      await page.waitForTimeout(1500);
      await expect(page.getByRole("heading", { name: "No connection" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
      await expect(item).toBeVisible();
      await page.unroute(data);
    }
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  });

  test("a follow opens the follower's profile; a member with none sees 'No notifications yet'", async ({ page, baseURL, account }) => {
    await open(page, "/notifications");
    await expect(page.getByText("No notifications yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
    const fan = await newMember(baseURL!);
    await follow(baseURL!, fan.username, account.username);
    await open(page, "/notifications");
    await page.getByRole("button", { name: `${fan.account.displayName} @${fan.username} followed you` }).click();
    await expect(page).toHaveURL(new RegExp(`/profile/${fan.username}$`));
  });

  test("a digest's link stops the e-mails without signing in: opening it asks first, its button turns them off", async ({ page, context, baseURL, account }) => {
    await open(page, "/settings/notifications");
    const settings = page.locator("main").getByRole("region");
    await settings.getByRole("checkbox", { name: "Email Notifications" }).check();
    await settings.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Notification settings saved")).toBeVisible();
    const fan = await newMember(baseURL!);
    await follow(baseURL!, fan.username, account.username);
    await sendDigest(baseURL!, account.username);

    // Whoever reads the mail need not be signed in (the address may be theirs, the account a stranger's).
    const session = (await context.cookies()).filter((cookie) => cookie.name === "session");
    await context.clearCookies({ name: "session" });
    await open(page, "/dev/outbox");
    const digest = page.getByRole("article", { name: "1 new notification on Murmur" }).filter({ hasText: `To ${account.email}` });
    await expect(digest).toContainText(`- ${fan.account.displayName} (@${fan.username}) followed you`);
    await expect(digest.getByLabel("Headers")).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    await digest.getByRole("link", { name: /\/unsubscribe\?t=/ }).click();

    await expect(page.getByRole("heading", { name: "Stop notification e-mails" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Stop these e-mails" }).click();
    await expect(page.getByRole("heading", { name: "Notification e-mails are off" })).toBeVisible();
    await expect(page.getByText("Murmur won't e-mail this address")).toBeVisible();

    await context.addCookies(session);
    await open(page, "/settings/notifications");
    await expect(settings.getByRole("checkbox", { name: "Email Notifications" })).not.toBeChecked();
    await expect(settings.getByRole("checkbox", { name: "Follows" })).toBeChecked();
  });
});

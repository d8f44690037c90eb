import { readFile } from "node:fs/promises";
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { expect, jsEnabled, NEW_CONNECTION, open, postAs, signedIn as test, uniqueWord, type Account } from "./fixtures";

/**
 * Settings › Account (docs/decisions/074), with JavaScript and without: a new password keeps this
 * browser signed in and signs every other one out; deleting the account asks for the password (and,
 * with JavaScript, once more in a dialog), then signs out.
 */

const region = (page: Page) => page.locator("main").getByRole("region", { name: "Account settings" });

/** Another browser of the same member, signed in over HTTP with the password (its own address). */
async function otherBrowser(baseURL: string, account: Account): Promise<APIRequestContext> {
  const address = Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join(".");
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL, "CF-Connecting-IP": address, ...NEW_CONNECTION } });
  const signedIn = await api.post("/auth", { form: { mode: "sign-in", email: account.email, password: account.password }, maxRedirects: 0 });
  expect(signedIn.status(), await signedIn.text()).toBe(302);
  return api;
}

/** Whether a browser's session still opens a member's page (else it is sent to sign in). */
async function isSignedIn(api: APIRequestContext) {
  return (await api.get("/settings/account", { maxRedirects: 0 })).status() === 200;
}

async function changePassword(page: Page, current: string, next: string) {
  const form = region(page);
  await form.getByLabel("Current Password").fill(current);
  await form.getByLabel("New Password", { exact: true }).fill(next);
  await form.getByLabel("Confirm New Password").fill(next);
  await form.getByRole("button", { name: "Change Password" }).click();
}

test.describe("Settings › Account", () => {
  test("is a tab of the settings, with its forms", async ({ page }) => {
    await open(page, "/settings/profile");
    const tabs = page.getByRole("navigation", { name: "Settings" });
    await tabs.getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(tabs.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
    await expect(region(page).getByRole("heading", { name: "Change password" })).toBeVisible();
    await expect(region(page).getByRole("heading", { name: "Delete account" })).toBeVisible();
    await expect(region(page).getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  });

  test("Download your data: the link downloads one JSON file of the member's data, and the page stays", async ({ page, account, me }) => {
    const word = uniqueWord("export");
    await postAs(me, `Keep a copy of ${word}`);
    await open(page, "/settings/account");
    await expect(region(page).getByRole("heading", { name: "Download your data" })).toBeVisible();
    const download = page.waitForEvent("download");
    await region(page).getByRole("link", { name: "Download your data" }).click();
    const file = await download;
    const day = new Date().toISOString().slice(0, 10);
    expect(file.suggestedFilename()).toBe(`murmur-${account.username}-${day}.json`);
    const data = JSON.parse(await readFile((await file.path())!, "utf8")) as { complete: boolean; profile: { username: string; email: string }; posts: { text: string }[] };
    expect(data.complete).toBe(true);
    expect(data.profile).toMatchObject({ username: account.username, email: account.email });
    expect(data.posts.map((post) => post.text)).toContain(`Keep a copy of ${word}`);
    await expect(page).toHaveURL(/\/settings\/account$/);
  });

  test("a wrong current password is refused beside its field; the right one changes it: this browser stays signed in, another is signed out", async ({ page, account, baseURL }) => {
    const elsewhere = await otherBrowser(baseURL!, account);
    await open(page, "/settings/account");
    await changePassword(page, "not my password", "brand-new-password");
    const current = region(page).getByLabel("Current Password");
    await expect(region(page).getByText("Your current password is incorrect")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    // Passwords never travel back in a page (with JavaScript the page stays, as typed).
    if (!jsEnabled()) await expect(current).toHaveValue("");
    expect(await isSignedIn(elsewhere)).toBe(true);

    await changePassword(page, account.password, "brand-new-password");
    await expect(page.getByText("Password changed")).toBeVisible();
    await expect(region(page).getByLabel("New Password", { exact: true })).toHaveValue("");
    await page.reload();
    await expect(page).toHaveURL(/\/settings\/account$/);
    expect(await isSignedIn(elsewhere)).toBe(false);
    await elsewhere.dispose();
  });

  test("the new password follows sign-up's rules", async ({ page, account }) => {
    await open(page, "/settings/account");
    const form = region(page);
    await form.getByLabel("Current Password").fill(account.password);
    await form.getByLabel("New Password", { exact: true }).fill("short");
    await form.getByLabel("Confirm New Password").fill("different");
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(form.getByText("Passwords must match")).toBeVisible();
  });

  test("deleting the account: a wrong password is refused; the right one (confirmed in a dialog with JavaScript) deletes it and signs out", async ({ page, account, baseURL, me }) => {
    const word = uniqueWord("leaving");
    await postAs(me, `Last words ${word}`);
    const elsewhere = await otherBrowser(baseURL!, account);
    await open(page, "/settings/account");
    const form = region(page);
    await expect(form.getByText("Deleting your account cannot be undone.")).toBeVisible();

    await form.getByLabel("Password", { exact: true }).fill("not my password");
    await form.getByRole("button", { name: "Delete Account" }).click();
    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete Account" }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(form.getByText("Incorrect password")).toBeVisible();
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    expect(await isSignedIn(elsewhere)).toBe(true);

    if (jsEnabled()) {
      // Cancel keeps everything as it was.
      await form.getByLabel("Password", { exact: true }).fill(account.password);
      await form.getByRole("button", { name: "Delete Account" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete your account?" });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      expect(await isSignedIn(elsewhere)).toBe(true);
    }

    await form.getByLabel("Password", { exact: true }).fill(account.password);
    await form.getByRole("button", { name: "Delete Account" }).click();
    if (jsEnabled()) await page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete Account" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Your account has been deleted")).toBeVisible();

    expect(await isSignedIn(elsewhere)).toBe(false);
    await elsewhere.dispose();
    // Gone for everyone: the profile, and signing in.
    const visitor = await request.newContext({ baseURL, extraHTTPHeaders: NEW_CONNECTION });
    expect((await visitor.get(`/@${account.username}`)).status()).toBe(404);
    await visitor.dispose();
    await open(page, "/auth");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password. Please try again." })).toBeVisible();
  });
});

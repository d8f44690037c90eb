import { expect, jsEnabled, open, test } from "./fixtures";

test("the theme toggle switches to dark and back, and survives a reload", async ({ page }) => {
  await open(page, "/auth");
  const html = page.locator("html");
  await expect(html).toHaveClass("light");
  await page.getByRole("button", { name: "Dark mode" }).click();
  await expect(html).toHaveClass("dark");
  await expect(page.getByRole("button", { name: "Light mode" })).toBeVisible();
  if (jsEnabled()) {
    await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  }
  await page.reload();
  await expect(html).toHaveClass("dark");
  await page.getByRole("button", { name: "Light mode" }).click();
  await expect(html).toHaveClass("light");
  await page.reload();
  await expect(html).toHaveClass("light");
});

test("the theme is the member's in the app too", async ({ page, account }) => {
  await open(page, "/");
  await page.getByRole("button", { name: "Dark mode" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass("dark");
  expect(account.email).toContain("@");
});

for (const [path, title] of [
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Service"],
] as const) {
  test(`${path} is public and states the legal points`, async ({ page }) => {
    await open(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText("Last updated: November 30, 2026")).toBeVisible();
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    expect(text).toContain("at least 13 years old");
    expect(text).toMatch(/under 18.*(consent of a parent|parent or legal guardian)/);
    expect(text).toContain("$9.99 per month");
    expect(text).toContain("card payment provider");
    expect(text).toContain("30 days notice");
    expect(text).toContain("end of the current billing period");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}

test("the Privacy Policy says who processes data, how long it is kept, what outlives an account, the four cookies, where to download a copy and where to ask for more", async ({ page }) => {
  await open(page, "/privacy");
  const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
  for (const processor of ["Cloudflare hosts Murmur", "Resend delivers our e-mail", "Stripe is our card payment provider"]) expect(text).toContain(processor);
  expect(text).toContain("we remove its location and camera data");
  expect(text).toContain("Comments you write on someone else's post are shown to everyone who can see that post");
  expect(text).toContain("Messages to support: deleted from our database 365 days after you sent them");
  expect(text).toContain("Notifications: deleted 90 days after they were made, read or not");
  expect(text).toContain("Database backups, kept for up to 30 days");
  expect(text).toContain("for a limited period set by our host");
  for (const cookie of ["session:", "theme:", "toast:", "device: remembers the accounts that signed in on this browser"]) expect(text).toContain(cookie);
  expect(text).toContain("You can download a copy of your data in Settings › Account (Download your data), as one JSON file");
  expect(text).toContain("direct messages (both sides of each conversation)");
  expect(text).toContain("either of you can download the conversation with a copy of your data");
  expect(text).toContain('You can ask us to correct your data, or anything else about it, in Settings › Help Center, with the topic "Privacy and your data"');
  await page.getByRole("link", { name: "Settings › Help Center" }).click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsettings%2Fhelp$/);
});

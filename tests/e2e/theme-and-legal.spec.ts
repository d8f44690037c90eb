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
    await expect(page.getByText("Last updated: January 2025")).toBeVisible();
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

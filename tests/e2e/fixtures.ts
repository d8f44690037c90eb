import { test as base, expect, type Page } from "@playwright/test";

export type Account = { displayName: string; username: string; email: string; password: string };

let counter = 0;
export function newAccount(): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = `e2e_${id}`.slice(0, 30);
  return { displayName: `Tester ${id.slice(-5)}`, username, email: `${username}@example.com`, password: "e2e-password" };
}

/** Each test is its own client: a distinct address keeps the per-IP sign-in limit per test. */
function randomIp() {
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join(".");
}

type Fixtures = {
  /** A member, signed in through the real sign-up form post in this browser context. */
  account: Account;
};

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": randomIp() });
    await use(context);
  },
  account: async ({ page, baseURL }, use) => {
    const account = newAccount();
    await signUpOverHttp(page, baseURL!, account);
    await use(account);
  },
});

export async function signUpOverHttp(page: Page, baseURL: string, account: Account) {
  const response = await page.request.post("/auth?signUp=true", {
    form: { mode: "sign-up", ...account, confirmPassword: account.password },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** Opens a page and, with JavaScript on, waits until React has hydrated it. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

export async function hydrated(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await expect(page.locator("html")).toHaveAttribute("data-js", "ready");
}

export const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

export { expect };

import { test as base, expect, request, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type Account = { displayName: string; username: string; email: string; password: string };

let counter = 0;
export function newAccount(): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  const username = `e2e_${id}`.slice(0, 30);
  return { displayName: `Tester ${id.slice(-5)}`, username, email: `${username}@example.com`, password: "e2e-password" };
}

/**
 * Requests made from Node (not the browser) each take a new connection. A pooled one that sat idle for
 * 5 s can be closed by workerd just as a request goes out on it, and Node, unlike a browser, does not
 * send that request again.
 */
export const NEW_CONNECTION = { Connection: "close" } as const;

const SENDERS = ["get", "post", "put", "patch", "delete", "head", "fetch"] as const;

/**
 * A context for requests from Node, on new connections (NEW_CONNECTION), that sends a request once more
 * when its connection was reset before any answer (Playwright's `maxRetries`: ECONNRESET only). A
 * fresh connection to the test server was reset that way twice in five CI runs ("socket hang up",
 * decision 046), with nothing in the server's log; a browser sends such a request again. An answer, even
 * an error status, is final, so no assertion is weakened.
 */
async function nodeContext(baseURL: string, headers: Record<string, string> = {}): Promise<APIRequestContext> {
  return retriedOnReset(await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL, ...headers, ...NEW_CONNECTION } }));
}

const retried = new WeakSet<APIRequestContext>();

/** `api`, each of its requests sent once more when its connection was reset before any answer (above). */
function retriedOnReset(api: APIRequestContext): APIRequestContext {
  if (retried.has(api)) return api;
  for (const name of SENDERS) {
    const send = api[name].bind(api) as (target: unknown, options?: Record<string, unknown>) => ReturnType<APIRequestContext["fetch"]>;
    Object.assign(api, { [name]: (target: unknown, options: Record<string, unknown> = {}) => send(target, { maxRetries: 1, ...options }) });
  }
  retried.add(api);
  return api;
}

/** Each test is its own client: a distinct address keeps the per-IP sign-in limit per test. */
function randomIp() {
  return Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join(".");
}

type Fixtures = {
  /** Chosen fields of the signed-in member (`test.use({ accountOverrides: { displayName } })`). */
  accountOverrides: Partial<Account>;
  /** A member, signed in in this browser context by a session cookie made for them. */
  account: Account;
};

/**
 * A member made directly, with a session (the local /dev/fixtures endpoint, as the Epic Stack's
 * fixtures write to the database): tests that are not about signing in start signed in. Answers the
 * session token.
 */
async function createMember(baseURL: string, account: Account): Promise<string> {
  const { token } = JSON.parse(await devFixture(baseURL, { intent: "member", ...account })) as { token: string };
  return token;
}

/** What a test needs written, through the local-only fixtures endpoint (answered 200): its answer's text. */
export async function devFixture(baseURL: string, form: Record<string, string>): Promise<string> {
  const api = await nodeContext(baseURL);
  const response = await api.post("/dev/fixtures", { form });
  const text = await response.text();
  expect(response.status(), text).toBe(200);
  await api.dispose();
  return text;
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": randomIp() });
    await use(context);
  },
  accountOverrides: [{}, { option: true }],
  account: async ({ context, baseURL, accountOverrides }, use) => {
    const account = { ...newAccount(), ...accountOverrides };
    const token = await createMember(baseURL!, account);
    await context.addCookies([{ name: "session", value: token, url: baseURL! }]);
    await use(account);
  },
});

/**
 * Signs this browser context in as a new member in place of whoever it was (a second person in the
 * same browser, e.g. who joins with an invite its creator just made), by a session cookie as `account` does.
 */
export async function signInAsNewMember(context: BrowserContext, baseURL: string, overrides: Partial<Account> = {}): Promise<Account> {
  const account = { ...newAccount(), ...overrides };
  const token = await createMember(baseURL, account);
  await context.clearCookies({ name: "session" });
  await context.addCookies([{ name: "session", value: token, url: baseURL }]);
  return account;
}

export async function signUpOverHttp(page: Page, baseURL: string, account: Account) {
  const response = await page.request.post("/auth?signUp=true", {
    form: { mode: "sign-up", ...account, confirmPassword: account.password },
    headers: { Origin: baseURL, ...NEW_CONNECTION },
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

/** Another member with their own session, acting over HTTP (an author for the signed-in tester to see). */
export type Member = { account: Account; api: APIRequestContext; username: string; origin: string };

export async function newMember(baseURL: string, overrides: Partial<Account> = {}): Promise<Member> {
  const account = { ...newAccount(), ...overrides };
  const token = await createMember(baseURL, account);
  const api = await nodeContext(baseURL, { "CF-Connecting-IP": randomIp(), Cookie: `session=${token}` });
  return { account, api, username: account.username, origin: baseURL };
}

/**
 * The signed-in tester of a page, acting over HTTP with the page's own session (its requests sent once
 * more on a reset connection, as another member's are: one was reset so in CI).
 */
export function tester(page: Page, baseURL: string, account: Account): Member {
  return { account, api: retriedOnReset(page.request), username: account.username, origin: baseURL };
}

/** A post made through the real composer form (as without JavaScript). */
export async function postAs(member: Pick<Member, "api" | "origin">, content: string, files: { images?: string[]; video?: string } = {}) {
  const multipart = new FormData();
  multipart.set("intent", "post");
  multipart.set("content", content);
  multipart.set("returnTo", "/");
  for (const name of files.images ?? []) multipart.append("images", fixtureBlob(name), name);
  if (files.video) multipart.append("video", fixtureBlob(files.video), files.video);
  const response = await member.api.post("/compose", { multipart, maxRedirects: 0, headers: { Origin: member.origin, ...NEW_CONNECTION } });
  expect(response.status(), await response.text()).toBe(302);
}

/** A word no other test uses (a test finds its own posts by searching for it). */
export const uniqueWord = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** The id of the post that contains `word`, from its card in the searched home feed. */
export async function searchedPostId(page: Page, word: string): Promise<string> {
  await open(page, `/?q=${word}`);
  return postIdOn(page, word);
}

/** The id of the post whose card shows `text`, read from its permalink on the page. */
export async function postIdOn(page: Page, text: string): Promise<string> {
  const href = await page.getByRole("article").filter({ hasText: text }).first().getByRole("link", { name: "Open post" }).getAttribute("href");
  const id = href?.match(/^\/post\/([0-9A-Z]{26})$/)?.[1];
  expect(id, `permalink of "${text}"`).toBeTruthy();
  return id!;
}

const MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif", webp: "image/webp", mp4: "video/mp4" };

function fixtureBlob(name: string) {
  return new Blob([readFileSync(fixturePath(name))], { type: MIME[name.split(".").pop()!] ?? "application/octet-stream" });
}

export const fixturePath = (name: string) => fileURLToPath(new URL(`../fixtures/media/${name}`, import.meta.url));

/** `follower` follows `following` (by username), through the local-only fixtures endpoint. */
export async function follow(baseURL: string, follower: string, following: string) {
  await devFixture(baseURL, { intent: "follow", follower, following });
}

/** Sends a member's notification digest if it is due, as the cron would (a local Worker has no cron). */
export async function sendDigest(baseURL: string, username: string) {
  await devFixture(baseURL, { intent: "digest", username });
}

/** Makes a member verified (as a verified subscription does), through the local-only fixtures endpoint. */
export async function verify(baseURL: string, username: string) {
  await devFixture(baseURL, { intent: "verify", username });
}

/**
 * `subscriber` subscribed monthly to `count` new creators, as a test-mode payment would, through the
 * local-only fixtures endpoint in one request (more than a page of them, without a checkout each):
 * their usernames.
 */
export async function subscribeToNewCreators(baseURL: string, subscriber: string, count: number): Promise<string[]> {
  const { usernames } = JSON.parse(await devFixture(baseURL, { intent: "subscriptions", subscriber, creators: String(count) })) as { usernames: string[] };
  return usernames;
}

/** Tests of a signed-in tester: every test starts signed in; `me` acts over HTTP with the same session. */
export const signedIn = test.extend<{ me: Member }>({
  me: [
    async ({ page, baseURL, account }, use) => {
      await use(tester(page, baseURL!, account));
    },
    { auto: true },
  ],
});

/**
 * Clicks a control that submits through a fetcher (with JavaScript) and waits for the server's answer,
 * so a navigation right after cannot cancel it. Without JavaScript the click itself navigates.
 */
export async function submitAndSettle(page: Page, control: { click: () => Promise<void> }) {
  if (!jsEnabled()) return control.click();
  // The form's own answer, not the view beacon a card sends on its own after a second on screen.
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && !response.url().endsWith("/view"));
  await control.click();
  await answered;
}

import { expect, jsEnabled, open, postAs, searchedPostId, signedIn, test, uniqueWord } from "./fixtures";

const NAV = [
  ["Home", "/"],
  ["Explore", "/explore"],
  ["Trending", "/trending"],
  ["Videos", "/videos"],
  ["Notifications", "/notifications"],
  ["Messages", "/messages"],
  ["Bookmarks", "/bookmarks"],
  ["Subscriptions", "/subscriptions"],
  ["Communities", "/communities"],
  ["Profile", "/profile"],
  ["Settings", "/settings"],
] as const;

test("the left navigation has every item with its own icon, the active one marked, and the member's card", async ({ page, account }) => {
  await open(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, href] of NAV) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Explore", exact: true })).not.toHaveAttribute("aria-current", "page");
  // Each item draws its own icon: a mask of its own drawing (app/icons.css), not the bare coloured box.
  const drawings: string[] = [];
  for (const [label] of NAV) {
    const icon = nav.getByRole("link", { name: label, exact: true }).locator(".icon");
    drawings.push(await icon.evaluate((element) => getComputedStyle(element).maskImage));
  }
  for (const drawing of drawings) expect(drawing).toMatch(/^url\("data:image\/svg\+xml,/);
  expect(new Set(drawings).size).toBe(NAV.length);
  await expect(nav.getByRole("link", { name: "Create Post" })).toHaveAttribute("href", "/compose");
  await expect(nav.getByRole("link", { name: `Your profile: ${account.displayName} @${account.username}` })).toHaveAttribute(
    "href",
    "/profile",
  );
  await expect(page.getByRole("heading", { name: "Trending Now" })).toBeVisible();
});

signedIn("the sidebar search is a form that goes to /explore?q=", async ({ page }) => {
  await open(page, "/");
  const search = page.getByRole("searchbox", { name: "Search posts" });
  await expect(search).toHaveAttribute("placeholder", "Search posts");
  await search.fill("coffee");
  if (!jsEnabled()) await search.press("Enter");
  await expect(page).toHaveURL(/\/explore\?q=coffee$/);
});

// Decision 052: a page's modules are asked for only after its first contentful paint.
signedIn("the page paints before any of its scripts is asked for, and hydrates after", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
  });
  await open(page, "/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  if (!jsEnabled()) {
    // Without JavaScript the page never asks for a script at all.
    expect(scripts).toEqual([]);
    return;
  }
  expect(scripts.length).toBeGreaterThan(0);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  // Hydrated, so the entry and the route's modules have loaded: each was asked for after the first paint.
  expect(timing.scripts.length).toBeGreaterThan(0);
  for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.paint);
});

// The start script's other ways in (decisions 052 and 053). Without JavaScript there is nothing to start: the test
// above checks that case.
for (const [where, init] of [
  ["where the browser reports no paints", () => Reflect.deleteProperty(window, "PerformanceObserver")],
  ["in a tab that is hidden", () => Object.defineProperty(document, "visibilityState", { get: () => "hidden" })],
  // Its steps are queued through a MessageChannel (decision 053); without one they run at once.
  ["where the browser has no MessageChannel", () => Reflect.deleteProperty(window, "MessageChannel")],
] as const) {
  signedIn(`the page's scripts still start ${where}`, { tag: ["@js-only"] }, async ({ page }) => {
    await page.addInitScript(init);
    await page.goto("/");
    // The start's last way in is its 5 s backstop (decision 052): more room than a step's usual 7 s, as
    // a loaded CI host took longer than that once.
    await expect(page.locator("html")).toHaveAttribute("data-js", "ready", { timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
}

// Decision 054: what changes once the page has hydrated changes in a task of its own, before the page says it
// is ready. An observer notes, in the very task that sets html[data-js=ready], the fields that only a page
// without JavaScript needs.
signedIn("once the page says it is ready, the markup only a page without JavaScript needs is gone", async ({ page, me }) => {
  const word = uniqueWord("ready");
  await postAs(me, `Ready ${word}`);
  const id = await searchedPostId(page, word);
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      if (!changes.some((change) => change.attributeName === "data-js")) return;
      (window as unknown as { atReady: number }).atReady = document.querySelectorAll('#main form input[name="returnTo"]').length;
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-js"] });
  });
  await open(page, `/post/${id}`);
  const returnTo = page.locator('#main form input[type="hidden"][name="returnTo"]');
  if (!jsEnabled()) {
    // The post's actions and its comment form say where to come back to after a plain HTML post.
    expect(await returnTo.count()).toBeGreaterThan(0);
    return;
  }
  expect(await page.evaluate(() => (window as unknown as { atReady?: number }).atReady)).toBe(0);
  expect(await returnTo.count()).toBe(0);
});

// Decision 054: the room socket's chunk, imported on every page once hydrated, loads without Vite's modulepreload
// links, which cost a long task then.
signedIn("once the live room is open, the page has added no modulepreload link", { tag: ["@js-only"] }, async ({ page }) => {
  await open(page, "/");
  await expect(page.locator("html")).toHaveAttribute("data-live", "open");
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
});

// Decision 053 starts Remix's route discovery in a task after hydration: it must still ask for the routes
// the page's links lead to, and a link must still navigate in place.
signedIn("once hydrated, the page asks for the routes its links lead to, and a link navigates in place", { tag: ["@js-only"] }, async ({ page }) => {
  const discovery: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/__manifest") discovery.push(request.url());
  });
  await open(page, "/");
  await expect.poll(() => discovery.length).toBeGreaterThan(0);
  expect(new URL(discovery[0]!).searchParams.getAll("p")).toContain("/explore");
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore", exact: true }).click();
  await expect(page).toHaveURL(/\/explore$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

signedIn("an unknown page shows a not-found page inside the app", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});

// @js-only: without JavaScript every page is the browser's own to load, and offline it shows its own page.
test("offline, a page whose code was never loaded says 'No connection' in the app, not the browser's offline page", { tag: "@js-only" }, async ({ page, account }) => {
  await open(page, "/");
  await page.context().setOffline(true);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Trending" }).click();
  await expect(page.getByRole("heading", { name: "No connection" })).toBeVisible();
  expect(page.url()).toMatch(/^http:/);
  await page.context().setOffline(false);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/trending$/);
  await expect(page.getByRole("heading", { name: "Trending Now" })).toBeVisible();
  await expect(page.getByRole("link", { name: `Your profile: ${account.displayName} @${account.username}` })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens as a drawer and the top bar has a compose button", async ({ page, account }) => {
    await open(page, "/");
    const nav = page.locator("nav[aria-label=Main]");
    const settings = nav.getByRole("link", { name: "Settings", exact: true });
    // Closed, the drawer is hidden: off screen and out of the keyboard's way.
    await expect(settings).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Create Post" })).toBeVisible();
    await page.locator("label", { hasText: "Open menu" }).click();
    await expect(settings).toBeInViewport();
    await expect(nav.getByText(`@${account.username}`)).toBeVisible();
  });

  signedIn("the keyboard opens the menu from its button and, with JavaScript, Escape closes it while the page behind waits", async ({ page }) => {
    await open(page, "/");
    const menu = page.getByRole("checkbox", { name: "Menu" });
    const button = page.locator("header label[for=nav-drawer]");
    const settings = page.locator("nav[aria-label=Main]").getByRole("link", { name: "Settings", exact: true });
    // The menu is first after the skip link, as it is first on the screen; its button shows the focus.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(menu).toBeFocused();
    await expect(button).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("Space");
    await expect(settings).toBeInViewport();
    if (!jsEnabled()) {
      // Without JavaScript the drawer is a checkbox and its labels: the menu closes it again.
      await page.keyboard.press("Space");
      await expect(settings).toBeHidden();
      return;
    }
    // The page behind the open drawer is out of the keyboard's way: Tab goes from the menu into the drawer.
    await expect(page.locator("#main")).toHaveAttribute("inert", "");
    await page.keyboard.press("Tab");
    await expect(page.locator("nav[aria-label=Main]").getByRole("link", { name: "Murmur home" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).not.toBeChecked();
    await expect(page.locator("#main")).not.toHaveAttribute("inert");
  });
});

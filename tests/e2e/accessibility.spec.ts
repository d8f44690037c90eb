import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, follow, jsEnabled, newMember, open, postAs, postIdOn, test, signedIn, submitAndSettle, uniqueWord, verify } from "./fixtures";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * axe-core over the whole document, as an expression whose value is the violations found. `options`
 * joins axe.run's options as JavaScript source.
 */
const axeScan = (options = "") => `(async () => {
  ${axeSource}
  const result = await axe.run(document, {
    // Only violations are read: axe then skips gathering the nodes of passes and the rest (~25% of a scan).
    resultTypes: ["violations"],
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice", "experimental"] },
    ${options}
  });
  return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((n) => ({ target: n.target })) }));
})()`;

/**
 * The scan for a page without JavaScript, in a world of its own. Such a page fires no timers in any
 * world, and axe-core defers some of its work with setTimeout, so in this world alone a timeout runs
 * as a microtask, whatever its delay. Two consequences:
 * - axe's own time limits would fire at once, so its asset preload (the stylesheets, for
 *   css-orientation-lock) is switched off here; the scan with JavaScript reads the same stylesheet;
 * - a callback that throws fails the scan at once (with real timers the error would be lost and the
 *   scan would wait for the test's timeout), and so does a run of timeouts that never ends.
 */
const SCAN_WITHOUT_SCRIPTS = `(async () => {
  const failures = [];
  let last = 0;
  const waiting = new Set();
  window.setTimeout = (callback, _ms, ...args) => {
    if (++last > 100000) throw new Error("axe-core set more than 100 000 timeouts");
    const id = last;
    waiting.add(id);
    queueMicrotask(() => {
      if (!waiting.delete(id)) return;
      try {
        callback(...args);
      } catch (error) {
        failures.push(error);
      }
    });
    return id;
  };
  window.clearTimeout = (id) => void waiting.delete(id);
  const violations = await ${axeScan("preload: false,")};
  if (failures.length) throw failures[0];
  return violations;
})()`;

/**
 * Runs axe-core on the page as the visitor sees it. With JavaScript, in the page. Without it, the page
 * runs no script of its own, so axe runs in an isolated world of its own on the same document (over the
 * DevTools protocol, as Playwright's own locators do): the page as the server answered it, unhydrated,
 * including what a GET would not show again (a form's errors after a POST, a toast already taken).
 * This replaced a twin page that loaded the same document again with its scripts taken out: a page
 * load more per scan (docs/decisions/048).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  if (jsEnabled()) await transitionsEnded(page);
  const violations = jsEnabled() ? ((await page.evaluate(axeScan())) as Violation[]) : await scanWithoutScripts(page);
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/**
 * Waits for the CSS transitions running now to end. A colour in mid-transition (a button that has just
 * turned from busy to its next variant fades for 150 ms) is neither the colour before nor the one the
 * page settles on, and axe would measure its contrast as it is at that instant.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function scanWithoutScripts(page: Page): Promise<Violation[]> {
  // After a form's POST the page may still be arriving: scan it whole, with its stylesheet.
  await page.waitForLoadState("load");
  const cdp = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await cdp.send("Page.getFrameTree");
    const { executionContextId } = await cdp.send("Page.createIsolatedWorld", { frameId: frameTree.frame.id, worldName: "accessibility-scan" });
    const { result, exceptionDetails } = await cdp.send("Runtime.evaluate", {
      contextId: executionContextId,
      expression: SCAN_WITHOUT_SCRIPTS,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`axe-core failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value as Violation[];
  } finally {
    // A closed page has detached it already; that must not hide the scan's own error.
    await cdp.detach().catch(() => {});
  }
}

// Both themes are scanned as the page is with JavaScript; without it, the light theme only. The markup
// without JavaScript is the server's, the same in both themes (a theme is colours), so a dark scan of
// it would repeat what the light one and the dark scan with JavaScript already checked, and it was a
// quarter of the end-to-end suite's time. The "no-js" project leaves out tests tagged @js-only.
for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, { tag: theme === "dark" ? ["@js-only"] : [] }, () => {
    // A test scans up to six pages.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    });

    test("/auth has no serious or critical accessibility violations", async ({ page }) => {
      await open(page, "/auth");
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/auth?signUp=true");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByText("Email is required")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("the app shell has no serious or critical accessibility violations", async ({ page }) => {
      await open(page, "/");
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the feed, a post's page and the composer have no serious or critical violations", async ({ page, baseURL, account }) => {
      const author = await newMember(baseURL!);
      const word = `za${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await postAs(author, `Accessible #posts with @${account.username} ${word}`, { images: ["sample.png", "sample.jpg"] });
      await open(page, `/?q=${word}`);
      const card = page.getByRole("article").filter({ hasText: word });
      await card.getByLabel(/^Comment on/).fill("A comment for the scan");
      await card.getByRole("button", { name: "Comment" }).click();
      await expect(card.getByRole("list", { name: "Top comments" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await open(page, `/post/${await postIdOn(page, word)}`);
      expect(await seriousViolations(page)).toEqual([]);

      await open(page, "/compose");
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("keyboard focus shows on a post's images (inside their clipped box) and on the composer's pickers", async ({ page, baseURL }) => {
      const author = await newMember(baseURL!);
      const word = uniqueWord("fi");
      await postAs(author, `Focus rings ${word}`, { images: ["sample.png"] });
      await open(page, `/?q=${word}`);
      const image = page.getByRole("article").filter({ hasText: word }).locator('a[href$="/photo/1"]');
      await image.focus();
      // The ring is drawn inside: the box's overflow would clip one outside.
      expect(await image.evaluate((link) => getComputedStyle(link).outlineOffset)).toBe("-3px");
      expect(await image.evaluate((link) => getComputedStyle(link).outlineStyle)).toBe("solid");
      if (!jsEnabled()) return;
      await open(page, "/compose");
      const picker = page.locator("label.file-picker").first();
      await picker.locator("input").focus();
      expect(await picker.evaluate((label) => getComputedStyle(label).outlineStyle)).toBe("solid");
    });

    signedIn("the report and delete pages, an image's page and pages not found have no violations: one main, one h1, a legible red button", async ({ page, baseURL, me }) => {
      const author = await newMember(baseURL!);
      const theirs = uniqueWord("rp");
      await postAs(author, `Reportable ${theirs}`, { images: ["sample.png"] });
      const mine = uniqueWord("dl");
      await postAs(me, `Deletable ${mine}`);
      await open(page, `/?q=${theirs}`);
      const theirId = await postIdOn(page, theirs);
      await open(page, `/?q=${mine}`);
      const myId = await postIdOn(page, mine);
      for (const path of [`/post/${theirId}/report`, `/post/${myId}/delete`, `/post/${theirId}/photo/1`, `/post/${"0".repeat(26)}`, "/no-such-page"]) {
        await open(page, path);
        expect(await seriousViolations(page), path).toEqual([]);
        await expect(page.getByRole("main"), path).toHaveCount(1);
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
      }
      // A page not found says so in its title too.
      await expect(page).toHaveTitle("Page not found | Murmur");
    });

    signedIn("Settings › Account, with its errors and its confirmation, has no serious or critical violations", async ({ page }) => {
      await open(page, "/settings/account");
      expect(await seriousViolations(page)).toEqual([]);
      const form = page.locator("main").getByRole("region", { name: "Account settings" });
      await form.getByRole("button", { name: "Change Password" }).click();
      await expect(form.getByText("Current password is required")).toBeVisible();
      await form.getByLabel("Password", { exact: true }).fill("not my password");
      await form.getByRole("button", { name: "Delete Account" }).click();
      if (jsEnabled()) await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
      else await expect(form.getByText("Incorrect password")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("the Help Center, with its errors and a message listed, has no serious or critical violations", async ({ page, me, baseURL }) => {
      await verify(baseURL!, me.username);
      expect((await me.api.post("/settings/help", { form: { intent: "support-request", topic: "other", message: "A question for support." }, headers: { Origin: me.origin } })).status()).toBe(200);
      await open(page, "/settings/help");
      await expect(page.getByRole("list", { name: "Your messages to support" })).toContainText("Priority");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Send to support" }).click();
      await expect(page.getByText("Please choose a topic")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("text fields show their edge at 3:1 against the page (WCAG 1.4.11)", async ({ page }) => {
      await open(page, "/auth");
      const ratio = await page.getByLabel("Email").evaluate((field) => {
        const channel = (value: number) => ((value /= 255) <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
        const luminance = (color: string) => {
          const [r, g, b] = color.match(/\d+(\.\d+)?/g)!.map(Number);
          return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
        };
        const edge = luminance(getComputedStyle(field).borderTopColor);
        const pageColor = luminance(getComputedStyle(document.body).backgroundColor === "rgba(0, 0, 0, 0)" ? getComputedStyle(document.documentElement).backgroundColor : getComputedStyle(document.body).backgroundColor);
        return (Math.max(edge, pageColor) + 0.05) / (Math.min(edge, pageColor) + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(3);
    });

    test("a profile and its followers list have no serious or critical violations", async ({ page, baseURL, account }) => {
      const other = await newMember(baseURL!, { displayName: "Profile Scan" });
      await postAs(other, "A post on a scanned profile #a11y");
      await follow(baseURL!, account.username, other.username);
      await open(page, `/profile/${other.username}`);
      expect(await seriousViolations(page)).toEqual([]);
      if (jsEnabled()) {
        await page.getByRole("link", { name: /Followers?$/ }).click();
        await expect(page.getByRole("dialog", { name: "Followers" }).getByRole("listitem")).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await open(page, `/profile/${other.username}/followers`);
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("the bookmarks page and a hashtag page have no serious or critical violations", async ({ page, baseURL }) => {
      const author = await newMember(baseURL!);
      const tag = `ta${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await postAs(author, `Accessible bookmarks #${tag}`);
      await open(page, `/hashtag/${tag}`);
      await expect(page.getByRole("article")).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await submitAndSettle(page, page.getByRole("article").getByRole("button", { name: /^Bookmark\b/ }));
      await expect(page.getByRole("article").getByRole("button", { name: /^Bookmark\b/ })).toHaveAttribute("aria-pressed", "true");

      await open(page, "/bookmarks");
      await expect(page.getByRole("article")).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/bookmarks?q=nothing-here");
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the notifications page has no serious or critical violations", async ({ page, baseURL, account }) => {
      const fan = await newMember(baseURL!);
      await follow(baseURL!, fan.username, account.username);
      await postAs(fan, `Accessible mention of @${account.username}`);
      await open(page, "/notifications");
      await expect(page.getByRole("list", { name: "All" }).getByRole("listitem")).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/notifications?tab=likes");
      await expect(page.getByText("No notifications yet")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("explore, with and without a query, has no serious or critical violations", async ({ page, baseURL }) => {
      const word = `ex${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const author = await newMember(baseURL!, { displayName: `Explorer ${word}` });
      await postAs(author, `Accessible explore ${word}`);
      await open(page, "/explore");
      await expect(page.getByRole("heading", { name: "Popular Posts" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, `/explore?q=${word}`);
      await expect(page.getByRole("list", { name: "People" }).getByRole("listitem")).toHaveCount(1);
      await expect(page.getByRole("article")).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/trending?q=nothing-here&tab=news");
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("communities, a community's tabs and its invite links have no serious or critical violations", async ({ page, baseURL }) => {
      // Six pages, each scanned: more than one page's time.
      const name = `Accessible ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      const multipart = new FormData();
      multipart.set("intent", "community-create");
      multipart.set("name", name);
      multipart.set("description", "A community for the scan");
      const created = await page.request.post("/communities/new", { multipart, maxRedirects: 0, headers: { Origin: baseURL! } });
      expect(created.status()).toBe(302);
      const path = created.headers().location!;
      await open(page, "/communities");
      await expect(page.getByRole("link", { name })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/communities?tab=discover");
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, path);
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, `${path}?tab=members`);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, `${path}/invites`);
      expect(await seriousViolations(page)).toEqual([]);
      await open(page, "/communities/new");
      expect(await seriousViolations(page)).toEqual([]);
    });

    signedIn("messages, a conversation and its empty state have no serious or critical violations", async ({ page, baseURL, me }) => {
      await open(page, "/messages");
      expect(await seriousViolations(page)).toEqual([]);
      const friend = await newMember(baseURL!);
      const started = await friend.api.post("/messages", { form: { intent: "conversation-start", username: me.username, returnTo: "/" }, maxRedirects: 0 });
      expect(started.status()).toBe(302);
      const path = started.headers().location!;
      await open(page, path);
      await expect(page.getByText("No messages yet. Start the conversation!").last()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const sent = await friend.api.post(`${path}/send`, { form: { intent: "message-send", content: "Hello, accessible world", clientId: crypto.randomUUID() } });
      expect(sent.status()).toBe(200);
      await open(page, path);
      await expect(page.getByText("Hello, accessible world").last()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // On a phone the list (and its heading) is hidden beside a conversation: the page keeps one h1.
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 844 });
        await expect(page.getByRole("heading", { level: 1 }), `${width}`).toHaveCount(1);
      }
    });

    signedIn("verified, subscriptions, a subscribe page and the subscription price have no serious or critical violations", async ({ page, baseURL, me }) => {
      const creator = await newMember(baseURL!);
      await verify(baseURL!, creator.username);
      expect((await creator.api.post("/settings/profile", { form: { intent: "subscription-price", price: "4.99" } })).status()).toBe(200);
      await verify(baseURL!, me.username);
      for (const path of ["/verified", "/subscriptions", "/subscriptions?tab=discover", `/profile/${creator.username}/subscribe`, "/settings/profile"]) {
        await open(page, path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.getByRole("button", { name: "Enable subscriptions" }).click();
      await expect(page.getByLabel("Monthly price (USD)")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}


test.describe("on a 320 px screen", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  // WCAG 1.4.10 (reflow): at 320 CSS px a page scrolls one way only. A tab bar may scroll within itself.
  signedIn("the pages with cards fit without scrolling sideways", async ({ page, baseURL, account }) => {
    const author = await newMember(baseURL!, { displayName: "Narrow Screen" });
    const word = `na${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await postAs(author, `A post for a narrow screen #reflow ${word}`, { images: ["sample.png", "sample.jpg"] });
    await follow(baseURL!, account.username, author.username);
    await open(page, `/?q=${word}`);
    const postPath = `/post/${await postIdOn(page, word)}`;
    // The layout's own measures, read over the DevTools protocol: the same with JavaScript and without.
    const cdp = await page.context().newCDPSession(page);
    for (const path of [`/?q=${word}`, "/?tab=following", postPath, `/profile/${author.username}`, "/explore", `/explore?q=${word}`, "/notifications", "/messages", "/settings/profile"]) {
      await open(page, path);
      const { cssContentSize, cssLayoutViewport } = await cdp.send("Page.getLayoutMetrics");
      expect(cssContentSize.width, path).toBeLessThanOrEqual(cssLayoutViewport.clientWidth);
    }
    await cdp.detach();
  });
});

test.describe("in forced colours (Windows' contrast themes)", () => {
  test.use({ forcedColors: "active" });

  signedIn("icons are drawn in a colour of their own, not the page's background, so an icon-only button stays visible", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = `fc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await postAs(author, `A post seen in a contrast theme ${word}`);
    await open(page, `/?q=${word}`);
    const bookmark = page.getByRole("article").filter({ hasText: word }).getByRole("button", { name: /^Bookmark\b/ });
    const [icon, background] = await Promise.all([
      bookmark.evaluate((button) => getComputedStyle(button, "::before").backgroundColor),
      page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor),
    ]);
    expect(icon).not.toBe(background);
  });
});

// @js-only (this whole block): without JavaScript every one of these is a page load, which puts the
// keyboard at the new document's start; these are the client-side changes that took that place (086).
test.describe("where the keyboard goes when the page changes under it", { tag: "@js-only" }, () => {
  signedIn("a link to another page puts it on that page's heading; a tab of the same page leaves it on the tab", async ({ page }) => {
    await open(page, "/");
    const explore = page.locator("nav[aria-label=Main]").getByRole("link", { name: "Explore", exact: true });
    await explore.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeFocused();

    const news = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "News" });
    await news.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/tab=news/);
    await expect(news).toHaveAttribute("aria-current", "page");
    await expect(news).toBeFocused();
  });

  signedIn("inside a layout that stays (Messages beside a conversation, Settings beside a section) it goes to what changed, not to the layout's heading", async ({ page, baseURL, me }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const friend = await newMember(baseURL!);
    const started = await friend.api.post("/messages", { form: { intent: "conversation-start", username: me.username, returnTo: "/" }, maxRedirects: 0 });
    const path = started.headers().location!;
    expect((await friend.api.post(`${path}/send`, { form: { intent: "message-send", content: "Over here", clientId: crypto.randomUUID() } })).status()).toBe(200);
    await open(page, "/messages");
    const link = page.locator("main").getByRole("link").filter({ hasText: friend.account.displayName }).first();
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("region", { name: `Conversation with ${friend.account.displayName}` })).toBeFocused();

    await open(page, "/settings/profile");
    const tab = page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Notifications" });
    await tab.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole("heading", { name: "Notifications", level: 2 })).toBeFocused();
  });

  signedIn("deleting a post from a list puts it on the next post, else the one before, else the page's heading", async ({ page, me }) => {
    const word = uniqueWord("kd");
    for (const which of ["first", "second", "third"]) await postAs(me, `The ${which} to go ${word}`);
    await open(page, `/?q=${word}`);
    const card = (which: string) => page.getByRole("article").filter({ hasText: `The ${which} to go` });
    const deleteByKeyboard = async (which: string) => {
      await card(which).locator("summary", { hasText: "More options" }).focus();
      await page.keyboard.press("Enter");
      await card(which).getByRole("link", { name: "Delete Post" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("dialog", { name: "Delete Post" }).getByRole("button", { name: "Delete" }).press("Enter");
      await expect(card(which)).toHaveCount(0);
    };
    // Newest first: third, second, first.
    await deleteByKeyboard("second");
    await expect(card("first")).toBeFocused();
    await deleteByKeyboard("first");
    await expect(card("third")).toBeFocused();
    await deleteByKeyboard("third");
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeFocused();
  });

  signedIn("a post its author deletes elsewhere while the keyboard is in its card puts it on the next post", async ({ page, baseURL }) => {
    const word = uniqueWord("kr");
    const author = await newMember(baseURL!);
    await postAs(author, `The older one ${word}`);
    await postAs(author, `The newer one ${word}`);
    await open(page, `/?q=${word}`);
    await expect(page.locator("html")).toHaveAttribute("data-live", "open");
    const card = (which: string) => page.getByRole("article").filter({ hasText: `The ${which} one` });
    const id = await postIdOn(page, "The newer one");
    await card("newer").getByRole("button", { name: /^Like/ }).focus();
    const deleted = await author.api.post(`/post/${id}/delete`, { form: { intent: "delete", returnTo: "/" }, maxRedirects: 0 });
    expect(deleted.status()).toBe(302);
    await expect(card("newer")).toHaveCount(0);
    await expect(card("older")).toBeFocused();
  });

  signedIn("the last 'Load more' puts it on the first post it brought (a feed, a search)", async ({ page, baseURL, me }) => {
    const word = uniqueWord("kl");
    const prolific = await newMember(baseURL!);
    await follow(baseURL!, me.username, prolific.username);
    for (let i = 1; i <= 23; i++) await postAs(prolific, `Paged note ${i} ${word}`);

    for (const path of ["/?tab=following", `/explore?q=${word}`]) {
      await open(page, path);
      await expect(page.getByRole("article")).toHaveCount(20);
      await page.getByRole("link", { name: "Load more" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
      await expect(page.getByRole("article").filter({ hasText: `Paged note 3 ${word}` }), path).toBeFocused();
    }
  });

  signedIn("'Load more' in notifications puts it on the first one it brought", async ({ page, baseURL, account }) => {
    const followers = await Promise.all(Array.from({ length: 21 }, () => newMember(baseURL!)));
    for (const follower of followers) await follow(baseURL!, follower.username, account.username);
    await open(page, "/notifications");
    const items = page.getByRole("list", { name: "All" }).getByRole("listitem");
    await expect(items).toHaveCount(20);
    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(items).toHaveCount(21);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    // The oldest: the first follower's.
    await expect(items.last()).toContainText(followers[0]!.account.displayName);
    await expect(items.last()).toBeFocused();
  });
});

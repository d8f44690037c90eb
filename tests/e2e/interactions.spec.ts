import type { Locator, Page } from "@playwright/test";
import { expect, jsEnabled, type Member, NEW_CONNECTION, newMember, open, postAs, postIdOn, searchedPostId, signedIn as test, submitAndSettle, uniqueWord } from "./fixtures";

/** A word no other test writes: the home feed's ?q= filter then shows just this test's posts. */
const token = () => uniqueWord("zq");

async function somebodysPost(baseURL: string) {
  const author = await newMember(baseURL);
  const word = token();
  const content = `Fresh bread is the best alarm clock ${word}`;
  await postAs(author, content);
  return { author, word, content };
}

/** The post's card, found through the search filter of the home feed. */
async function findCard(page: Page, word: string) {
  await open(page, `/?q=${word}`);
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: word });
  await expect(card).toHaveCount(1);
  return card;
}

/** The light theme's colours (app/tailwind.css): danger for a pressed like, the muted text of an unpressed action. */
const PRESSED_LIKE = "rgb(201, 24, 43)";
const UNPRESSED = "rgb(83, 100, 113)";
/** The light theme's accent, for a pressed bookmark. */
const PRESSED_BOOKMARK = "rgb(11, 98, 179)";

const button = (card: Locator, name: string) => card.getByRole("button", { name: new RegExp(`^${name}\\b`) });

async function openMenuItem(card: Locator, item: string) {
  await card.locator("summary", { hasText: "More options" }).click();
  await card.getByRole("link", { name: item }).click();
}

test.describe("likes and bookmarks", () => {
  test("a like pressed after React hydrated but before the page marks itself hydrated is answered as data and shows (a cheap phone's review)", { tag: "@js-only" }, async ({ page, baseURL }) => {
    // @js-only: the gap between React handling the form and the page dropping its no-JavaScript fields
    // exists only with JavaScript. Made wide: a MessageChannel the app's own code makes (not React's, not
    // the document's) delivers 2 s late, and the page's 'hydrated' flips in such a task (app/lib/next-task.ts).
    await page.addInitScript(() => {
      const Native = window.MessageChannel;
      window.MessageChannel = class extends Native {
        constructor() {
          super();
          const caller = (new Error().stack ?? "").split("\n")[2] ?? "";
          if (!caller.includes("/assets/") || caller.includes("/assets/framework-")) return;
          const post = this.port2.postMessage.bind(this.port2);
          this.port2.postMessage = (message: unknown) => void setTimeout(() => post(message), 2000);
        }
      };
    });
    const { word } = await somebodysPost(baseURL!);
    await page.goto(`/?q=${word}`);
    const card = page.getByRole("article").filter({ hasText: word });
    const like = button(card, "Like");
    // React handles the button once its props are on the element; the page is not marked hydrated yet.
    await page.waitForFunction(() => Object.keys(document.querySelector("article button[aria-pressed]") ?? {}).some((key) => key.startsWith("__reactProps")));
    await expect(page.locator("html")).not.toHaveAttribute("data-js", "ready");
    await expect(card.locator("input[name=returnTo]").first()).toBeAttached();
    // Answered as data (200), not as the no-JavaScript form's redirect (Remix's 202), which left the
    // fetcher without an answer: the button then showed the state before the press.
    const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(".data"));
    await like.click();
    expect((await answered).status()).toBe(200);
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toContainText("1");
    await page.reload();
    await expect(button(page.getByRole("article").filter({ hasText: word }), "Like")).toHaveAttribute("aria-pressed", "true");
  });

  test("like and unlike: the count changes by one and stays after a reload", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    let card = await findCard(page, word);
    const like = button(card, "Like");
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await expect(like).toContainText("0");
    await submitAndSettle(page, like);
    await expect(button(card, "Like")).toHaveAttribute("aria-pressed", "true");
    await expect(button(card, "Like")).toContainText("1");
    // A pressed toggle shows its own colour over the muted one of the card's actions (the light
    // theme's danger, #c9182b), with and without JavaScript (the card's classes sit in Tailwind's
    // components layer, below its utilities).
    await expect(button(card, "Like")).toHaveCSS("color", PRESSED_LIKE);

    card = await findCard(page, word);
    await expect(button(card, "Like")).toHaveAttribute("aria-pressed", "true");
    await submitAndSettle(page, button(card, "Like"));
    await expect(button(card, "Like")).toHaveAttribute("aria-pressed", "false");
    await expect(button(card, "Like")).toContainText("0");
    await expect(button(card, "Like")).toHaveCSS("color", UNPRESSED);
    card = await findCard(page, word);
    await expect(button(card, "Like")).toContainText("0");
  });

  test("a like renders again its own card's buttons, never the other cards (decision 102)", { tag: "@js-only" }, async ({ page, baseURL }) => {
    // @js-only: what React renders again exists only with JavaScript. React calls the developer tools'
    // hook after each commit; this one counts the components that ran in it whose first element is a
    // card's <article> (the card) or its actions' group (the buttons). A subtree React left as it was
    // keeps its child.
    await page.addInitScript(() => {
      const counted = { commits: 0, cards: 0, actions: 0 };
      Object.assign(window, { __renders: counted });
      type Fiber = { type: unknown; flags: number; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; stateNode: unknown };
      const firstElement = (fiber: Fiber) => {
        let host = fiber.child;
        while (host && typeof host.type !== "string") host = host.child;
        return host?.stateNode instanceof HTMLElement ? host.stateNode : null;
      };
      const walk = (first: Fiber | null) => {
        for (let fiber = first; fiber; fiber = fiber.sibling) {
          const before = fiber.alternate;
          const ran = (fiber.flags & 1) !== 0; // React's PerformedWork
          if (before && !ran && fiber.child === before.child) continue;
          if (before && ran && typeof fiber.type !== "string") {
            const element = firstElement(fiber);
            if (element?.matches("article.post-card")) counted.cards += 1;
            if (element?.matches(".post-actions")) counted.actions += 1;
          }
          walk(fiber.child);
        }
      };
      Object.assign(window, {
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          isDisabled: false,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onScheduleFiberRoot: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
            counted.commits += 1;
            walk(root.current.child);
          },
        },
      });
    });
    const author = await newMember(baseURL!);
    const word = token();
    await postAs(author, `The first loaf ${word}`);
    await postAs(author, `The second loaf ${word}`);
    await open(page, `/?q=${word}`);
    const cards = page.getByRole("article").filter({ hasText: word });
    await expect(cards).toHaveCount(2);
    const renders = () => page.evaluate(() => (window as unknown as { __renders: { commits: number; cards: number; actions: number } }).__renders);
    // The hook is React's: the page's commits so far reached it.
    expect((await renders()).commits).toBeGreaterThan(0);
    await page.evaluate(() => Object.assign((window as unknown as { __renders: object }).__renders, { commits: 0, cards: 0, actions: 0 }));

    const like = button(cards.first(), "Like");
    await submitAndSettle(page, like);
    await expect(like).toHaveAttribute("aria-pressed", "true");
    await expect(like).toContainText("1");
    // The answer's commit, then a frame: nothing of the like is left to render.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
    // The liked card's buttons ran (the walk finds what runs), no card did.
    const { cards: cardsRan, actions: actionsRan } = await renders();
    expect(actionsRan).toBeGreaterThan(0);
    expect(cardsRan).toBe(0);
  });

  test("bookmark and remove the bookmark", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    let card = await findCard(page, word);
    await submitAndSettle(page, button(card, "Bookmark"));
    if (!jsEnabled()) await expect(page.getByText("Added to your bookmarks")).toBeVisible();
    await expect(button(card, "Bookmark")).toHaveAttribute("aria-pressed", "true");
    await expect(button(card, "Bookmark")).toHaveCSS("color", PRESSED_BOOKMARK);
    card = await findCard(page, word);
    await expect(button(card, "Bookmark")).toHaveAttribute("aria-pressed", "true");
    await submitAndSettle(page, button(card, "Bookmark"));
    await expect(button(card, "Bookmark")).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("reposts", () => {
  test("repost and un-repost somebody's post", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await button(card, "Repost").click();
    await expect(page.getByText("Reposted", { exact: true })).toBeVisible();
    // The repost is a post of the tester's: the list now holds it (with its banner) and the original.
    const cards = page.getByRole("article").filter({ hasText: word });
    await expect(cards).toHaveCount(2);
    await expect(page.getByText("You reposted")).toBeVisible();
    for (const shown of await cards.all()) {
      await expect(button(shown, "Repost")).toHaveAttribute("aria-pressed", "true");
      await expect(button(shown, "Repost")).toContainText("1");
    }

    await submitAndSettle(page, button(cards.first(), "Repost"));
    await expect(page.getByText("Repost removed")).toBeVisible();
    await open(page, `/?q=${word}`);
    await expect(page.getByText("You reposted")).toHaveCount(0);
    await expect(button(page.getByRole("article").filter({ hasText: word }), "Repost")).toContainText("0");
  });

  test("one's own post: 'You can't repost your own posts'", async ({ page, me }) => {
    const word = token();
    await postAs(me, `My own thoughts ${word}`);
    const card = await findCard(page, word);
    await button(card, "Repost").click();
    await expect(page.getByText("You can't repost your own posts")).toBeVisible();
    const reloaded = await findCard(page, word);
    await expect(button(reloaded, "Repost")).toContainText("0");
  });
});

test.describe("sharing", () => {
  test("a share goes to the service and is recorded; copying the link says so", async ({ page, context, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    // The machines have no internet: the service's page is a stand-in.
    await context.route("https://twitter.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Twitter</title>" }));
    const card = await findCard(page, word);
    await card.getByRole("link", { name: /^Share/ }).click();

    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Share post" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(word)).toBeVisible();
      const recorded = (count: number) => {
        let seen = 0;
        return page.waitForResponse((response) => response.url().endsWith("/shares") && ++seen === count);
      };
      const bothRecorded = recorded(2);
      const popup = page.waitForEvent("popup");
      await dialog.getByRole("link", { name: "Twitter" }).click();
      expect((await popup).url()).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await dialog.getByRole("button", { name: "Copy link" }).click();
      // Said inside the dialog: outside, the page is inert under its backdrop (unheard, unreachable).
      await expect(dialog.getByRole("status")).toHaveText(/Link copied to clipboard!/);
      await expect(dialog.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/post\/[0-9A-Z]{26}$/);
      await dialog.getByRole("button", { name: "Close" }).click();
      // ✕ gives the keyboard back to what opened the dialog.
      await expect(card.getByRole("link", { name: /^Share/ })).toBeFocused();
      await expect(card.getByRole("link", { name: /^Share/ })).toContainText("2");
      await bothRecorded;
      const reloaded = await findCard(page, word);
      await expect(reloaded.getByRole("link", { name: /^Share/ })).toContainText("2");
    } else {
      await expect(page.getByRole("heading", { name: "Share post", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Post link")).toHaveValue(/\/post\/[0-9A-Z]{26}$/);
      // The form's answer sends the browser to the service. Its page may be the browser's error page: the
      // headless shell (decision 101) does not route a redirect's next request to the stand-in.
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Twitter" }).click();
      const answer = await answered;
      expect(answer.status()).toBe(302);
      expect(answer.headers().location).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
      await page.waitForURL((url) => url.origin !== new URL(baseURL!).origin);
      const shared = await findCard(page, word);
      await expect(shared.getByRole("link", { name: /^Share/ })).toContainText("1");
    }
  });
});

test.describe("reporting", () => {
  test("a reason is required; the report is stored with the spec's thanks, and mailed to the team", async ({ page, baseURL }) => {
    const { author, word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await openMenuItem(card, "Report Post");
    const form = jsEnabled() ? page.getByRole("dialog", { name: "Report Post" }) : page.locator("main");
    if (!jsEnabled()) await expect(page.getByRole("heading", { name: "Report Post", level: 1 })).toBeVisible();
    await form.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByText("Please select a reason for reporting")).toBeVisible();
    for (const label of ["Harassment or Bullying", "Hate Speech", "Spam", "Violence or Threats", "Misinformation", "Inappropriate Content", "Copyright Violation", "Other"]) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await form.getByLabel("Spam").check();
    await form.getByLabel("Additional information (optional)").fill("  Selling something  ");
    await form.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByText("Post reported successfully. Thank you for helping keep our community safe.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/\\?q=${word}`));
    // The team's mail (locally, the outbox; decision 084), with the post's words and the reporter's.
    await expect(async () => {
      await open(page, "/dev/outbox");
      await expect(page.getByRole("article", { name: `Report: Spam (@${author.username})` }).filter({ hasText: word })).toContainText("Selling something");
    }).toPass();
  });
});

test.describe("comments", () => {
  test("a comment sent twice, its first answer lost on the way, is stored once; sent again edited, it is another (decision 072)", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    const comment = /\/post\/[^/?]+(\.data)?(\?|$)/;
    // The network sends the comment, loses the answer and sends it again.
    await page.route(comment, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await route.fetch({ maxRedirects: 0 });
      await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) });
    });
    await card.getByLabel(/^Comment on/).fill("Said once");
    await card.getByRole("button", { name: "Comment" }).click();
    await expect(page.getByText("Comment posted!")).toBeVisible();
    await page.unroute(comment);
    const top = page.getByRole("article").filter({ hasText: word }).getByRole("list", { name: "Top comments" });
    await expect(top.getByText("Said once")).toHaveCount(1);
    await expect(page.getByRole("article").filter({ hasText: word }).getByRole("link", { name: /^Reply/ })).toContainText("1");
    if (!jsEnabled()) return;
    // With JavaScript the member sees the failure (the comment was stored) and sends again: unchanged,
    // it is the same comment; edited, a comment of its own, not taken for the first.
    const loseAnswers = () =>
      page.route(comment, async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await route.fetch({ maxRedirects: 0 });
        await route.abort("internetdisconnected");
      });
    const again = page.getByRole("article").filter({ hasText: word });
    const count = again.getByRole("link", { name: /^Reply/ });
    for (const [text, edited, total] of [["First try", "First try", "2"], ["Second try", "Second try, edited", "4"]] as const) {
      await loseAnswers();
      await again.getByLabel(/^Comment on/).fill(text);
      await again.getByRole("button", { name: "Comment" }).click();
      await expect(page.getByText("Failed to post comment").last()).toBeVisible();
      await page.unroute(comment);
      await again.getByLabel(/^Comment on/).fill(edited);
      await again.getByRole("button", { name: "Comment" }).click();
      await expect(again.getByLabel(/^Comment on/)).toHaveValue("");
      await open(page, `/?q=${word}`);
      await expect(count).toContainText(total);
    }
  });

  test("'Load more comments' that gets no answer keeps the post and its comments, says so, and tries again (decision 079)", async ({ page, me }) => {
    const word = uniqueWord("paged");
    await postAs(me, `Many comments ${word}`);
    const postId = await searchedPostId(page, word);
    for (let i = 1; i <= 21; i++) {
      const sent = await me.api.post(`/post/${postId}`, { form: { intent: "comment", content: `Paged comment ${i} ${word}`, returnTo: "/" }, maxRedirects: 0, headers: { Origin: me.origin, ...NEW_CONNECTION } });
      expect(sent.status(), await sent.text()).toBe(302);
    }
    await open(page, `/post/${postId}`);
    const comments = page.getByRole("list", { name: "Comments" }).getByText(new RegExp(`^Paged comment \\d+ ${word}$`));
    await expect(comments).toHaveCount(20);
    const data = /\.data(\?|$)/;
    if (jsEnabled()) {
      await page.route(data, (route) => route.abort("internetdisconnected"));
      await page.getByRole("link", { name: "Load more comments" }).click();
      await expect(page.getByText("Network error. Please check your connection and try again.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "No connection" })).toHaveCount(0);
      await expect(comments).toHaveCount(20);
      await page.unroute(data);
    }
    await page.getByRole("link", { name: "Load more comments" }).click();
    await expect(comments).toHaveCount(jsEnabled() ? 21 : 1);
  });

  test("comment on a card, then reply to the comment on the post's page", async ({ page, baseURL, me }) => {
    const { account } = me;
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await card.getByLabel(/^Comment on/).fill("Warm crusts forever");
    await card.getByRole("button", { name: "Comment" }).click();
    await expect(page.getByText("Comment posted!")).toBeVisible();
    const top = page.getByRole("article").filter({ hasText: word }).getByRole("list", { name: "Top comments" });
    await expect(top.getByText("Warm crusts forever")).toBeVisible();

    await page.getByRole("article").filter({ hasText: word }).getByRole("link", { name: "Open post" }).click();
    await expect(page.getByRole("heading", { name: "Post", level: 1 })).toBeVisible();
    const comment = page.getByRole("list", { name: "Comments" }).getByRole("listitem").filter({ hasText: "Warm crusts forever" });
    await comment.locator("summary", { hasText: "Reply" }).click();
    await comment.getByLabel(`Reply to ${account.displayName}`).fill("And butter");
    await comment.getByRole("button", { name: "Reply" }).click();
    // The first comment's toast may still be showing.
    await expect(page.getByText("Comment posted!").last()).toBeVisible();
    const replies = page.getByRole("list", { name: `Replies to ${account.displayName}` });
    await expect(replies.getByText("And butter")).toBeVisible();
    await expect(page.getByRole("article").getByRole("link", { name: /^Reply/ })).toContainText("2");

    // An empty comment changes nothing and says why.
    await page.getByRole("button", { name: "Reply", exact: true }).first().click();
    await expect(page.getByText("Comment cannot be empty")).toBeVisible();
    await expect(page.getByRole("article").getByRole("link", { name: /^Reply/ })).toContainText("2");
  });

  test("a post's author removes a troll's comment from the post's page: it is gone and the count drops (decision 094)", async ({ page, baseURL, me }) => {
    const word = uniqueWord("troll");
    await postAs(me, `Quiet morning ${word}`);
    const postId = await searchedPostId(page, word);
    const commentAs = async (who: Member, content: string) => {
      const sent = await who.api.post(`/post/${postId}`, { form: { intent: "comment", content, returnTo: "/" }, maxRedirects: 0, headers: { Origin: who.origin, ...NEW_CONNECTION } });
      expect(sent.status(), await sent.text()).toBe(302);
    };
    const friend = await newMember(baseURL!);
    const troll = await newMember(baseURL!);
    await commentAs(friend, `Lovely ${word}`);
    // Newer, so listed first: the friend's comment is the next one when it goes.
    await commentAs(troll, `You are awful ${word}`);
    await open(page, `/post/${postId}`);
    const count = page.getByRole("article").getByRole("link", { name: /^Reply/ });
    await expect(count).toHaveAccessibleName("Reply, 2 comments");
    const list = page.getByRole("list", { name: "Comments" });
    const abusive = list.getByRole("listitem").filter({ hasText: "You are awful" });
    // The author may delete every comment on the post: the friend's has its Delete too.
    await expect(list.getByRole("link", { name: `Delete comment by ${friend.account.displayName}` })).toBeVisible();

    await abusive.getByRole("link", { name: `Delete comment by ${troll.account.displayName}` }).click();
    const confirm = jsEnabled() ? page.getByRole("dialog", { name: "Delete Comment" }) : page.locator("main");
    if (!jsEnabled()) await expect(page.getByRole("heading", { name: "Delete Comment", level: 1 })).toBeVisible();
    await expect(confirm.getByText("Are you sure you want to delete this comment? This action cannot be undone.")).toBeVisible();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Comment deleted")).toBeVisible();
    await expect(list.getByText(`You are awful ${word}`)).toHaveCount(0);
    await expect(list.getByText(`Lovely ${word}`)).toBeVisible();
    await expect(count).toHaveAccessibleName("Reply, 1 comment");
    // With JavaScript the keyboard goes to the next comment (without it the page loads anew).
    if (jsEnabled()) await expect(list.getByRole("listitem").filter({ hasText: "Lovely" })).toBeFocused();
    await open(page, `/post/${postId}`);
    await expect(page.getByText(`You are awful ${word}`)).toHaveCount(0);
    await expect(count).toHaveAccessibleName("Reply, 1 comment");
  });

  test("a commenter deletes their own comment from a card's top comments (decision 094)", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    let card = await findCard(page, word);
    for (const text of ["Keep this", "Typo here"]) {
      await card.getByLabel(/^Comment on/).fill(`${text} ${word}`);
      await submitAndSettle(page, card.getByRole("button", { name: "Comment" }));
      card = page.getByRole("article").filter({ hasText: word });
    }
    const top = card.getByRole("list", { name: "Top comments" });
    const deleteOne = async (text: string) => {
      await expect(top.getByText(`${text} ${word}`)).toBeVisible();
      await top.getByRole("listitem").filter({ hasText: text }).getByRole("link", { name: /^Delete comment by / }).click();
      const confirm = jsEnabled() ? page.getByRole("dialog", { name: "Delete Comment" }) : page.locator("main");
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Comment deleted").first()).toBeVisible();
      // Back on the card (without JavaScript, the page it was opened from).
      await expect(card.getByText(`${text} ${word}`)).toHaveCount(0);
    };
    // The newer is listed first: the other preview is the next one when it goes.
    await deleteOne("Typo here");
    await expect(card.getByRole("link", { name: /^Reply/ })).toHaveAccessibleName("Reply, 1 comment");
    // With JavaScript the keyboard goes to the next preview (the list is drawn anew: found by its id).
    if (jsEnabled()) await expect(top.getByRole("listitem").filter({ hasText: "Keep this" })).toBeFocused();
    await deleteOne("Keep this");
    await expect(card.getByRole("link", { name: /^Reply/ })).toHaveAccessibleName("Reply, 0 comments");
    // Then to the card's comment box, the only thing left to go to.
    if (jsEnabled()) await expect(card.getByLabel(/^Comment on/)).toBeFocused();
  });

  test("the reply composer answers the post", async ({ page, baseURL }) => {
    const { word, author } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await card.getByRole("link", { name: /^Reply/ }).click();
    const composer = jsEnabled() ? page.getByRole("dialog", { name: "Reply" }) : page.locator("main");
    if (!jsEnabled()) await expect(page.getByRole("heading", { name: "Reply", level: 1 })).toBeVisible();
    await expect(composer.getByText(`@${author.username}`)).toBeVisible();
    const text = composer.getByLabel("Reply");
    // It opens on the reply's field, not on its ✕.
    await expect(text).toBeFocused();
    await expect(text).toHaveAttribute("placeholder", "Post your reply");
    await text.fill("Count me in");
    await composer.getByRole("button", { name: "Reply" }).click();
    await expect(page.getByText("Comment posted!")).toBeVisible();
    if (!jsEnabled()) await expect(page).toHaveURL(/\/post\/[0-9A-Z]{26}/);
    else await expect(page.getByRole("dialog", { name: "Reply" })).toBeHidden();
    await open(page, `/?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: word }).getByText("Count me in")).toBeVisible();
  });
});

test.describe("comments on a poor connection, and after the post went", () => {
  const commentPost = /\/post\/[^/?]+(\.data)?(\?|$)/;

  // @js-only: without JavaScript the page itself is sent.
  test("text typed into a comment box while the last comment is on its way stays there", { tag: "@js-only" }, async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await page.route(commentPost, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const box = card.getByLabel(/^Comment on/);
    await box.fill("First words");
    await card.getByRole("button", { name: "Comment" }).click();
    await box.fill("And then some more");
    await expect(page.getByText("Comment posted!")).toBeVisible();
    await expect(box).toHaveValue("And then some more");
  });

  // @js-only: the dialog is the reply composer with JavaScript.
  test("the Reply dialog stays open while its comment is on its way", { tag: "@js-only" }, async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await card.getByRole("link", { name: /^Reply/ }).click();
    const dialog = page.getByRole("dialog", { name: "Reply" });
    await dialog.getByLabel("Reply").fill("Hold on to me");
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(commentPost, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await released;
      await route.abort("internetdisconnected");
    });
    await dialog.getByRole("button", { name: "Reply" }).click();
    await expect(dialog.getByRole("button", { name: "Reply" })).toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Close" }).click({ force: true });
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    release();
    await expect(page.getByText("Failed to post comment")).toBeVisible();
    await expect(dialog.getByLabel("Reply")).toHaveValue("Hold on to me");
  });

  // @no-js-only: with JavaScript Back does not draw the page again.
  test("without JavaScript, Back after a comment shows an empty box (nothing to post twice)", { tag: "@no-js-only" }, async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    await findCard(page, word);
    await open(page, `/post/${await postIdOn(page, word)}`);
    await page.getByLabel("Reply", { exact: true }).fill("Said just once");
    await page.getByRole("button", { name: "Reply", exact: true }).click();
    await expect(page.getByText("Comment posted!")).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Reply", { exact: true })).toHaveValue("");
  });

  test("a post deleted while its page is open: 'Post not found' and no reply box with JavaScript; a comment on it says 'This post doesn't exist or has been deleted.'", async ({ page, baseURL }) => {
    const { word, author } = await somebodysPost(baseURL!);
    await findCard(page, word);
    const id = await postIdOn(page, word);
    await open(page, `/post/${id}`);
    if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute("data-live", "open");
    const deleted = await author.api.post(`/post/${id}/delete`, { form: { intent: "delete" } });
    expect(deleted.ok()).toBe(true);
    if (jsEnabled()) {
      await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
      await expect(page.getByText("This post doesn't exist or has been deleted.")).toBeVisible();
      await expect(page.getByLabel("Reply", { exact: true })).toHaveCount(0);
      await expect(page.getByText("No comments yet")).toHaveCount(0);
      return;
    }
    await page.getByLabel("Reply", { exact: true }).fill("Anyone home?");
    await page.getByRole("button", { name: "Reply", exact: true }).click();
    await expect(page.getByRole("region", { name: "Alerts" }).getByText("This post doesn't exist or has been deleted.")).toBeVisible();
  });
});

test.describe("deleting", () => {
  test("the owner deletes through the confirmation; Cancel keeps the post", async ({ page, me }) => {
    const word = token();
    await postAs(me, `Soon gone ${word}`);
    let card = await findCard(page, word);
    await openMenuItem(card, "Delete Post");
    if (jsEnabled()) {
      const dialog = page.getByRole("dialog", { name: "Delete Post" });
      await expect(dialog.getByText("Are you sure you want to delete this post? This action cannot be undone.")).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      // Cancel gives the keyboard back to the menu's button, as Escape does.
      await expect(card.locator("summary", { hasText: "More options" })).toBeFocused();
    } else {
      await expect(page.getByRole("heading", { name: "Delete Post", level: 1 })).toBeVisible();
      await expect(page.getByText("Are you sure you want to delete this post? This action cannot be undone.")).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
    }
    card = page.getByRole("article").filter({ hasText: word });
    await expect(card).toBeVisible();

    await openMenuItem(card, "Delete Post");
    const confirm = jsEnabled() ? page.getByRole("dialog", { name: "Delete Post" }) : page.locator("main");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Post deleted successfully")).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
    await open(page, `/?q=${word}`);
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
  });

  test("the owner deletes from the post's own page and lands on Home with 'Post deleted successfully'", async ({ page, me, baseURL }) => {
    const word = token();
    await postAs(me, `Gone from its page ${word}`);
    const id = await searchedPostId(page, word);
    await open(page, `/post/${id}`);
    // With JavaScript the page's feed room is open, and tells it of the deletion too, maybe before the answer.
    if (jsEnabled()) await expect(page.locator("html")).toHaveAttribute("data-live", "open");
    await openMenuItem(page.getByRole("article").filter({ hasText: word }), "Delete Post");
    const confirm = jsEnabled() ? page.getByRole("dialog", { name: "Delete Post" }) : page.locator("main");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Post deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(0);
  });

  test("only the owner is offered Delete Post", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    await card.locator("summary", { hasText: "More options" }).click();
    await expect(card.getByRole("link", { name: "Report Post" })).toBeVisible();
    await expect(card.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
  });

  test("the menu by keyboard: Enter opens it, and with JavaScript Escape or Tab past its items closes it", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    const menu = card.locator("summary", { hasText: "More options" });
    const report = card.getByRole("link", { name: "Report Post" });
    // Someone else's post: Report Post, then Mute @author (decision 107).
    const mute = card.getByRole("button", { name: /^Mute @/ });
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(report).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(report).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(mute).toBeFocused();
    if (!jsEnabled()) return;
    await page.keyboard.press("Escape");
    await expect(report).toBeHidden();
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(report).toBeHidden();

    // The dialog an item opens gives the keyboard back to the menu's button when it closes.
    await menu.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Report Post" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test.describe("when a request gets no answer", () => {
  test("a like reverts quietly and a comment says 'Failed to post comment'; the page stays (with JavaScript)", async ({ page, baseURL }) => {
    const { word } = await somebodysPost(baseURL!);
    const card = await findCard(page, word);
    // With JavaScript every data request now fails as if offline (the interaction's and any reload
    // of the page's data). Without JavaScript the browser posts the page itself, which is not ours
    // to answer: it just works.
    if (jsEnabled()) await page.route(/\.data(\?|$)/, (route) => route.abort("internetdisconnected"));
    await button(card, "Like").click();
    if (jsEnabled()) {
      await expect(button(card, "Like")).toHaveAttribute("aria-pressed", "false");
      await expect(button(card, "Like")).toContainText("0");
    } else {
      await expect(button(page.getByRole("article").filter({ hasText: word }), "Like")).toHaveAttribute("aria-pressed", "true");
    }
    const again = page.getByRole("article").filter({ hasText: word });
    await again.getByLabel(/^Comment on/).fill("Is anyone there?");
    await again.getByRole("button", { name: "Comment" }).click();
    await expect(page.getByText(jsEnabled() ? "Failed to post comment" : "Comment posted!")).toBeVisible();
    // Nothing reloads the page's data afterwards (offline, that would fail too): the page stays.
    if (jsEnabled()) await page.waitForTimeout(1500);
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    if (jsEnabled()) await expect(again.getByLabel(/^Comment on/)).toHaveValue("Is anyone there?");
  });

  test("a page whose data gets no answer says so and loads again with 'Try again'", async ({ page }) => {
    await open(page, "/");
    if (jsEnabled()) await page.route(/\.data(\?|$)/, (route) => route.abort("internetdisconnected"));
    await page.getByRole("link", { name: "Following" }).click();
    if (jsEnabled()) {
      await expect(page.getByRole("heading", { name: "No connection" })).toBeVisible();
      await expect(page.getByText("Network connection issue...")).toBeVisible();
      await page.unroute(/\.data(\?|$)/);
      await page.getByRole("link", { name: "Try again" }).click();
    }
    // Without JavaScript the browser loads the page itself: it just works.
    await expect(page).toHaveURL(/[?&]tab=following/);
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "Following" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No posts to show yet.")).toBeVisible();
  });
});

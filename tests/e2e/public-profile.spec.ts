import type { Page } from "@playwright/test";
import { expect, hydrated, jsEnabled, newMember, open, postAs, signedIn, test, uniqueWord } from "./fixtures";

/** The Like button of the card that shows `text`. */
const likeOn = (page: Page, text: string) => page.getByRole("article").filter({ hasText: text }).getByRole("button", { name: /^Like/ });

test.describe("the public profile, signed out", () => {
  test("shows the member's header and posts, the share tags in the server's HTML, Sign In and the prompt", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = uniqueWord("pp");
    await postAs(author, `Notes from the harbour ${word}`);
    const path = `/@${author.username}`;
    // What a crawler reads: the server's HTML, no JavaScript run.
    const html = await (await page.request.get(path)).text();
    expect(html).toContain('<meta property="og:type" content="profile"/>');
    expect(html).toContain(`<meta property="og:title" content="${author.account.displayName} (@${author.username})"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}${path}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/default-avatar.png"/>`);
    // Served as a PNG (services show no SVG in a card), as is the icon a phone's home screen asks for.
    for (const file of ["/default-avatar.png", "/apple-touch-icon.png"]) {
      const image = await page.request.get(file);
      expect([image.status(), image.headers()["content-type"]]).toEqual([200, "image/png"]);
    }
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);

    await open(page, path);
    await expect(page.getByRole("heading", { name: author.account.displayName, level: 2 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile" }).getByText(`@${author.username}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(1);
    await expect(page.getByText("Join to interact with posts")).toBeVisible();
    const signIn = `/auth?returnTo=${encodeURIComponent(path)}`;
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", signIn);
    await expect(page.getByRole("link", { name: "Message" })).toHaveAttribute("href", signIn);
    await expect(page.getByRole("link", { name: `Follow @${author.username}` })).toHaveAttribute("href", signIn);
    // The prompt sits at the bottom right of the window.
    const prompt = await page.getByRole("region", { name: "Join Murmur" }).boundingBox();
    const viewport = page.viewportSize()!;
    expect(prompt!.x + prompt!.width).toBeGreaterThan(viewport.width * 0.9);
    expect(prompt!.y + prompt!.height).toBeGreaterThan(viewport.height * 0.8);
  });

  test("the next visitor gets the page from the edge cache, whole and working", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = uniqueWord("pc");
    await postAs(author, `Cached but alive ${word}`);
    const path = `/@${author.username}`;
    await page.request.get(path);
    const response = await page.goto(path);
    expect(response?.headers()["x-edge-cache"]).toBe("HIT");
    // With JavaScript the page hydrates: its scripts carry this answer's own nonce.
    await hydrated(page);
    await expect(page.getByRole("article").filter({ hasText: word })).toHaveCount(1);
    // A new post purges it: the next visitor sees the post.
    await postAs(author, `Fresh from the author ${word}`);
    await open(page, path);
    await expect(page.getByRole("article").filter({ hasText: `Fresh from the author ${word}` })).toHaveCount(1);
  });

  test("Like answers 'Please sign in to like posts' and changes nothing", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = uniqueWord("pl");
    await postAs(author, `Like me if you can ${word}`);
    const path = `/@${author.username}`;
    await open(page, path);
    await likeOn(page, word).click();
    await expect(page.getByText("Please sign in to like posts")).toBeVisible();
    // Without JavaScript the toast waits on the sign-in page, which leads back here.
    if (!jsEnabled()) await expect(page).toHaveURL(/\/auth\?returnTo=%2F%40/);
    await open(page, path);
    await expect(likeOn(page, word)).toContainText("0");
    await expect(likeOn(page, word)).toHaveAttribute("aria-pressed", "false");
  });

  test("Reply answers 'Please sign in to comment'; without JavaScript on the sign-in page, which would come back to the reply", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const word = uniqueWord("pr");
    await postAs(author, `Answer me if you can ${word}`);
    await open(page, `/@${author.username}`);
    await page.getByRole("article").filter({ hasText: word }).getByRole("link", { name: /^Reply/ }).click();
    await expect(page.getByText("Please sign in to comment")).toBeVisible();
    // Without JavaScript the link leads to the reply's page, which sends a visitor to sign in first.
    if (!jsEnabled()) await expect(page).toHaveURL(/\/auth\?returnTo=%2Fcompose%3FreplyTo%3D/);
    else await expect(page).toHaveURL(`${baseURL}/@${author.username}`);
  });

  test("Follow sends to sign-in, and once signed in the member is back on the member's profile", async ({ page, baseURL }) => {
    const author = await newMember(baseURL!);
    const reader = await newMember(baseURL!);
    await open(page, `/@${author.username}`);
    await page.getByRole("link", { name: `Follow @${author.username}` }).click();
    await expect(page).toHaveURL(`${baseURL}/auth?returnTo=${encodeURIComponent(`/@${author.username}`)}`);
    await hydrated(page);
    await page.getByLabel("Email").fill(reader.account.email);
    await page.getByLabel("Password", { exact: true }).fill(reader.account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${baseURL}/profile/${author.username}`);
    await expect(page.getByRole("button", { name: `Follow @${author.username}`, exact: true })).toBeVisible();
  });

  test("an unknown username is 'User not found' (404) with Go Home", async ({ page }) => {
    const response = await page.goto(`/@${uniqueWord("nobody_")}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });
});

signedIn.describe("the public profile, signed in", () => {
  signedIn("one's own goes to /profile, another's to /profile/{username}", async ({ page, baseURL, account }) => {
    await page.goto(`/@${account.username}`);
    await expect(page).toHaveURL(`${baseURL}/profile`);
    await expect(page.getByRole("heading", { name: account.displayName, level: 2 })).toBeVisible();
    const other = await newMember(baseURL!);
    await page.goto(`/@${other.username}`);
    await expect(page).toHaveURL(`${baseURL}/profile/${other.username}`);
    await expect(page.getByRole("button", { name: `Follow @${other.username}`, exact: true })).toBeVisible();
  });
});

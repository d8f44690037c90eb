import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLoadContext } from "~/.server/context";
import { memberSettings, postLikes, posts, users, verifiedSubscriptions } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { stripeSignature } from "~/.server/stripe";
import { EDGE_CACHEABLE, purgePublicProfile, serveFromEdgeCache } from "~/.server/edge-cache";
import worker from "../../workers/app";
import { setRepost } from "~/.server/posts/interactions";
import { createPost, createUser, db, formPost, member, ORIGIN, TINY_PNG, toastOf } from "./helpers";
import { BLOCK_PURGE } from "~/lib/constants";

/**
 * The public profile (spec document 2 §2 "Public profile (signed out)") and the edge cache of visitors'
 * pages (docs/decisions/028). Requests go through the real worker; each one's waitUntil work (storing a
 * page, refreshing a stale one) is awaited, so what the next request finds is what the cache holds.
 */

type Answer = { status: number; headers: Headers; html: string };

async function visit(path: string, headers: Record<string, string> = {}, origin = ORIGIN): Promise<Answer> {
  const ctx = createExecutionContext();
  const request = new Request(`${origin}${path}`, { headers: { Host: new URL(origin).host, ...headers }, redirect: "manual" });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, html };
}

/** A form post through the worker, its waitUntil work (purges, rooms) awaited. */
async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** A page as the worker renders one: its scripts and its CSP with one nonce. */
function renderedPage(init: ResponseInit): Response {
  const nonce = "bm9uY2Utb2YtdGhlLXRlc3Q=";
  return new Response(`<script nonce="${nonce}"></script>`, { ...init, headers: { "Content-Security-Policy": `script-src 'nonce-${nonce}'`, ...init.headers } });
}

const cache = () => (caches as unknown as { default: Cache }).default;
const keyOf = (path: string, theme = "light") => `${ORIGIN}${path}?edge-cache=${theme}`;
const status = (answer: Answer) => answer.headers.get("X-Edge-Cache");
const nonceInHeader = (answer: Answer) => /'nonce-([^']+)'/.exec(answer.headers.get("Content-Security-Policy") ?? "")?.[1];
const metaContent = (html: string, attribute: "name" | "property", name: string) =>
  new RegExp(`<meta ${attribute}="${name.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("/@username for a signed-out visitor", () => {
  it("shows the header, the posts, Sign In, Message and Follow to sign-in, the prompt, and the share tags", async () => {
    const star = await createUser({ bio: "Bakes bread at dawn", avatarUrl: "/media/images/avatars/star.png" });
    await createPost(star.id, { content: "sourdough, day three" });
    const page = await visit(`/@${star.username}`);
    expect(page.status).toBe(200);
    for (const text of [star.displayName, `@${star.username}`, "Bakes bread at dawn", "sourdough, day three", "Join to interact with posts", ">Sign In<"]) {
      expect(page.html).toContain(text);
    }
    const signIn = `/auth?returnTo=${encodeURIComponent(`/@${star.username}`)}`;
    expect(page.html).toContain(`href="${signIn.replaceAll("&", "&amp;")}"`);
    expect(page.html).toContain(`aria-label="Follow @${star.username}"`);
    expect(page.html).not.toContain(">Mention<");
    // Open Graph and Twitter card tags, in the server's HTML (crawlers run no JavaScript).
    const url = `${ORIGIN}/@${star.username}`;
    expect(metaContent(page.html, "property", "og:type")).toBe("profile");
    expect(metaContent(page.html, "property", "og:title")).toBe(`${star.displayName} (@${star.username})`);
    expect(metaContent(page.html, "property", "og:description")).toBe("Bakes bread at dawn");
    expect(metaContent(page.html, "property", "og:url")).toBe(url);
    expect(metaContent(page.html, "property", "og:image")).toBe(`${ORIGIN}/media/images/avatars/star.png`);
    expect(metaContent(page.html, "name", "twitter:card")).toBe("summary");
    expect(metaContent(page.html, "name", "twitter:image")).toBe(`${ORIGIN}/media/images/avatars/star.png`);
    expect(page.html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(page.html, "name", "robots")).toBeNull();
  });

  it("without a bio or an avatar, the description and image fall back to words and the default avatar", async () => {
    const quiet = await createUser();
    const page = await visit(`/@${quiet.username}`);
    expect(metaContent(page.html, "property", "og:description")).toBe(`See what ${quiet.displayName} (@${quiet.username}) is posting on Murmur.`);
    expect(metaContent(page.html, "property", "og:image")).toBe(`${ORIGIN}/default-avatar.png`);
    expect(page.html).toContain(`@${quiet.username} hasn&#x27;t posted yet.`);
  });

  it("one address per member: another case or an escaped @ redirects to the username as written", async () => {
    const star = await createUser();
    for (const path of [`/@${star.username.toUpperCase()}`, `/%40${star.username}`]) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toBe(`/@${star.username}`);
    }
  });

  it("an unknown or malformed username is 'User not found' (404) with Go Home, and is never cached", async () => {
    for (const path of ["/@nobody_by_that_name", "/@%27%3B%20DROP%20TABLE%20users", `/@${"a".repeat(300)}`, "/@"]) {
      const answer = await visit(path);
      expect(answer.status, path).toBe(404);
      expect(answer.html, path).toContain("User not found");
      expect(answer.html, path).toContain("Go Home");
      expect(answer.headers.get("X-Edge-Cache"), path).toBeNull();
    }
    expect(await cache().match(keyOf("/@nobody_by_that_name"))).toBeUndefined();
  });

  it("profile_visibility 'private' keeps the posts from visitors, and the page says so", async () => {
    const shy = await createUser();
    await createPost(shy.id, { content: "only for members to read" });
    await db().update(memberSettings).set({ profileVisibility: "private" }).where(eq(memberSettings.userId, shy.id));
    const page = await visit(`/@${shy.username}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("These posts are private");
    expect(page.html).toContain(`@${shy.username} shares their posts with signed-in members only.`);
    expect(page.html).not.toContain("only for members to read");
    // Later pages too.
    const later = await visit(`/@${shy.username}?cursor=${"Z".repeat(26)}`);
    expect(later.html).not.toContain("only for members to read");
    // A member still sees them on the member's profile.
    const reader = await member();
    const seen = await visit(`/profile/${shy.username}`, { Cookie: reader.cookie });
    expect(seen.html).toContain("only for members to read");
  });

  it("a private member's posts stay hidden from visitors everywhere: their post's page locked, a repost left out of a public profile", async () => {
    const shy = await createUser();
    const post = await createPost(shy.id, { content: "a private thought to keep", location: "Hidden Valley" });
    await db().update(memberSettings).set({ profileVisibility: "private" }).where(eq(memberSettings.userId, shy.id));
    const fan = await member();
    const reposted = await send(formPost(`/post/${post.id}`, { repost: "true", returnTo: "/" }, { Cookie: fan.cookie }));
    expect(reposted.status).toBe(302);

    for (const path of [`/@${fan.user.username}`, `/post/${post.id}`, `/post/${post.id}/photo/0`]) {
      const page = await visit(path);
      expect(page.html, path).not.toContain("a private thought to keep");
      expect(page.html, path).not.toContain("Hidden Valley");
    }
    const postPage = await visit(`/post/${post.id}`);
    expect(postPage.html).toContain("This post is private");
    expect(metaContent(postPage.html, "property", "og:description")).toBe("A private post.");
    // A list leaves it out rather than show it locked (decision 031): the fan's profile has no posts.
    expect((await visit(`/@${fan.user.username}`)).html).toContain(`@${fan.user.username} hasn&#x27;t posted yet.`);
    // Members still read it.
    const seen = await visit(`/post/${post.id}`, { Cookie: fan.cookie });
    expect(seen.html).toContain("a private thought to keep");
  });

  it("index_profile false puts robots noindex on the page, and on their posts' pages (decision 124)", async () => {
    const hidden = await createUser();
    const post = await createPost(hidden.id, { content: "not for search engines", mediaUrls: ["/media/images/posts/not-listed.png"] });
    const page = `/post/${post.id}`;
    expect(metaContent((await visit(page)).html, "name", "robots")).toBeNull();
    await db().update(memberSettings).set({ indexProfile: false }).where(eq(memberSettings.userId, hidden.id));
    expect(metaContent((await visit(`/@${hidden.username}`)).html, "name", "robots")).toBe("noindex");
    // A member's view is never cached; a visitor's may be for a few minutes (028), so read it as a member.
    const { cookie } = await member();
    const seen = await visit(`${page}?comments=x&utm_source=elsewhere`, { Cookie: cookie });
    expect(metaContent(seen.html, "name", "robots")).toBe("noindex");
    // One address for the post, whatever its query.
    expect(seen.html).toContain(`<link rel="canonical" href="${ORIGIN}${page}"/>`);
    // A repost's address shows the original: its author's say, and the original's address.
    const fan = await member();
    const reposted = await setRepost(db(), fan.user.id, post.id, true);
    if (!reposted.ok || !reposted.repostId) throw new Error("no repost");
    const repostPage = await visit(`/post/${reposted.repostId}`, { Cookie: cookie });
    expect(metaContent(repostPage.html, "name", "robots")).toBe("noindex");
    expect(repostPage.html).toContain(`<link rel="canonical" href="${ORIGIN}${page}"/>`);
    // The image's own page is never listed: the post's page is.
    expect(metaContent((await visit(`${page}/photo/1`, { Cookie: cookie })).html, "name", "robots")).toBe("noindex");
  });

  it("a member without a settings row has the defaults: posts shown, indexed", async () => {
    const bare = await createUser();
    await db().delete(memberSettings).where(eq(memberSettings.userId, bare.id));
    await createPost(bare.id, { content: "settings row gone" });
    const page = await visit(`/@${bare.username}`);
    expect(page.html).toContain("settings row gone");
    expect(metaContent(page.html, "name", "robots")).toBeNull();
  });

  it("'Load more' pages by keyset, with and without JavaScript, and those pages are never cached", async () => {
    const busy = await createUser();
    for (let i = 0; i < 22; i++) await createPost(busy.id, { content: `post number ${i}`, createdAt: new Date(Date.now() - (22 - i) * 60_000) });
    const first = await visit(`/@${busy.username}`);
    expect(first.html).toContain("post number 21");
    expect(first.html).not.toContain("post number 1<");
    const next = /href="\/@[^"?]+\?cursor=([0-9A-Z]{26})"/.exec(first.html)?.[1];
    expect(next).toBeTruthy();
    const second = await visit(`/@${busy.username}?cursor=${next}`);
    expect(second.html).toContain("post number 0");
    expect(status(second)).toBeNull();
    const data = await visit(`/@${busy.username}.data?cursor=${next}`);
    expect(data.status).toBe(200);
    expect(data.html).toContain("post number 0");
    expect(status(data)).toBeNull();
  });

  it("a visitor's like on a card of the profile gets 'Please sign in to like posts' and changes nothing", async () => {
    const star = await createUser();
    const post = await createPost(star.id);
    const response = await send(formPost(`/post/${post.id}.data`, { like: "true" }));
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Please sign in to like posts");
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(0);
  });
});

describe("/@username for a signed-in member", () => {
  it("one's own goes to /profile, another's to /profile/{username}, an unknown one to its 'User not found'", async () => {
    const me = await member();
    const other = await createUser();
    const own = await visit(`/@${me.user.username}`, { Cookie: me.cookie });
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe("/profile");
    const theirs = await visit(`/@${other.username.toUpperCase()}`, { Cookie: me.cookie });
    expect(theirs.status).toBe(302);
    expect(theirs.headers.get("Location")).toBe(`/profile/${other.username.toUpperCase()}`);
    const unknown = await visit("/@nobody_by_that_name", { Cookie: me.cookie });
    expect(unknown.headers.get("Location")).toBe("/profile/nobody_by_that_name");
    expect((await visit("/profile/nobody_by_that_name", { Cookie: me.cookie })).status).toBe(404);
    const malformed = await visit("/@not-a-name!", { Cookie: me.cookie });
    expect(malformed.status).toBe(404);
    expect(malformed.html).toContain("User not found");
  });

  it("other single-segment paths behave as before: visitors sign in, members get 'Page not found'", async () => {
    const visitor = await visit("/no-such-page?x=1");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/auth?returnTo=${encodeURIComponent("/no-such-page?x=1")}`);
    const me = await member();
    const page = await visit("/no-such-page", { Cookie: me.cookie });
    expect(page.status).toBe(404);
    expect(page.html).toContain("Page not found");
    expect(page.html).not.toContain("User not found");
  });
});

describe("the edge cache of visitors' pages", () => {
  it("the second visitor is served from the cache, with a CSP nonce of their own", async () => {
    const star = await createUser();
    await createPost(star.id, { content: "cached words" });
    const first = await visit(`/@${star.username}`);
    expect(status(first)).toBe("MISS");
    expect(first.headers.get("X-Edge-Cacheable")).toBeNull();
    const second = await visit(`/@${star.username}`);
    expect(status(second)).toBe("HIT");
    expect(second.headers.get("X-D1-Calls")).toBe("0");
    expect(second.html).toContain("cached words");
    // The page's scripts carry the nonce its own CSP names, never the first answer's.
    const [firstNonce, secondNonce] = [nonceInHeader(first)!, nonceInHeader(second)!];
    expect(secondNonce).not.toBe(firstNonce);
    expect(second.html).toContain(`nonce="${secondNonce}"`);
    expect(second.html).not.toContain(firstNonce);
    for (const header of ["X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy"]) expect(second.headers.get(header), header).toBe(first.headers.get(header));
    // Each theme is its own page.
    expect(status(await visit(`/@${star.username}`, { Cookie: "theme=dark" }))).toBe("MISS");
    const dark = await visit(`/@${star.username}`, { Cookie: "theme=dark; device=whatever" });
    expect(status(dark)).toBe("HIT");
    expect(dark.html).toContain('<html lang="en" class="dark">');
  });

  it("never answers a signed-in request from the cache, nor keeps what it renders for one", async () => {
    const star = await createUser();
    const post = await createPost(star.id, { content: "liked by a member" });
    const fan = await member();
    await db().insert(postLikes).values({ postId: post.id, userId: fan.user.id });
    await visit(`/post/${post.id}`);
    expect(status(await visit(`/post/${post.id}`))).toBe("HIT");
    // The member gets their own page (their like pressed), not the visitors'.
    const own = await visit(`/post/${post.id}`, { Cookie: fan.cookie });
    expect(status(own)).toBeNull();
    expect(own.html).toMatch(/name="like" value="false" aria-pressed="true"/);
    expect((await visit(`/@${star.username}`, { Cookie: fan.cookie })).status).toBe(302);
    // Nothing a member was answered is kept.
    const fresh = await createPost(star.id);
    await visit(`/post/${fresh.id}`, { Cookie: fan.cookie });
    await visit(`/post/${fresh.id}`, { Cookie: `${fan.cookie}; theme=dark` });
    expect(await cache().match(keyOf(`/post/${fresh.id}`))).toBeUndefined();
    expect(await cache().match(keyOf(`/post/${fresh.id}`, "dark"))).toBeUndefined();
    // A session cookie that names no session is no visitor's request either.
    const unknown = await visit(`/post/${fresh.id}`, { Cookie: "session=abcdefghijklmnopqrstuvwxyz234567" });
    expect(status(unknown)).toBeNull();
    expect(await cache().match(keyOf(`/post/${fresh.id}`))).toBeUndefined();
  });

  it("a request with a flash toast is rendered (the toast shown) and never kept", async () => {
    const star = await createUser();
    const post = await createPost(star.id);
    // A visitor without JavaScript who pressed Like lands on sign-in with the toast cookie; here it
    // comes back to the post's page instead.
    const refused = await send(formPost(`/post/${post.id}`, { like: "true", returnTo: `/post/${post.id}` }));
    expect(toastOf(refused)).toBe("Please sign in to like posts");
    const toast = refused.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="))!.split(";")[0]!;
    const page = await visit(`/post/${post.id}`, { Cookie: toast });
    expect(page.html).toContain("Please sign in to like posts");
    expect(status(page)).toBeNull();
    expect(page.headers.get("X-Edge-Cacheable")).toBeNull();
    expect(await cache().match(keyOf(`/post/${post.id}`))).toBeUndefined();
  });

  it("stores only a 200 its route marked, that sets no cookie", async () => {
    const ctx = createExecutionContext();
    const cases: [string, Response][] = [
      ["with Set-Cookie", renderedPage({ headers: { ...EDGE_CACHEABLE, "Set-Cookie": "toast=x; Path=/" } })],
      ["a 404", renderedPage({ status: 404, headers: EDGE_CACHEABLE })],
      ["not marked", renderedPage({})],
      ["marked", renderedPage({ headers: EDGE_CACHEABLE })],
    ];
    for (const [name, response] of cases) {
      const path = `/@edge_${name.replaceAll(/\W/g, "_")}_${crypto.randomUUID().slice(0, 8)}`;
      const answer = await serveFromEdgeCache(new Request(`${ORIGIN}${path}`), ctx, { origin: ORIGIN, path, theme: "light" }, {
        render: async () => response,
        dress: (dressed) => dressed,
        build: "test",
      });
      expect(answer.headers.get("X-Edge-Cacheable"), name).toBeNull();
      await waitOnExecutionContext(ctx);
      expect(Boolean(await cache().match(keyOf(path))), name).toBe(name === "marked");
    }
  });

  it("is purged when the member posts, deletes a post or reposts", async () => {
    const author = await member();
    const path = `/@${author.user.username}`;
    await visit(path);
    expect(status(await visit(path))).toBe("HIT");

    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: "brand new thought", returnTo: "/" })) form.set(name, value);
    expect((await send(new Request(`${ORIGIN}/compose`, { method: "POST", body: form, headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, Cookie: author.cookie }, redirect: "manual" }))).status).toBe(302);
    const afterPost = await visit(path);
    expect(status(afterPost)).toBe("MISS");
    expect(afterPost.html).toContain("brand new thought");

    const created = (await db().select().from(posts).where(eq(posts.userId, author.user.id)))[0]!;
    await visit(path);
    await visit(`/post/${created.id}`);
    const deleted = await send(formPost(`/post/${created.id}/delete`, { intent: "delete", returnTo: "/" }, { Cookie: author.cookie }));
    expect(deleted.status).toBe(302);
    const afterDelete = await visit(path);
    expect(status(afterDelete)).toBe("MISS");
    expect(afterDelete.html).not.toContain("brand new thought");
    // Its own page is gone for visitors too.
    expect((await visit(`/post/${created.id}`)).status).toBe(404);

    const other = await createUser();
    const original = await createPost(other.id, { content: "worth repeating" });
    await visit(path);
    const reposted = await send(formPost(`/post/${original.id}`, { repost: "true", returnTo: path }, { Cookie: author.cookie }));
    expect(reposted.status).toBe(302);
    const afterRepost = await visit(path);
    expect(status(afterRepost)).toBe("MISS");
    expect(afterRepost.html).toContain("worth repeating");
  });

  it("is purged by purgePublicProfile, as a profile or settings save calls it", async () => {
    const star = await createUser({ bio: "Old bio" });
    const path = `/@${star.username}`;
    await visit(path);
    expect((await visit(path)).html).toContain("Old bio");
    await db().update(users).set({ bio: "New bio" }).where(eq(users.id, star.id));
    await db().update(memberSettings).set({ indexProfile: false }).where(eq(memberSettings.userId, star.id));
    // Until the purge, visitors get the stored page.
    expect((await visit(path)).html).toContain("Old bio");
    const context = createLoadContext(new Request(`${ORIGIN}/settings`), env, createExecutionContext());
    await purgePublicProfile(context, star.username);
    const after = await visit(path);
    expect(status(after)).toBe("MISS");
    expect(after.html).toContain("New bio");
    expect(metaContent(after.html, "name", "robots")).toBe("noindex");
  });

  it("is purged by the member's own saves: the profile form, privacy, and a new avatar", async () => {
    const star = await member({ bio: "Old bio" });
    const path = `/@${star.user.username}`;
    const cached = async () => {
      await visit(path);
      const again = await visit(path);
      expect(status(again)).toBe("HIT");
      return again;
    };
    const save = (target: string, fields: Record<string, string>) => send(formPost(target, fields, { Cookie: star.cookie }));

    expect((await cached()).html).toContain("Old bio");
    const profile = { intent: "profile-settings", displayName: "Renamed Star", bio: "New bio", location: "", website: "", avatarUrl: "" };
    expect((await save("/settings/profile.data", profile)).status).toBe(200);
    const edited = await visit(path);
    expect(status(edited)).toBe("MISS");
    expect(edited.html).toContain("New bio");
    expect(edited.html).toContain("Renamed Star");

    await cached();
    const privacy = { intent: "privacy-settings", profileVisibility: "public", postVisibility: "public", allowDirectMessages: "everyone", showActivity: "on" };
    expect((await save("/settings/privacy.data", privacy)).status).toBe(200);
    const unindexed = await visit(path);
    expect(status(unindexed)).toBe("MISS");
    expect(metaContent(unindexed.html, "name", "robots")).toBe("noindex");

    await cached();
    const photo = new FormData();
    photo.set("intent", "avatar");
    photo.set("photo", new File([TINY_PNG], "me.png", { type: "image/png" }));
    const uploaded = await send(new Request(`${ORIGIN}/profile.data?index`, { method: "POST", body: photo, headers: { Cookie: star.cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host } }));
    expect(uploaded.status).toBe(200);
    const withAvatar = await visit(path);
    expect(status(withAvatar)).toBe("MISS");
    expect(metaContent(withAvatar.html, "property", "og:image")).toMatch(/\/media\/images\/avatars\//);
  });

  it("is purged when what it shows of subscriptions changes: the price, the offering, a verified badge bought", async () => {
    const star = await member();
    await db().update(users).set({ verifiedType: "user" }).where(eq(users.id, star.user.id));
    const path = `/@${star.user.username}`;
    const cached = async () => {
      await visit(path);
      expect(status(await visit(path))).toBe("HIT");
    };
    const save = (target: string, fields: Record<string, string>) => send(formPost(target, fields, { Cookie: star.cookie }));

    expect((await save("/settings/profile.data", { intent: "subscription-price", price: "9.99" })).status).toBe(200);
    await cached();
    expect((await save("/settings/profile.data", { intent: "subscription-price", price: "3.00" })).status).toBe(200);
    const repriced = await visit(path);
    expect(status(repriced)).toBe("MISS");
    expect(repriced.html).toContain("$3.00");

    await cached();
    expect((await save("/settings/profile.data", { intent: "subscription-offering", offer: "off" })).status).toBe(200);
    const withdrawn = await visit(path);
    expect(status(withdrawn)).toBe("MISS");
    expect(withdrawn.html).not.toContain("$3.00");

    const buyer = await member();
    const buyerPath = `/@${buyer.user.username}`;
    await visit(buyerPath);
    expect(status(await visit(buyerPath))).toBe("HIT");
    expect((await send(formPost("/verified.data", { intent: "verified-subscribe" }, { Cookie: buyer.cookie }))).status).toBe(200);
    const badged = await visit(buyerPath);
    expect(status(badged)).toBe("MISS");
    expect(badged.html).toContain("Verified User");
  });

  it("is purged when Stripe's webhook gives or takes a verified badge, and when the subscription job ends one", async () => {
    const secret = "whsec_purge_test";
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_purge", STRIPE_WEBHOOK_SECRET: secret };
    const webhook = async (event: object) => {
      const payload = JSON.stringify(event);
      const t = Math.floor(Date.now() / 1000);
      const ctx = createExecutionContext();
      const request = new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: payload, headers: { "Stripe-Signature": `t=${t},v1=${await stripeSignature(secret, t, payload)}` } });
      const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], stripeEnv as typeof env, ctx);
      await waitOnExecutionContext(ctx);
      return response;
    };
    const event = (type: string, object: object) => ({ id: `evt_${crypto.randomUUID()}`, type, created: Math.floor(Date.now() / 1000), data: { object } });
    const buyer = await member();
    const path = `/@${buyer.user.username}`;
    const cached = async (origin = ORIGIN) => {
      await visit(path, {}, origin);
      expect(status(await visit(path, {}, origin))).toBe("HIT");
    };

    await cached();
    const reference = `sub_${crypto.randomUUID()}`;
    const metadata = { kind: "verified", member_id: buyer.user.id, amount_cents: "800" };
    const paid = await webhook(event("checkout.session.completed", { id: `cs_${crypto.randomUUID()}`, mode: "subscription", payment_status: "paid", subscription: reference, metadata }));
    expect(await paid.json()).toMatchObject({ applied: true });
    const badged = await visit(path);
    expect(status(badged)).toBe("MISS");
    expect(badged.html).toContain("Verified User");

    await cached();
    expect(await (await webhook(event("customer.subscription.deleted", { id: reference }))).json()).toMatchObject({ applied: true });
    const unbadged = await visit(path);
    expect(status(unbadged)).toBe("MISS");
    expect(unbadged.html).not.toContain("Verified User");

    // The job has no request: it purges under the site's configured origin.
    const site = readConfig(env).origin;
    expect((await send(formPost("/verified.data", { intent: "verified-subscribe" }, { Cookie: buyer.cookie }))).status).toBe(200);
    expect((await send(formPost("/verified.data", { intent: "verified-cancel" }, { Cookie: buyer.cookie }))).status).toBe(200);
    await cached(site);
    expect((await visit(path, {}, site)).html).toContain("Verified User");
    const [running] = await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, buyer.user.id));
    await runScheduledMaintenance(env, running!.expiresAt.getTime() + 1, { all: false });
    const ended = await visit(path, {}, site);
    expect(status(ended)).toBe("MISS");
    expect(ended.html).not.toContain("Verified User");
  });

  it("is purged for a post's page when a comment is added", async () => {
    const star = await createUser();
    const post = await createPost(star.id);
    const fan = await member();
    await visit(`/post/${post.id}`);
    const commented = await send(formPost(`/post/${post.id}`, { intent: "comment", content: "first!", returnTo: `/post/${post.id}` }, { Cookie: fan.cookie }));
    expect(commented.status).toBe(302);
    const page = await visit(`/post/${post.id}`);
    expect(status(page)).toBe("MISS");
    expect(page.html).toContain("first!");
  });

  it("is purged when a block hides comments: both profiles and the blocker's posts the blocked member commented on last (BLOCK_PURGE.posts)", async () => {
    const author = await member();
    const heckler = await member();
    const commented = [];
    for (let i = 0; i <= BLOCK_PURGE.posts; i++) commented.push(await createPost(author.user.id, { content: `Post ${i} of the author` }));
    const untouched = await createPost(author.user.id, { content: "A post of the author no one answered" });
    // The first post's comment is the oldest: past the bound, its page keeps its copy.
    for (const [i, post] of commented.entries()) {
      const answer = await send(formPost(`/post/${post.id}`, { intent: "comment", content: `heckle ${i}`, returnTo: `/post/${post.id}` }, { Cookie: heckler.cookie }));
      expect(answer.status).toBe(302);
    }
    const [oldest, ...newest] = commented;
    // The heckler's repost of the author's post, on the heckler's profile until the block takes it back.
    const reposted = await send(formPost(`/post/${untouched.id}`, { intent: "repost", repost: "true", returnTo: `/post/${untouched.id}` }, { Cookie: heckler.cookie }));
    expect(reposted.status).toBe(302);
    const purged = [...newest.map((post) => `/post/${post.id}`), `/@${author.user.username}`, `/@${heckler.user.username}`];
    const kept = [`/post/${oldest!.id}`];
    for (const path of [...purged, ...kept]) await visit(path);
    for (const path of [...purged, ...kept]) expect(status(await visit(path)), path).toBe("HIT");
    expect((await visit(`/post/${newest[0]!.id}`)).html).toContain("heckle 1");
    expect((await visit(`/@${heckler.user.username}`)).html).toContain(untouched.content);

    const blocked = await send(formPost(`/profile/${heckler.user.username}/block`, { intent: "block", returnTo: `/profile/${heckler.user.username}` }, { Cookie: author.cookie }));
    expect(blocked.status).toBe(302);
    for (const path of purged) expect(status(await visit(path)), path).toBe("MISS");
    for (const [i, post] of newest.entries()) expect((await visit(`/post/${post.id}`)).html).not.toContain(`heckle ${i + 1}`);
    expect((await visit(`/@${heckler.user.username}`)).html).not.toContain(untouched.content);
    // Past the bound, a copy ages out by the cache's own limits.
    for (const path of kept) expect(status(await visit(path)), path).toBe("HIT");
  });

  it("a stale page is served once while a fresh one is rendered behind it", async () => {
    const star = await createUser({ bio: "Before" });
    const path = `/@${star.username}`;
    await visit(path);
    // The stored page, aged past its fresh time (X-Edge-Stored-At is when its render started).
    const stored = (await cache().match(keyOf(path)))!;
    const aged = new Headers(stored.headers);
    aged.set("X-Edge-Stored-At", String(Date.now() - 60_000));
    await cache().put(keyOf(path), new Response(await stored.text(), { headers: aged }));
    await db().update(users).set({ bio: "After" }).where(eq(users.id, star.id));
    const stale = await visit(path);
    expect(status(stale)).toBe("STALE");
    expect(stale.html).toContain("Before");
    const refreshed = await visit(path);
    expect(status(refreshed)).toBe("HIT");
    expect(refreshed.html).toContain("After");
  });

  it("a page stored by another build (an earlier deploy) is rendered again", async () => {
    const star = await createUser();
    const path = `/@${star.username}`;
    await visit(path);
    const stored = (await cache().match(keyOf(path)))!;
    const earlier = new Headers(stored.headers);
    earlier.set("X-Edge-Build", "an-earlier-deploy");
    await cache().put(keyOf(path), new Response(await stored.text(), { headers: earlier }));
    expect(status(await visit(path))).toBe("MISS");
    expect(status(await visit(path))).toBe("HIT");
  });

  it("a page rendered before a purge is never stored after it", async () => {
    const star = await createUser();
    const path = `/@${star.username}`;
    const ctx = createExecutionContext();
    // The render starts, the purge lands while it is under way, then the render finishes.
    const answer = serveFromEdgeCache(new Request(`${ORIGIN}${path}`), ctx, { origin: ORIGIN, path, theme: "light" }, {
      render: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await purgePublicProfile(createLoadContext(new Request(`${ORIGIN}/settings`), env, createExecutionContext()), star.username);
        return renderedPage({ headers: EDGE_CACHEABLE });
      },
      dress: (response) => response,
      build: "test",
    });
    expect((await answer).status).toBe(200);
    await waitOnExecutionContext(ctx);
    expect(await cache().match(keyOf(path))).toBeUndefined();
  });

  it("locally, X-Measure-Cache-Miss answers as a miss (the benchmark's cold row)", async () => {
    const star = await createUser();
    const path = `/@${star.username}`;
    await visit(path);
    expect(status(await visit(path))).toBe("HIT");
    const cold = await visit(path, { "X-Measure-Cache-Miss": "1", "X-Measure-Server-Time": "1" });
    expect(status(cold)).toBe("MISS");
    expect(Number(cold.headers.get("X-D1-Calls"))).toBeGreaterThan(0);
    expect(cold.headers.get("Server-Timing")).toMatch(/^total;dur=[\d.]+/);
    const cached = await visit(path, { "X-Measure-Server-Time": "1" });
    expect(status(cached)).toBe("HIT");
    expect(cached.headers.get("Server-Timing")).toMatch(/^total;dur=[\d.]+, d1;dur=0\.00/);
  });

});

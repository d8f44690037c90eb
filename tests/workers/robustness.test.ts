import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, mediaUploads, posts, postShares, reports } from "~/.server/db/schema";
import { createLoadContext } from "~/.server/context";
import { readConfig } from "~/.server/env";
import { requireLocalDevelopment } from "~/.server/http";
import { subjects } from "~/.server/limits";
import { FORM_MAX_BYTES, IMAGE_MAX_BYTES, PHOTO_FORM_MAX_BYTES, POST_FORM_MAX_BYTES, POST_MEDIA_DAILY_BYTES, RATE_LIMITS, SEARCH_QUERY_MAX_LENGTH, STRIPE_WEBHOOK_MAX_BYTES, TIME, type RateLimitName } from "~/lib/constants";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import { newId } from "~/.server/ids";
import { handleError } from "~/entry.server";
import worker from "../../workers/app";
import { unique } from "../fixtures/factories";
import { capturingD1, createPost, createUser, db, deployedEnv, fetchDeployed, fetchWorker, formPost, get, limiter, member, multipartPost, ORIGIN, planOf, TINY_PNG } from "./helpers";
import { getDb } from "~/.server/db/client";
import { postMediaAllowance } from "~/.server/media";

async function postCount(userId: string) {
  return (await db().select({ n: count() }).from(posts).where(eq(posts.userId, userId)).get())!.n;
}

describe("a request whose body is not a form is refused, on every action route", () => {
  const bodies: [string, BodyInit | null, Record<string, string>][] = [
    ["JSON", JSON.stringify({ content: "hi", intent: "post" }), { "Content-Type": "application/json" }],
    ["plain text", "content=hi&intent=post", { "Content-Type": "text/plain" }],
    ["no Content-Type", new Blob(["content=hi"]), {}],
    ["a broken multipart body", "--x\r\nContent-Disposition: form-data; name=\"con", { "Content-Type": "multipart/form-data; boundary=x" }],
  ];

  it("answers 400 (never 500) for every kind of body, and 405 for PUT, DELETE and PATCH; nothing is written", async () => {
    const { user, cookie } = await member();
    const post = await createPost(user.id);
    const routes = [
      "/auth",
      "/auth?signUp=true",
      "/forgot-password",
      "/reset-password",
      "/logout",
      "/compose",
      `/post/${post.id}`,
      `/post/${post.id}/delete`,
      // A comment's delete (decision 094); the body is refused before any comment is looked for.
      `/post/${post.id}/comments/${post.id}/delete`,
      `/post/${post.id}/report`,
      // A follower's removal (decision 098); the body is refused before the list's owner is checked.
      `/profile/${user.username}/followers/${user.username}/remove`,
      // A block (decision 100); the body is refused before the member is looked for.
      `/profile/${user.username}/block`,
      `/post/${post.id}/shares`,
      `/post/${post.id}/view`,
      "/uploads",
      "/theme",
      "/dev/fixtures",
    ];
    for (const route of routes) {
      for (const [kind, body, headers] of bodies) {
        const response = await fetchWorker(
          new Request(`${ORIGIN}${route}`, { method: "POST", body, headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, ...headers }, redirect: "manual" }),
        );
        expect(response.status, `${route} with ${kind}`).toBe(400);
      }
      for (const method of ["PUT", "DELETE", "PATCH"]) {
        const response = await fetchWorker(new Request(`${ORIGIN}${route}`, { method, body: "x", headers: { Origin: ORIGIN, Cookie: cookie } }));
        expect(response.status, `${method} ${route}`).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
      }
    }
    expect(await postCount(user.id)).toBe(1);
    expect((await get(`/post/${post.id}`, { Cookie: cookie })).status).toBe(200);
  });

  it("a broken multipart body to a page's action shows the page's error with a clear sentence", async () => {
    const { cookie } = await member();
    const response = await fetchWorker(
      new Request(`${ORIGIN}/compose`, { method: "POST", body: bodies[3]![1], headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, ...bodies[3]![2] } }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read. Please try again.");
  });

  it("conform's own field names sent by hand never make a 500: the field is dropped and the form answers as without it", async () => {
    const { user, cookie } = await member();
    const post = await createPost(user.id);
    const reserved: [string, string][] = [
      ["__intent__", "x"],
      ["__intent__", "{}"],
      ["__intent__", "null"],
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "email" } })],
      ["__intent__", JSON.stringify({ type: "remove", payload: { name: "content", index: 0 } })],
      ["__intent__", JSON.stringify({ type: "update", payload: { name: "__proto__", value: 1 } })],
      ["__state__", "x"],
    ];
    const forms: [string, Record<string, string>, Record<string, string>][] = [
      ["/auth", { mode: "sign-in", email: "nobody@example.com", password: "not the password" }, { "CF-Connecting-IP": unique("ip") }],
      ["/forgot-password", { email: "nobody@example.com" }, { "CF-Connecting-IP": unique("ip") }],
      ["/reset-password", { token: "x", password: "a new password 1", confirmPassword: "a new password 1" }, { "CF-Connecting-IP": unique("ip") }],
      [`/post/${post.id}`, { intent: "comment", content: "A reply by hand" }, { Cookie: cookie }],
      [`/post/${post.id}/report`, { intent: "report", reason: "spam" }, { Cookie: cookie }],
      ["/settings/privacy", { intent: "privacy-settings", profileVisibility: "public", postVisibility: "public", allowDirectMessages: "everyone" }, { Cookie: cookie }],
    ];
    for (const [path, fields, headers] of forms) {
      for (const [name, value] of reserved) {
        const body = new URLSearchParams(fields);
        body.append(name, value);
        const response = await fetchWorker(
          new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded", ...headers }, redirect: "manual" }),
        );
        expect(response.status, `${path} with ${name}=${value}`).toBeLessThan(500);
      }
    }
    // A post sent by hand with one is posted as the page would have posted it, once.
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: "Posted with a stray intent", clientId: crypto.randomUUID(), __intent__: "x" })) form.append(name, value);
    const posted = await multipartPost("/compose", form, { Cookie: cookie });
    expect(posted.status).toBeLessThan(500);
    expect(await postCount(user.id)).toBe(2);
  });

  it("an unknown theme is 400", async () => {
    const response = await fetchWorker(formPost("/theme", { theme: "sepia" }));
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("Remix's old ?_data request", () => {
  it("is 400 on every page, signed in or out, with any value (Remix answered 500 where a loader returns null)", async () => {
    const { cookie } = await member();
    const pages: [string, string][] = [
      ["/forgot-password", "routes/forgot-password"],
      ["/verified", "routes/_app.verified"],
      ["/communities/new", "routes/_app.communities_.new"],
      ["/terms", "routes/terms"],
    ];
    for (const [path, id] of pages) {
      for (const value of ["", id, "x"]) {
        for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
          const response = await get(`${path}?_data=${encodeURIComponent(value)}`, headers);
          expect(response.status, `${path}?_data=${value}`).toBe(400);
        }
      }
      expect((await fetchWorker(formPost(`${path}?_data=${id}`, {}, { Cookie: cookie }))).status).toBe(400);
      expect((await get(path, { Cookie: cookie })).status, path).toBeLessThan(400);
    }
  });
});

describe("addresses no page has (decision 071)", () => {
  it("a path with an encoded backslash is a page not found, signed in or out (the 404 page failed as a 500)", async () => {
    const { cookie } = await member();
    for (const path of ["/%5C", "/%5c%5C", "/%5C%3F", "/%5C/", "/%09%5C", "/%5Cevil.example?x=1", "/post/%5C"]) {
      const signedIn = await get(path, { Cookie: cookie });
      expect(signedIn.status, path).toBe(404);
      expect(await signedIn.text(), path).toContain("<html");
      expect((await get(path)).status, path).toBeLessThan(500);
    }
  });

  it("a room path that names no party is 404, even a name every object has ('__proto__', 'constructor')", async () => {
    const { cookie } = await member();
    for (const party of ["__proto__", "constructor", "toString", "hasOwnProperty", "no-such-party", ""]) {
      const response = await get(`/parties/${party}/x`, { Cookie: cookie, Upgrade: "websocket" });
      expect(response.status, party).toBe(404);
    }
  });

  it("OPTIONS is answered with the methods allowed, and no CORS", async () => {
    const response = await fetchWorker(new Request(`${ORIGIN}/`, { method: "OPTIONS", headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" } }));
    expect(response.status).toBe(204);
    expect(response.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

describe("search takes any query a person can type", () => {
  it.each([
    ["49 characters", "looking for the best running shoes for trail rac"],
    ["200 characters", "trail ".repeat(34).slice(0, 200)],
    ["2,000 characters", "a".repeat(2000)],
    ["17 CJK characters", "日本語の長い検索語句をここに書きます。"],
    ["punctuation only", "!!!???"],
    ["quotes and operators", '"NEAR(a b) OR NOT * ^x'],
  ])("%s: the feed answers 200 with results or the empty state, on both tabs", async (_, query) => {
    const { cookie } = await member();
    for (const tab of ["", "&tab=following"]) {
      const response = await get(`/?q=${encodeURIComponent(query)}${tab}`, { Cookie: cookie });
      expect(response.status, tab).toBe(200);
      const html = await response.text();
      expect(html).not.toContain("Unable to load posts");
    }
  });

  it("finds a post by a long query, cut at the documented length", async () => {
    const author = await createUser({ displayName: "Trailrunner Quinn" });
    const word = unique("longword").toLowerCase();
    const content = `${word} looking for the best running shoes for trail racing`;
    await createPost(author.id, { content });
    const { cookie } = await member();
    // Every word within the first SEARCH_QUERY_MAX_LENGTH characters is in the post; what follows is
    // not, and would match nothing if it were searched (every word must match).
    const searched = `${content} ${"trail ".repeat(20)}`.slice(0, SEARCH_QUERY_MAX_LENGTH);
    const long = `${searched}${" ".repeat(5)}zzzunmatched ${"y".repeat(500)}`;
    const html = await (await get(`/?q=${encodeURIComponent(long)}`, { Cookie: cookie })).text();
    expect(html).toMatch(new RegExp(`<article[^>]*>(?:(?!</article>).)*${content}`, "s"));
    // What the page says it searched is the cut query (the search box keeps what was typed).
    const banner = html.match(/Posts matching(?:(?!<\/p>).)*<\/p>/s)?.[0] ?? "";
    expect(banner).toContain(content);
    expect(banner).not.toContain("zzzunmatched");
    const byName = await (await get(`/?q=${encodeURIComponent("trailrunner quinn")}`, { Cookie: cookie })).text();
    expect(byName).toMatch(new RegExp(`<article[^>]*>(?:(?!</article>).)*${word}`, "s"));
  });
});

describe("a limit on every write", () => {
  /** Spends the member's limit for `name` directly on their counter. */
  async function spend(userId: string, name: RateLimitName) {
    expect(await limiter().hit([subjects.member(userId)], name, { count: RATE_LIMITS[name].max })).toEqual({ allowed: true });
  }

  it.each([
    ["post", "/compose", (_: string) => ({ intent: "post", content: "one too many" })],
    ["comment", "/post/:id", (_: string) => ({ intent: "comment", content: "one too many" })],
    ["like", "/post/:id", (_: string) => ({ like: "true" })],
    ["repost", "/post/:id", (_: string) => ({ repost: "true" })],
    ["bookmark", "/post/:id", (_: string) => ({ bookmark: "true" })],
    ["report", "/post/:id/report", (_: string) => ({ intent: "report", reason: "spam" })],
    ["share", "/post/:id/shares", (_: string) => ({ intent: "share", platform: "copy" })],
  ] as const)("%s: 429 with Retry-After and what to do, and nothing changes", async (name, path, fields) => {
    const author = await createUser();
    const post = await createPost(author.id);
    const { user, cookie } = await member();
    await spend(user.id, name);
    const url = path.replace(":id", post.id);
    // With JavaScript (a fetcher) the answer is data for a toast; without it, a page that says so.
    const fetcher = await fetchWorker(formPost(url.endsWith("shares") ? url : `${url}.data`, fields(post.id), { Cookie: cookie }));
    expect(fetcher.status).toBe(429);
    expect(Number(fetcher.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await fetcher.text()).toContain("You're doing that too often. Please wait");
    const page = await fetchWorker(formPost(url, { ...fields(post.id), returnTo: "/" }, { Cookie: cookie }));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("You're doing that too often. Please wait");
    const row = (await db().select().from(posts).where(eq(posts.id, post.id)).get())!;
    expect([row.likesCount, row.repostsCount, row.commentsCount, row.sharesCount]).toEqual([0, 0, 0, 0]);
    expect(await postCount(user.id)).toBe(0);
    expect(await db().select().from(reports).where(eq(reports.reportedBy, user.id)).all()).toEqual([]);
  });

  it("uploads: the spec's 'Too many uploads' with 429 and Retry-After", async () => {
    const { user, cookie } = await member();
    await spend(user.id, "upload");
    const form = new FormData();
    form.set("intent", "upload");
    form.set("kind", "image");
    form.set("file", new File([TINY_PNG], "x.png", { type: "image/png" }));
    const response = await multipartPost("/uploads", form, { Cookie: cookie });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBeTruthy();
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all()).toEqual([]);
  });

  it("files picked without JavaScript count as uploads: 'Too many uploads', and nothing is stored", async () => {
    const { user, cookie } = await member();
    expect(await limiter().hit([subjects.member(user.id)], "upload", { count: RATE_LIMITS.upload.max - 1 })).toEqual({ allowed: true });
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: "two photos", returnTo: "/" })) form.set(name, value);
    form.append("images", new File([TINY_PNG], "a.png", { type: "image/png" }));
    form.append("images", new File([TINY_PNG], "b.png", { type: "image/png" }));
    const response = await multipartPost("/compose", form, { Cookie: cookie });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBeTruthy();
    expect(await response.text()).toContain("Too many uploads. Please wait a moment and try again.");
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all()).toEqual([]);
    expect(await postCount(user.id)).toBe(0);
  });

  it("post media over the day's allowance (1 GB) is refused with and without JavaScript, until the oldest of the day's uploads leaves it", async () => {
    const { user, cookie } = await member();
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * TIME.HOUR);
    const earlier = { key: `videos/${newId()}.mp4`, userId: user.id, kind: "video" as const, purpose: "posts" as const, contentType: "video/mp4", size: POST_MEDIA_DAILY_BYTES - 10, createdAt: hoursAgo(23) };
    await db().insert(mediaUploads).values([earlier, { ...earlier, key: `images/avatars/${newId()}.png`, kind: "image", purpose: "avatars", contentType: "image/png", size: 10 * 1024 * 1024 }]);
    const stored = async () => (await db().select().from(mediaUploads).where(eq(mediaUploads.userId, user.id)).all()).length;
    const upload = () => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("kind", "image");
      form.set("file", new File([TINY_PNG], "x.png", { type: "image/png" }));
      return multipartPost("/uploads", form, { Cookie: cookie });
    };
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60 * 60);
    expect(await refused.json()).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.dailyLimit(POST_MEDIA_DAILY_BYTES) });
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: "one more photo", returnTo: "/" })) form.set(name, value);
    form.append("images", new File([TINY_PNG], "a.png", { type: "image/png" }));
    const page = await multipartPost("/compose", form, { Cookie: cookie });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain(UPLOAD_MESSAGES.dailyLimit(POST_MEDIA_DAILY_BYTES));
    expect(await stored()).toBe(2);
    expect(await postCount(user.id)).toBe(0);
    // The day's uploads are read from the member's own index, by time.
    const { spy, captured } = capturingD1();
    await postMediaAllowance(getDb(spy), user.id, 1);
    const details = await planOf(captured.find((statement) => statement.sql.includes('"media_uploads"'))!);
    expect(details.join("\n")).toMatch(/SEARCH media_uploads USING INDEX media_uploads_user_idx \(user_id=\? AND created_at>\?\)/);
    // A day after the big upload, the allowance is whole again.
    await db().update(mediaUploads).set({ createdAt: hoursAgo(25) }).where(eq(mediaUploads.key, earlier.key));
    expect((await upload()).status).toBe(200);
    expect(await stored()).toBe(3);
  });

  it("limits are each member's own: another member still posts", async () => {
    const spent = await member();
    await spend(spent.user.id, "post");
    const other = await member();
    const response = await fetchWorker(formPost("/compose", { intent: "post", content: "still fine", returnTo: "/" }, { Cookie: other.cookie }));
    expect(response.status).toBe(302);
  });
});

describe("shares", () => {
  it("count once per member, post and platform: sharing the same way again is no new share", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const { user, cookie } = await member();
    for (const platform of ["copy", "copy", "twitter", "copy"]) {
      expect((await fetchWorker(formPost(`/post/${post.id}/shares`, { intent: "share", platform }, { Cookie: cookie }))).status).toBe(200);
    }
    expect((await db().select().from(posts).where(eq(posts.id, post.id)).get())?.sharesCount).toBe(2);
    expect(await db().select().from(postShares).where(and(eq(postShares.postId, post.id), eq(postShares.userId, user.id))).all()).toHaveLength(2);
  });
});

describe("reports", () => {
  it("one's own post cannot be reported, nor a post one may not see; nothing is stored", async () => {
    const { user, cookie } = await member();
    const own = await createPost(user.id);
    const author = await createUser();
    const locked = await createPost(author.id, { isSubscriberOnly: true });
    const mine = await fetchWorker(formPost(`/post/${own.id}/report.data`, { intent: "report", reason: "spam" }, { Cookie: cookie }));
    expect(mine.status).toBe(403);
    expect(await mine.text()).toContain(POST_MESSAGES.ownReport);
    const hidden = await fetchWorker(formPost(`/post/${locked.id}/report.data`, { intent: "report", reason: "spam" }, { Cookie: cookie }));
    expect(hidden.status).toBe(404);
    expect((await get(`/post/${locked.id}/report`, { Cookie: cookie })).status).toBe(404);
    expect((await get(`/post/${own.id}/report`, { Cookie: cookie })).status).toBe(403);
    // Neither card offers what would only be refused: no Report on one's own, no Share of a locked one.
    expect(await (await get(`/post/${own.id}`, { Cookie: cookie })).text()).not.toContain(`/post/${own.id}/report`);
    const lockedPage = await (await get(`/post/${locked.id}`, { Cookie: cookie })).text();
    expect(lockedPage).not.toContain(`/post/${locked.id}/report`);
    expect(lockedPage).not.toContain(`/post/${locked.id}/share`);
    expect(await db().select().from(reports).where(eq(reports.reportedBy, user.id)).all()).toEqual([]);
  });
});

describe("headers and cookies", () => {
  it("https answers carry Strict-Transport-Security; plain-http localhost does not", async () => {
    const secure = await fetchDeployed(new Request("https://murmur.example/auth", { headers: { Host: "murmur.example" } }));
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/^max-age=31536000; includeSubDomains$/);
    expect((await get("/auth")).headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("pages with actions keep their loader's headers: the reset page, whose address holds a token, is never stored", async () => {
    expect((await get("/reset-password?token=x")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("a forged toast cookie is not shown; a real one is signed, and Secure over https", async () => {
    const forged = btoa(JSON.stringify({ id: "x", type: "error", message: "Your account is locked, call 555-0100" }));
    for (const value of [forged, `${forged}.not-a-signature`]) {
      const page = await get("/auth", { Cookie: `toast=${encodeURIComponent(value)}` });
      expect(await page.text()).not.toContain("Your account is locked");
    }
    const response = await fetchDeployed(
      new Request("https://murmur.example/theme", {
        method: "POST",
        body: new URLSearchParams({ theme: "dark", returnTo: "/" }),
        headers: { Origin: "https://murmur.example", Host: "murmur.example", "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(302);
    const signOut = await fetchDeployed(new Request("https://murmur.example/logout", {
      method: "POST",
      body: new URLSearchParams({}),
      headers: { Origin: "https://murmur.example", Host: "murmur.example", "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    }));
    const toast = signOut.headers.getSetCookie().find((cookie) => cookie.startsWith("toast="));
    expect(toast).toMatch(/^toast=[^;]+\.[^;]+;/);
    expect(toast).toContain("Secure");
  });

  it("password-reset links use the configured origin, never the request's Host", async () => {
    const user = await createUser();
    const response = await fetchDeployed(
      new Request("https://evil.example/forgot-password", {
        method: "POST",
        body: new URLSearchParams({ email: user.email }),
        headers: { Origin: "https://evil.example", Host: "evil.example", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": unique("ip") },
      }),
    );
    expect(response.status).toBe(200);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email)).get();
    expect(mail?.textBody).toContain("https://murmur.example/reset-password?token=");
    expect(mail?.textBody).not.toContain("evil.example");
  });

  it("development pages exist only on a local Worker reached at localhost", async () => {
    expect((await get("/dev/outbox")).status).toBe(200);
    // A deploy has none; a local Worker refuses any other host (below).
    const elsewhere = await fetchDeployed(new Request("https://murmur.example/dev/outbox"));
    expect(elsewhere.status).toBe(404);
    const local = new Request("http://localhost/dev/outbox");
    expect(() => requireLocalDevelopment(local, { isLocal: false })).toThrow();
    expect(() => requireLocalDevelopment(local, { isLocal: true })).not.toThrow();
  });
});

describe("the cookie secret", () => {
  it("a Worker without its own COOKIE_SECRET signs with the embedded one only for localhost", () => {
    const ctx = createExecutionContext();
    const withoutSecret = (vars: { ENVIRONMENT: string; APP_ORIGIN: string }) => ({ ...env, COOKIE_SECRET: undefined, ...vars }) as unknown as Env;
    const local = withoutSecret({ ENVIRONMENT: "development", APP_ORIGIN: "http://localhost:8787" });
    expect(() => createLoadContext(new Request("http://localhost:8787/"), local, ctx)).not.toThrow();
    // The development vars deployed as they are: anyone could forge its cookies (a trusted device).
    expect(() => createLoadContext(new Request("https://murmur.example/"), local, ctx)).toThrow(/COOKIE_SECRET/);
    const production = withoutSecret({ ENVIRONMENT: "production", APP_ORIGIN: "https://murmur.example" });
    expect(() => createLoadContext(new Request("https://murmur.example/"), production, ctx)).toThrow(/COOKIE_SECRET/);
  });
});

describe("a limit on every form's size (decision 070)", () => {
  /** A body sent as a stream, without a Content-Length (as a client may): read as it arrives. */
  const streamed = (path: string, body: string, headers: Record<string, string> = {}) => {
    const bytes = new TextEncoder().encode(body);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.slice(at, at + 16 * 1024));
        controller.close();
      },
    });
    const request = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: stream,
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("Content-Length")).toBeNull();
    return fetchWorker(request);
  };

  it("a form without files past FORM_MAX_BYTES is refused 413, by its Content-Length or as it arrives", async () => {
    const { user, cookie } = await member();
    const junk = "x".repeat(FORM_MAX_BYTES);
    // A visitor's form, with its length (refused before routing), then without one.
    const refused = await fetchWorker(formPost("/theme", { theme: "dark", junk }));
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe("This form is too large to send.");
    expect((await streamed("/theme", new URLSearchParams({ theme: "dark", junk }).toString())).status).toBe(413);
    // Just under the limit it is read, either way.
    const under = new URLSearchParams({ theme: "dark", junk: junk.slice(0, FORM_MAX_BYTES - 100) }).toString();
    expect((await streamed("/theme", under)).status).toBeLessThan(400);
    expect((await fetchWorker(formPost("/theme", { theme: "dark", junk: junk.slice(0, FORM_MAX_BYTES - 100) }))).status).toBeLessThan(400);
    // A member's action, in both encodings and without a length; nothing is written.
    const post = await createPost(user.id);
    expect((await fetchWorker(formPost(`/post/${post.id}/report`, { intent: "report", reason: "Spam", junk }, { Cookie: cookie }))).status).toBe(413);
    expect((await streamed(`/post/${post.id}/report`, new URLSearchParams({ intent: "report", reason: "Spam", junk }).toString(), { Cookie: cookie })).status).toBe(413);
    const multipart = new FormData();
    for (const [name, value] of Object.entries({ intent: "report", reason: "Spam", junk })) multipart.set(name, value);
    expect((await multipartPost(`/post/${post.id}/report`, multipart, { Cookie: cookie })).status).toBe(413);
    expect(await db().select().from(reports).where(eq(reports.postId, post.id)).all()).toEqual([]);
  });

  it("Stripe's webhook reads at most STRIPE_WEBHOOK_MAX_BYTES, by its Content-Length or as it arrives: 413, never held whole", async () => {
    const junk = JSON.stringify({ junk: "x".repeat(STRIPE_WEBHOOK_MAX_BYTES) });
    const headers = { "Stripe-Signature": "t=1,v1=x", "Content-Type": "application/json" };
    const length = String(new TextEncoder().encode(junk).byteLength);
    const declared = new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: junk, headers: { ...headers, "Content-Length": length } });
    expect(declared.headers.get("Content-Length")).toBe(length);
    expect((await fetchWorker(declared)).status).toBe(413);
    expect((await streamed("/webhooks/stripe", junk, headers)).status).toBe(413);
    // A body that never ends is refused once past the size, not waited for to its end.
    const chunk = new Uint8Array(64 * 1024).fill(120);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > STRIPE_WEBHOOK_MAX_BYTES + chunk.byteLength) return new Promise<void>(() => {}); // and then nothing, ever
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: endless, headers, duplex: "half" } as RequestInit);
    expect((await fetchWorker(request)).status).toBe(413);
    // Under it, the body is read and handed on (here: Stripe is not configured, 404).
    const small = JSON.stringify({ id: "evt_1" });
    expect((await streamed("/webhooks/stripe", small, headers)).status).toBe(404);
    expect((await fetchWorker(new Request(`${ORIGIN}/webhooks/stripe`, { method: "POST", body: small, headers }))).status).toBe(404);
  });

  it("forms with files are read up to their own size: a post's with its files, a photo's with one; a visitor's never past a form without files", async () => {
    const { cookie } = await member();
    const junk = "x".repeat(FORM_MAX_BYTES);
    const post = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: `larger forms ${unique()}`, returnTo: "/", junk })) post.set(name, value);
    post.set("images", new File([TINY_PNG], "a.png", { type: "image/png" }));
    expect((await multipartPost("/compose", post, { Cookie: cookie })).status).toBe(302);
    // A photo a little over its limit is refused with the limit's words, not a 413.
    const photo = new FormData();
    photo.set("intent", "avatar");
    photo.set("photo", new File([new Uint8Array(IMAGE_MAX_BYTES + 1024)], "big.png", { type: "image/png" }));
    const avatar = await multipartPost("/profile?index", photo, { Cookie: cookie });
    expect(avatar.status).not.toBe(413);
    // Past a photo form's size: 413, saying what an image may weigh.
    photo.set("photo", new File([new Uint8Array(PHOTO_FORM_MAX_BYTES)], "huge.png", { type: "image/png" }));
    const huge = await multipartPost("/profile?index", photo, { Cookie: cookie });
    expect(huge.status).toBe(413);
    // Without JavaScript the refusal is a page (in the shell) that says so.
    expect(await huge.text()).toContain("This form is too large to send. An image can be up to 5MB.");
    // Before routing: no form is larger than a post with all its files, and a visitor's none with files.
    const declaring = (bytes: number, headers: Record<string, string> = {}) =>
      fetchWorker(
        new Request(`${ORIGIN}/compose`, {
          method: "POST",
          body: "x",
          headers: { Origin: ORIGIN, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(bytes), ...headers },
        }),
      );
    expect((await declaring(POST_FORM_MAX_BYTES + 1, { Cookie: cookie })).status).toBe(413);
    expect((await declaring(FORM_MAX_BYTES + 1)).status).toBe(413);
  });
});

describe("a deploy's configuration (decision 070)", () => {
  it("a production Worker without Stripe's secrets refuses to start unless told to take test payments", () => {
    const ctx = createExecutionContext();
    const request = new Request("https://murmur.example/");
    const production = (vars: Record<string, string>) => deployedEnv({ PAYMENTS: undefined, ...vars });
    expect(() => createLoadContext(request, production({}), ctx)).toThrow(/STRIPE_SECRET_KEY/);
    // An empty secret is none.
    expect(() => createLoadContext(request, production({ STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" }), ctx)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => createLoadContext(request, production({ PAYMENTS: "stripe" }), ctx)).toThrow();
    expect(() => createLoadContext(request, production({ PAYMENTS: "test" }), ctx)).not.toThrow();
    expect(() => createLoadContext(request, production({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }), ctx)).not.toThrow();
    // Local development needs neither.
    expect(() => createLoadContext(new Request("http://localhost:8787/"), { ...env, ENVIRONMENT: "development" } as unknown as Env, ctx)).not.toThrow();
  });

  it("a Worker at a site's address that forgot ENVIRONMENT refuses to start rather than run as a local one", () => {
    const ctx = createExecutionContext();
    const request = new Request("https://murmur.example/");
    for (const ENVIRONMENT of ["development", "test"]) {
      const forgot = { ...env, ENVIRONMENT, APP_ORIGIN: "https://murmur.example", PAYMENTS: "test" } as unknown as Env;
      expect(() => createLoadContext(request, forgot, ctx)).toThrow(/ENVIRONMENT must be/);
    }
    expect(createLoadContext(request, deployedEnv(), ctx).config.isLocal).toBe(false);
  });
});

describe("a deploy's configuration (decision 075)", () => {
  it("a local configuration answers localhost only, even with a COOKIE_SECRET: deployed as it is, it refuses every request", async () => {
    const ctx = createExecutionContext();
    // The committed development vars, with a cookie secret of its own (the tests' bindings carry one).
    const local = { ...env, ENVIRONMENT: "development", APP_ORIGIN: "http://localhost:8787" } as unknown as Env;
    expect(readConfig(local).usesLocalSecret).toBe(false);
    for (const url of ["http://localhost:8787/", "http://localhost/", "http://127.0.0.1:8787/", "https://localhost/"]) {
      expect(() => createLoadContext(new Request(url), local, ctx)).not.toThrow();
    }
    for (const url of ["https://murmur.example/", "https://murmur.someone.workers.dev/verified", "http://localhost.evil.example/"]) {
      expect(() => createLoadContext(new Request(url), local, ctx)).toThrow(/ENVIRONMENT is "development": a local Worker answers only localhost/);
    }
    // Through the worker: pages, a room's handshake (both go through the load context) and Stripe's webhook.
    const pages = worker.fetch(new Request("https://murmur.example/verified") as Parameters<typeof worker.fetch>[0], local, ctx);
    await expect(pages).rejects.toThrow(/answers only localhost/);
    const room = worker.fetch(new Request("https://murmur.example/parties/feed-room/public-0", { headers: { Upgrade: "websocket" } }) as Parameters<typeof worker.fetch>[0], local, ctx);
    await expect(room).rejects.toThrow(/answers only localhost/);
    const webhook = new Request("https://murmur.example/webhooks/stripe", { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=x" } });
    expect((await worker.fetch(webhook as Parameters<typeof worker.fetch>[0], local, ctx)).status).toBe(500);
    // A deploy's configuration answers its own address.
    expect(() => createLoadContext(new Request("https://murmur.example/"), deployedEnv(), ctx)).not.toThrow();
  });

  it("a production Worker whose APP_ORIGIN is localhost, or still the placeholder, refuses to start", () => {
    const ctx = createExecutionContext();
    for (const APP_ORIGIN of ["http://localhost:8787", "http://127.0.0.1:8787", "https://localhost"]) {
      const request = new Request("https://murmur.example/");
      expect(() => createLoadContext(request, deployedEnv({ APP_ORIGIN }), ctx)).toThrow(`APP_ORIGIN is ${new URL(APP_ORIGIN).origin} in production`);
    }
    const placeholder = deployedEnv({ APP_ORIGIN: "https://murmur.<your-subdomain>.workers.dev" });
    expect(() => createLoadContext(new Request("https://murmur.example/"), placeholder, ctx)).toThrow(/APP_ORIGIN must be the site's address/);
    expect(readConfig(deployedEnv({ APP_ORIGIN: "https://murmur.example/" })).origin).toBe("https://murmur.example");
    // Never plain http on the internet: reset links and Stripe's return addresses are built from it (decision 124).
    expect(() => readConfig(deployedEnv({ APP_ORIGIN: "http://murmur.example" }))).toThrow("APP_ORIGIN is http://murmur.example in production: a site's address starts with https://");
  });

  it("over plain http beyond this machine, a page is sent to its https address and a form is refused; this machine is served over http (decision 124)", async () => {
    for (const method of ["GET", "HEAD"]) {
      const page = await fetchDeployed(new Request("http://murmur.example/@someone?cursor=x", { method, redirect: "manual" }));
      expect([page.status, page.headers.get("Location")]).toEqual([308, "https://murmur.example/@someone?cursor=x"]);
    }
    const form = await fetchDeployed(new Request("http://murmur.example/auth", { method: "POST", body: new URLSearchParams({ email: "a@b.example", password: "in the clear" }) }));
    expect([form.status, await form.text()]).toEqual([403, "Use https:// to reach this site."]);
    expect((await get("/terms")).status).toBe(200);
    expect((await fetchWorker(new Request("http://127.0.0.1/terms"))).status).toBe(200);
  });
});

describe("a file's name at the root (decision 124)", () => {
  it("is a plain 404, read without a session, for a visitor and a member; a page's data (.data) is still a page's", async () => {
    const { cookie } = await member();
    for (const path of ["/favicon.ico", "/apple-touch-icon.png", "/sitemap.xml", "/wp-login.php"]) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const answer = await get(path, headers);
        expect([answer.status, answer.headers.get("Content-Type"), answer.headers.get("X-D1-Calls"), await answer.text()]).toEqual([404, "text/plain; charset=utf-8", null, "Not Found"]);
      }
    }
    // A visitor still goes to sign in from a page that is not there, and a page's data is answered.
    expect((await get("/no-such-page")).status).toBe(302);
    expect((await get("/explore.data", { Cookie: cookie })).status).toBe(200);
  });
});

describe("uploads are checked through to their end", () => {
  it("a truncated PNG and a PNG with a web page after it are refused; the same upload twice in one post is attached once", async () => {
    const { user, cookie } = await member();
    const upload = (bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.set("intent", "upload");
      form.set("kind", "image");
      form.set("file", new File([bytes], "x.png", { type: "image/png" }));
      return multipartPost("/uploads", form, { Cookie: cookie });
    };
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    for (const bytes of [TINY_PNG.slice(0, 40), TINY_PNG.slice(0, 8), new Uint8Array([...TINY_PNG, ...html])]) {
      const response = await upload(bytes);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ ok: false, message: "Supported formats: JPEG, PNG, GIF, WebP" });
    }
    const { key } = (await (await upload(TINY_PNG)).json()) as { key: string };
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "post", content: "twice the same", returnTo: "/" })) form.set(name, value);
    form.append("imageKeys", key);
    form.append("imageKeys", key);
    expect((await multipartPost("/compose", form, { Cookie: cookie })).status).toBe(302);
    const created = await db().select().from(posts).where(eq(posts.userId, user.id)).get();
    expect(created?.mediaUrls).toEqual([`/media/${key}`]);
  });
});

describe("the log", () => {
  it("keeps Remix's refusals of what was asked (a POST to a page with no action, an address no route has) to one line, for our own pages' requests only; every error of the worker's own in full", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const cookie = (await member()).cookie;
      expect((await fetchWorker(formPost("/terms", { intent: "anything" }, { Cookie: cookie }))).status).toBe(405);
      expect((await get("/no/such/page/here", { Cookie: cookie })).status).toBe(404);
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
      // Asked by one of our own pages: a form or link of ours points nowhere, said in one line.
      expect((await fetchWorker(formPost("/terms", { intent: "anything" }, { Cookie: cookie, "Sec-Fetch-Site": "same-origin" }))).status).toBe(405);
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(warnings.mock.calls[0]?.[0]).toMatch(/^405 POST \/terms: /);
      expect(errors).not.toHaveBeenCalled();
      // An error of the worker's own is logged, as Remix logs it by default.
      const failure = new Error("a loader broke");
      handleError(failure, { request: new Request(`${ORIGIN}/`), params: {}, context: {} as never });
      expect(errors).toHaveBeenCalledWith(failure);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });
});

import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { TIME } from "~/lib/constants";
import { createSession, generateSessionToken, hashToken } from "~/.server/auth/session";
import { hashPassword } from "~/.server/auth/password";
import { getDb } from "~/.server/db/client";
import { createPost as composePost } from "~/.server/posts/create";
import { recordView, setBookmark, setLike, setRepost, sharePost } from "~/.server/posts/interactions";
import { addComment, setCommentLike } from "~/.server/comments";
import { setFollow } from "~/.server/follows";
import { Limiter } from "~/.server/limits";
import { memberSettings, posts, users } from "~/.server/db/schema";
import type { Mailer, MailMessage } from "~/.server/mail";
import type { SessionViewer } from "~/.server/viewer";
import type { FeedPage } from "~/lib/types/post";
import worker from "../../workers/app";
import { buildPost, buildUser, type PostRow, type UserRow } from "../fixtures/factories";

export const db = () => getDb(env.DB);

/** The rate limiter the worker uses (its Durable Objects, in this workerd). */
export const limiter = () => new Limiter(env.RateLimiter);

export const TEST_PASSWORD = "correct horse";
let testPasswordHash: string | undefined;

/** A member in the database whose password is TEST_PASSWORD (hashed once per test file). */
export async function createUser(overrides: Partial<UserRow> = {}) {
  testPasswordHash ??= await hashPassword(TEST_PASSWORD);
  const user = buildUser(testPasswordHash, overrides);
  await db().batch([db().insert(users).values(user), db().insert(memberSettings).values({ userId: user.id })]);
  return user;
}

/**
 * A post row as given. A repost made so (`repostedFromPostId`) has no post_reposts row, so its original
 * does not count it: use `setRepost` where a repost is to be found through its original's count (Home's
 * search by a name, decision 112).
 */
export async function createPost(userId: string, overrides: Partial<Omit<PostRow, "searchWords">> = {}) {
  const post = buildPost(userId, overrides);
  await db().insert(posts).values(post);
  return post;
}

export const ORIGIN = "http://localhost";

/** A same-origin form post to the worker, as a browser would send it. */
export function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

/** Drizzle wraps D1 errors ("Failed query: …"); the SQLite reason is in the cause. */
export async function sqliteError(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  return "no error";
}

/** A session cookie for the member, made directly (as the e2e fixtures of the Epic Stack do). */
export async function sessionCookieFor(userId: string) {
  const token = generateSessionToken();
  await createSession(db(), token, userId);
  return `session=${token}`;
}

/** A member with a session cookie (the usual start of a test that is not about signing in). */
export async function member(overrides: Partial<UserRow> = {}) {
  const user = await createUser(overrides);
  return { user, cookie: await sessionCookieFor(user.id) };
}

/** Requests through the real worker (routing, guards, headers), as a browser would send them. */
export const fetchWorker = (request: Request) => exports.default.fetch(request);

/** The bindings of a deploy at https://murmur.example (test payments, mail kept in the outbox), with `vars` over them. */
export const deployedEnv = (vars: Record<string, string | undefined> = {}) =>
  ({ ...env, ENVIRONMENT: "production", APP_ORIGIN: "https://murmur.example", PAYMENTS: "test", MAIL: "outbox", SUPPORT_EMAIL: "support@murmur.example", ...vars }) as unknown as Env;

const deployed = deployedEnv();

/**
 * A request through the real worker configured as a deploy (the tests' own bindings are local ones,
 * which answer localhost only), its waitUntil work (a reset mail sent after the answer) awaited.
 */
export async function fetchDeployed(request: Request, bindings: Env = deployed): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

export function get(path: string, headers: Record<string, string> = {}) {
  return fetchWorker(new Request(`${ORIGIN}${path}`, { headers: { Host: new URL(ORIGIN).host, ...headers }, redirect: "manual" }));
}

export function multipartPost(path: string, body: FormData, headers: Record<string, string> = {}) {
  return fetchWorker(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body,
      headers: { Origin: ORIGIN, Host: new URL(ORIGIN).host, ...headers },
      redirect: "manual",
    }),
  );
}

/** The flash toast a redirect carries (the signed cookie the root loader reads: base64 JSON, a dot, the signature). */
export function toastOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("toast="));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.split(";")[0]!.slice("toast=".length));
  const json = new TextDecoder().decode(Uint8Array.from(atob(value.slice(0, value.lastIndexOf("."))), (c) => c.charCodeAt(0)));
  return (JSON.parse(decodeURIComponent(json)) as { message: string }).message;
}

/** A real 1×1 PNG (70 bytes), whole and nothing after it: what an upload's check by bytes accepts. */
export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** An ISO box: its size, its four-letter name, its contents. */
function isoBox(name: string, contents: Uint8Array): Uint8Array {
  const box = new Uint8Array(8 + contents.length);
  new DataView(box.buffer).setUint32(0, box.length);
  box.set(Uint8Array.from(name, (c) => c.charCodeAt(0)), 4);
  box.set(contents, 8);
  return box;
}

/** The smallest MP4 the upload check takes: a file type, a movie box, media data. */
export const TINY_MP4 = Uint8Array.from([
  ...isoBox("ftyp", Uint8Array.from("isom\0\0\x02\0isommp41", (c) => c.charCodeAt(0))),
  ...isoBox("moov", new Uint8Array(0)),
  ...isoBox("mdat", new Uint8Array(16).fill(7)),
]);

/** A member as a page's reads see them before the session is validated: by their session. */
export async function sessionViewerOf(userId: string): Promise<SessionViewer> {
  const token = generateSessionToken();
  await createSession(db(), token, userId);
  return { session: hashToken(token), now: Date.now(), membersOnly: true };
}

/** Every page of a list, following nextCursor until it ends (or `max` pages). */
export async function allPages(load: (cursor: string | null) => Promise<FeedPage>, max = 200) {
  const pages: FeedPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await load(cursor);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < max);
  return pages;
}

export type CapturedStatement = { sql: string; params: unknown[] };

/**
 * The D1 binding, recording every statement as it is bound (`captured`), for tests that read the
 * query plans of what the app really sends.
 */
export function capturingD1(): { spy: D1Database; captured: CapturedStatement[] } {
  const captured: CapturedStatement[] = [];
  const spy = new Proxy(env.DB, {
    get(target, property) {
      if (property !== "prepare") return Reflect.get(target, property).bind(target);
      return (query: string) => {
        const statement = target.prepare(query);
        return new Proxy(statement, {
          get(inner, name) {
            if (name !== "bind") return Reflect.get(inner, name).bind(inner);
            return (...params: unknown[]) => {
              captured.push({ sql: query, params });
              return inner.bind(...params);
            };
          },
        });
      };
    },
  });
  return { spy, captured };
}

/** SQLite's plan of a captured statement, one detail per step. */
export async function planOf(query: CapturedStatement): Promise<string[]> {
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
    .bind(...query.params)
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

/**
 * The team queue's retention (app/.server/team-queue.ts), for a table of it: three rows made just over
 * `retention` before `now` go two a run then one, the oldest first, and one just under it stays. `make`
 * stores a row made at a time and answers its id; `left` answers the ids still there, oldest first.
 */
export async function expectRetentionInBatches({ retention, make, left, deleteOld }: {
  retention: number;
  make: (at: number, n: number) => Promise<string>;
  left: () => Promise<string[]>;
  deleteOld: (now: number, options: { batch: number }) => Promise<number>;
}) {
  // Long before every other test's rows, so that only these are old enough.
  const now = Date.now() - 5 * retention;
  const old: string[] = [];
  for (let i = 3; i >= 1; i--) old.push(await make(now - retention - i * TIME.MINUTE, i));
  const young = await make(now - retention + TIME.MINUTE, 0);
  expect(await deleteOld(now, { batch: 2 })).toBe(2);
  expect(await left()).toEqual([old[2], young]);
  expect(await deleteOld(now, { batch: 2 })).toBe(1);
  expect(await deleteOld(now, { batch: 2 })).toBe(0);
  expect(await left()).toEqual([young]);
}

/** A mailer that keeps what it was asked to send, failing as told. */
export function keepingMailer(fail?: (message: MailMessage, index: number) => Error | null): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  let index = 0;
  return {
    sent,
    async send(message) {
      const error = fail?.(message, index++);
      if (error) throw error;
      sent.push(message);
    },
  };
}

/** A post written as the composer writes it (app/.server/posts/create.ts): its id, or the test fails. */
export async function composedPost(
  author: string,
  content: string,
  options: { imageKeys?: string[]; communityId?: string; location?: string; visibility?: "everyone" | "subscribers" } = {},
): Promise<string> {
  const created = await composePost(getDb(env.DB), author, { content, location: options.location, visibility: options.visibility ?? "everyone", imageKeys: options.imageKeys ?? [] }, { communityId: options.communityId });
  if (!created.ok) throw new Error(created.message ?? "no post");
  return created.postId;
}

/**
 * What a busy member did to two others' posts (Alice's and Bob's), as the account's tests need it: a
 * like, a repost and a comment on Alice's post, whose own reply to it the member likes; a bookmark, a
 * share and a view of Bob's; and a follow of Alice. The comments' ids.
 */
export async function actedOnOthers(memberId: string, { alice, alices, bobs }: { alice: string; alices: string; bobs: string }) {
  const d = getDb(env.DB);
  await setLike(d, memberId, alices, true);
  await setRepost(d, memberId, alices, true);
  await setBookmark(d, memberId, bobs, true);
  await sharePost(d, memberId, bobs, "copy");
  await recordView(d, memberId, bobs);
  const mine = await addComment(d, memberId, alices, { content: "Nice one" });
  const hers = await addComment(d, alice, alices, { content: "Thanks" });
  if (!mine.ok || !hers.ok) throw new Error("no comment");
  await setCommentLike(d, memberId, hers.commentId, true);
  await setFollow(d, memberId, alice, true);
  return { myComment: mine.commentId, aliceComment: hers.commentId };
}

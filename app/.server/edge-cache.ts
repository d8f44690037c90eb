import type { AppLoadContext } from "@remix-run/cloudflare";
import { PUBLIC_PAGE_CACHE } from "~/lib/constants";
import { readThemeCookie, THEME_COOKIE, THEMES, type Theme } from "~/lib/theme";
import { DEVICE_COOKIE } from "./auth/devices";
import { createNonce } from "./http";

/**
 * The edge cache of public pages (docs/decisions/028-public-profile-edge-cache.md): what a signed-out
 * visitor sees of a public profile (/@username) or a post (/post/{id}) is the same for every visitor,
 * so the worker keeps it in the Cache API of the data center it runs in (`caches.default`) and serves
 * it from there: fresh for PUBLIC_PAGE_CACHE.freshMs, then once more while a fresh copy is rendered
 * behind the answer (stale-while-revalidate, which the Cache API does not do itself), up to
 * PUBLIC_PAGE_CACHE.maxAgeMs. A write that changes such a page purges it (`purgePublicProfile`,
 * `purgePublicPost`).
 *
 * Never cached: a request with any cookie but the theme (keyed) and the trusted-device cookie (never
 * rendered), so a session or a flash toast always bypasses; a request with a query string (later pages);
 * an answer that is not 200, sets a cookie, or that its route did not mark as the same for every
 * visitor (EDGE_CACHEABLE_HEADER; a page whose posts failed to load is not).
 */

/** A route's loader marks an answer that is the same for every visitor with this header (never sent on). */
export const EDGE_CACHEABLE_HEADER = "X-Edge-Cacheable";
export const EDGE_CACHEABLE = { [EDGE_CACHEABLE_HEADER]: "visitor" } as const;
/** What the edge cache did: HIT (fresh), STALE (served while refreshed), MISS (rendered and stored). */
export const EDGE_CACHE_STATUS_HEADER = "X-Edge-Cache";

/**
 * When a stored page was rendered, the CSP nonce it was rendered with (replaced on every answer), and
 * the build that rendered it: a page of an earlier deploy names scripts that deploy had, so it is
 * rendered again instead.
 */
const STORED_AT = "X-Edge-Stored-At";
const STORED_NONCE = "X-Edge-Nonce";
const STORED_BUILD = "X-Edge-Build";
/** A purge's time, kept under the page's own key so a render that started before it is never stored. */
const PURGED_AT = "X-Edge-Purged-At";
const PURGED = "purged";

/** The pages kept: a public profile by its username, a post's page by its id (never their `.data`). */
const PUBLIC_PATHS = [/^\/@[A-Za-z0-9_]+$/, /^\/post\/[0-9A-HJKMNP-TV-Z]{26}$/];

/** Cookies that change nothing a visitor's page shows, or that are part of the key (the theme). */
const KEYED_OR_UNRENDERED = new Set([THEME_COOKIE, DEVICE_COOKIE]);

/** This data center's cache, `caches.default` (the DOM library's CacheStorage type hides workers-types' own). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

const maxAgeSeconds = Math.ceil(PUBLIC_PAGE_CACHE.maxAgeMs / 1000);

/** The key of a page in the cache: its own address (the zone's host, as the Cache API wants) per theme. */
function keyOf(origin: string, path: string, variant: Theme | typeof PURGED): string {
  return `${origin}${path}?edge-cache=${variant}`;
}

export type EdgeCacheKey = { origin: string; path: string; theme: Theme };

/** The key of a request the edge cache may answer, or null for one it must not. */
export function edgeCacheKeyOf(request: Request): EdgeCacheKey | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.search || !PUBLIC_PATHS.some((path) => path.test(url.pathname))) return null;
  const cookies = request.headers.get("Cookie");
  if (cookies) {
    for (const part of cookies.split(";")) {
      const name = part.split("=", 1)[0]!.trim();
      if (name && !KEYED_OR_UNRENDERED.has(name)) return null;
    }
  }
  return { origin: url.origin, path: url.pathname, theme: readThemeCookie(cookies) };
}

/** A rendered answer the cache may keep: 200, marked by its route, setting no cookie, with a nonce to replace. */
function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.headers.get(EDGE_CACHEABLE_HEADER) === EDGE_CACHEABLE[EDGE_CACHEABLE_HEADER] &&
    !response.headers.has("Set-Cookie") &&
    nonceOf(response) !== null
  );
}

function nonceOf(response: Response): string | null {
  return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? null;
}

async function purgedAt(cache: Cache, key: EdgeCacheKey): Promise<number> {
  const tombstone = await cache.match(keyOf(key.origin, key.path, PURGED));
  return Number(tombstone?.headers.get(PURGED_AT) ?? 0);
}

/**
 * Keeps a page rendered from `startedAt` on, unless a purge came after the render started (its reads
 * may predate the write). Checked again after the put: a purge that lands between the check and the
 * put either sees the page (and deletes it) or is seen here.
 */
async function store(key: EdgeCacheKey, response: Response, startedAt: number, build: string): Promise<void> {
  const cache = edgeCache();
  if ((await purgedAt(cache, key)) >= startedAt) return;
  const page = new Response(await response.text(), {
    headers: {
      "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      "Cache-Control": `public, max-age=${maxAgeSeconds}`,
      [STORED_AT]: String(startedAt),
      [STORED_NONCE]: nonceOf(response)!,
      [STORED_BUILD]: build,
    },
  });
  const at = keyOf(key.origin, key.path, key.theme);
  await cache.put(at, page);
  if ((await purgedAt(cache, key)) >= startedAt) await cache.delete(at);
}

/** A stored page as this request's answer: its own nonce in the page (and, by `dress`, in its CSP). */
async function answerStored(stored: Response, status: "HIT" | "STALE", dress: (response: Response, nonce: string) => Response): Promise<Response> {
  const nonce = createNonce();
  const body = (await stored.text()).replaceAll(stored.headers.get(STORED_NONCE)!, nonce);
  const response = new Response(body, { headers: { "Content-Type": stored.headers.get("Content-Type")!, [EDGE_CACHE_STATUS_HEADER]: status } });
  return dress(response, nonce);
}

/** The request a refresh renders: the page as any visitor with this theme asks for it, no other cookie. */
function visitorRequest(key: EdgeCacheKey): Request {
  return new Request(`${key.origin}${key.path}`, { headers: { Cookie: `${THEME_COOKIE}=${key.theme}`, Accept: "text/html" } });
}

/** Pages this isolate is refreshing now: one refresh each, however many visitors are served stale meanwhile. */
const refreshing = new Set<string>();

function refreshBehind(ctx: ExecutionContext, key: EdgeCacheKey, { render, build }: EdgeCacheOptions) {
  const id = keyOf(key.origin, key.path, key.theme);
  if (refreshing.has(id)) return;
  refreshing.add(id);
  const startedAt = Date.now();
  ctx.waitUntil(
    render(visitorRequest(key))
      .then((fresh) => (isStorable(fresh) ? store(key, fresh, startedAt, build) : undefined))
      .catch((error: unknown) => console.error(`edge cache: refreshing ${key.path} failed`, error))
      .finally(() => refreshing.delete(id)),
  );
}

export type EdgeCacheOptions = {
  /** Renders the page (the worker's whole answer: Remix, security headers and all). */
  render: (request: Request) => Promise<Response>;
  /** Gives a stored page what every answer carries, with the nonce put in its body. */
  dress: (response: Response, nonce: string) => Response;
  /** The build serving (Remix's assets version): pages stored by another are not served. */
  build: string;
  /** Local measurement only: answer as a miss does (look up, render, store), whatever is stored. */
  forceMiss?: boolean;
};

/** Answers a request `edgeCacheKeyOf` accepted: from the cache when it can, else rendered (and stored). */
export async function serveFromEdgeCache(request: Request, ctx: ExecutionContext, key: EdgeCacheKey, options: EdgeCacheOptions): Promise<Response> {
  const stored = await edgeCache().match(keyOf(key.origin, key.path, key.theme)).catch((error: unknown) => {
    console.error("edge cache: lookup failed", error);
    return undefined;
  });
  if (stored && !options.forceMiss && stored.headers.get(STORED_BUILD) === options.build) {
    const age = Date.now() - Number(stored.headers.get(STORED_AT));
    const fresh = age < PUBLIC_PAGE_CACHE.freshMs;
    if (fresh || age < PUBLIC_PAGE_CACHE.maxAgeMs) {
      try {
        const answer = await answerStored(stored, fresh ? "HIT" : "STALE", options.dress);
        if (!fresh) refreshBehind(ctx, key, options);
        return answer;
      } catch (error) {
        // A stored page that cannot be read is rendered instead (and stored again).
        console.error("edge cache: reading a stored page failed", error);
      }
    }
  }
  const startedAt = Date.now();
  const response = await options.render(request);
  if (isStorable(response)) {
    ctx.waitUntil(store(key, response.clone(), startedAt, options.build).catch((error: unknown) => console.error(`edge cache: storing ${key.path} failed`, error)));
    response.headers.set(EDGE_CACHE_STATUS_HEADER, "MISS");
  }
  return withoutMark(response);
}

/** The route's mark stays inside the worker. */
export function withoutMark(response: Response): Response {
  response.headers.delete(EDGE_CACHEABLE_HEADER);
  return response;
}

/**
 * Purges public pages after a write that changes them, in this data center (the Cache API's reach:
 * other data centers keep theirs until PUBLIC_PAGE_CACHE.maxAgeMs), under each origin given. Never
 * fails the write: a purge that fails is logged.
 */
async function purgePaths(origins: string[], paths: string[]): Promise<void> {
  const cache = edgeCache();
  const now = Date.now();
  const tombstone = () =>
    new Response(null, { headers: { "Cache-Control": `public, max-age=${maxAgeSeconds}`, [PURGED_AT]: String(now) } });
  try {
    const pages = origins.flatMap((origin) => paths.map((path) => ({ origin, path })));
    // The tombstones first: a render already under way is then never stored (see `store`).
    await Promise.all(pages.map(({ origin, path }) => cache.put(keyOf(origin, path, PURGED), tombstone())));
    await Promise.all(pages.flatMap(({ origin, path }) => THEMES.map((theme) => cache.delete(keyOf(origin, path, theme)))));
  } catch (error) {
    console.error(`edge cache: purging ${paths.join(", ")} failed`, error);
  }
}

/**
 * After a write that changes what visitors see on a member's public profile (a post or repost made or
 * deleted, the profile edited, an avatar or banner uploaded, profile_visibility or index_profile
 * changed): `await purgePublicProfile(context, member.username)`, the username as stored.
 */
export function purgePublicProfile(context: AppLoadContext, username: string): Promise<void> {
  return purgePublicPages(context, { usernames: [username], postIds: [] });
}

/**
 * After a change no member's request made (Stripe's webhook, the cron) to what members' public profiles
 * show: those profiles, under the origins given (the site's configured one; the webhook's own too).
 */
export function purgePublicProfilesAt(origins: string[], usernames: string[]): Promise<void> {
  if (usernames.length === 0) return Promise.resolve();
  return purgePaths([...new Set(origins)], usernames.map((username) => `/@${username}`));
}

/** After a write that changes a post's page for visitors (the post deleted, a comment added): each id's page. */
export function purgePublicPost(context: AppLoadContext, ...postIds: string[]): Promise<void> {
  return purgePublicPages(context, { usernames: [], postIds });
}

/** After a write that changes profiles and posts' pages at once (a block): every page in one purge. */
export function purgePublicPages(context: AppLoadContext, pages: { usernames: string[]; postIds: string[] }): Promise<void> {
  const paths = [...new Set([...pages.usernames.map((username) => `/@${username}`), ...pages.postIds.map((id) => `/post/${id}`)])];
  return purgePaths(originsOf(context), paths);
}

/** A request's pages are kept under its own origin and the site's configured one. */
function originsOf(context: AppLoadContext): string[] {
  return [...new Set([context.origin, context.config.origin])];
}

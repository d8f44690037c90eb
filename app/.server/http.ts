import { FORM_MAX_BYTES, HSTS_MAX_AGE_SECONDS, IMAGE_MAX_BYTES, PHOTO_FORM_MAX_BYTES, POST_FORM_MAX_BYTES, VIDEO_MAX_BYTES } from "~/lib/constants";
import { SHARE_HOSTS } from "~/lib/share";

/**
 * One place that decides what every response carries and which requests are refused before routing.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";

/** Every non-GET request must come from a page of this origin (the Origin header browsers send). */
export function isCrossOriginMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  return origin === null || origin !== new URL(request.url).origin;
}

/**
 * What is refused before routing, for every route at once: a change from another site (403), a
 * method Murmur has no use for (405; OPTIONS is answered with the methods allowed), a POST whose body
 * is not a form (400) or is larger than any form (413), and Remix's old `?_data` request (400), which
 * Murmur's pages never make (they use single fetch's `.data`) and which Remix answers with a 500 for a
 * loader that returns null. Null for the rest.
 */
export function refuseUnacceptedRequest(request: Request, { withSession }: { withSession: boolean }): Response | null {
  if (isCrossOriginMutation(request)) return badRequest("Forbidden: cross-origin request", 403);
  if (request.url.includes("_data") && new URL(request.url).searchParams.has("_data")) return badRequest("Murmur's pages are not read with ?_data.");
  // Nothing here is shared with other sites: a preflight gets no CORS headers, only what is allowed.
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: ALLOWED_METHODS, "Cache-Control": "no-store" } });
  if (SAFE_METHODS.has(request.method)) return null;
  if (request.method !== "POST") return badRequest("Method Not Allowed", 405, { Allow: ALLOWED_METHODS });
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) return badRequest("Murmur accepts only form submissions.");
  // No form is larger than a post with all its files, and a visitor sends none with files; each
  // route's reader holds its own forms to less.
  const largest = withSession ? POST_FORM_MAX_BYTES : FORM_MAX_BYTES;
  if (Number(request.headers.get("Content-Length") ?? 0) > largest) return tooLarge(largest);
  return null;
}

/**
 * The request with each encoded backslash in its path taken literally ('/%5C' → '/%255C'). No page of
 * Murmur's has a backslash in its address, and React Router reads a path that starts '/\' as another
 * host's address, which failed the 404 page as a 500; taken literally, such a path is a page not found.
 */
export function withLiteralBackslashes(request: Request): Request {
  if (!/%5c/i.test(request.url)) return request;
  const url = new URL(request.url);
  if (!/%5c/i.test(url.pathname)) return request;
  url.pathname = url.pathname.replace(/%5c/gi, "%255C");
  return new Request(url, request);
}

export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React renders style attributes (e.g. progress widths); no inline <style> is ever built from user input.
    "style-src 'self' 'unsafe-inline'",
    // Images come from Murmur only: an avatar URL elsewhere is copied into R2 when saved, so no other
    // host learns who looks at a member's avatar (docs/decisions/080). blob: is a picked file's preview.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // A share without JavaScript is a form post that redirects to the chosen service.
    // Paying through Stripe Checkout (docs/decisions/037) is a form post that redirects there.
    `form-action 'self' ${SHARE_HOSTS.join(" ")} https://checkout.stripe.com mailto:`,
    "object-src 'none'",
  ].join("; ");
}

/** The headers every response carries; over https also HSTS (browsers ignore it over http). */
export function withSecurityHeaders(response: Response, nonce: string, request: Request): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  if (new URL(request.url).protocol === "https:") headers.set("Strict-Transport-Security", `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return secured;
}

/** A request Murmur cannot act on: answered with the status and a plain sentence, never an error page. */
export function badRequest(message: string, status = 400, headers: HeadersInit = {}): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The form a POST carries. Murmur's forms are the only bodies it accepts: anything else (JSON, text, no
 * body type, a multipart body that does not parse) is answered 400 (thrown, as guards throw). A body
 * larger than `maxBytes` is answered 413 (decision 070): by its Content-Length, which browsers send
 * with every form, before it is read; without one, as it arrives, counted on its way to the parser
 * (one copy of it in memory, never two).
 */
export async function readForm(request: Request, maxBytes: number = FORM_MAX_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(type)) throw badRequest("Murmur accepts only form submissions here.");
  const body = countedBody(request, maxBytes);
  if (body === "over") throw tooLarge(maxBytes);
  try {
    return await new Response(body.stream, { headers: { "Content-Type": type } }).formData();
  } catch {
    if (body.over()) throw tooLarge(maxBytes);
    throw badRequest("The form could not be read. Please try again.");
  }
}

/**
 * A request's body, at most `maxBytes`: "over" at once when its Content-Length says more; without one,
 * a stream that errors past the size as it arrives (`over()` then says so), so a body sent in chunks
 * is never held whole before it is refused.
 */
export function countedBody(request: Request, maxBytes: number): "over" | { stream: ReadableStream<Uint8Array> | null; over: () => boolean } {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= maxBytes)) return "over";
  if (declared !== null || !request.body) return { stream: request.body, over: () => false };
  let size = 0;
  let over = false;
  const stream = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) {
          over = true;
          controller.error(new Error("past the body's size"));
        } else controller.enqueue(chunk);
      },
    }),
  );
  return { stream, over: () => over };
}

/** A request's body as text, at most `maxBytes` (`countedBody`): null when it is larger. */
export async function readTextUpTo(request: Request, maxBytes: number): Promise<string | null> {
  const body = countedBody(request, maxBytes);
  if (body === "over") return null;
  try {
    return await new Response(body.stream).text();
  } catch (error) {
    if (body.over()) return null;
    throw error;
  }
}

/** 413, saying what the form's files may weigh. */
function tooLarge(maxBytes: number): Response {
  const files =
    maxBytes <= FORM_MAX_BYTES
      ? ""
      : maxBytes <= PHOTO_FORM_MAX_BYTES
        ? ` An image can be up to ${megabytes(IMAGE_MAX_BYTES)}.`
        : ` Images can be up to ${megabytes(IMAGE_MAX_BYTES)} each and a video up to ${megabytes(VIDEO_MAX_BYTES)}.`;
  return badRequest(`This form is too large to send.${files}`, 413);
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}MB`;

/** A route parameter the URL must have, else the page does not exist (404). */
export function requiredParam(params: Record<string, string | undefined>, name: string, message = "Not Found"): string {
  const value = params[name];
  invariantResponse(value, message, { status: 404 });
  return value;
}

/** Throws a response (400 unless `init` says otherwise) when `condition` fails, as the Epic Stack's guard does. */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = {}): asserts condition {
  if (!condition) throw new Response(message, { status: 400, ...init, headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers } });
}

/** The client address for rate limits; Cloudflare sets CF-Connecting-IP (absent locally: one shared key). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** The one localhost check: an address on this machine itself (local development and tests). */
export function isLocalHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1";
}

/** A request to this machine itself. */
export function isLocalhost(request: Request): boolean {
  return isLocalHostname(new URL(request.url).hostname);
}

/** Cookies may drop `Secure` only on plain-http localhost. */
export function isInsecureLocalhost(request: Request): boolean {
  return isLocalhost(request) && new URL(request.url).protocol === "http:";
}

/** Development pages (the mail outbox, test fixtures) exist only on a local Worker reached at localhost. */
export function requireLocalDevelopment(request: Request, config: { isLocal: boolean }): void {
  if (!config.isLocal || !isLocalhost(request)) throw new Response("Not Found", { status: 404 });
}

const SITE = "https://murmur.invalid";

/**
 * A same-site path to go back to; anything else becomes the fallback: other hosts, protocol-relative
 * URLs, and anything a browser would read as one once it drops tabs and line breaks or turns
 * backslashes into slashes (`/\t/evil.example` is `//evil.example` to a browser).
 */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  // Control characters, whitespace and backslashes never appear in Murmur's own paths.
  if (!to.startsWith("/") || [...to].some((c) => c <= " " || c === "\u007f" || c === "\\")) return fallback;
  try {
    // The path as a browser resolves it (dot segments and all): still here, and not "//host".
    const url = new URL(to, SITE);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === SITE && !path.startsWith("//") ? path : fallback;
  } catch {
    return fallback;
  }
}

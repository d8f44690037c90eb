import { SHARE_HOSTS } from "~/lib/share";

/**
 * One place that decides what every response carries and which requests are refused before routing.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Every non-GET request must come from a page of this origin (the Origin header browsers send). */
export function isCrossOriginMutation(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  return origin === null || origin !== new URL(request.url).origin;
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
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // A share without JavaScript is a form post that redirects to the chosen service.
    `form-action 'self' ${SHARE_HOSTS.join(" ")} mailto:`,
    "object-src 'none'",
  ].join("; ");
}

export function withSecurityHeaders(response: Response, nonce: string): Response {
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return secured;
}

/** The client address for rate limits; Cloudflare sets CF-Connecting-IP (absent locally: one shared key). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/** Cookies may drop `Secure` only on plain-http localhost (local development and tests). */
export function isInsecureLocalhost(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
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

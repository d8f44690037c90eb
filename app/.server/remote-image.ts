import { AVATAR_FETCH_MAX_REDIRECTS, AVATAR_FETCH_TIMEOUT_MS, IMAGE_MAX_BYTES } from "~/lib/constants";

/**
 * A picture at an address elsewhere, fetched once by the server so that it can be kept in R2 and no
 * viewer's browser ever asks that host for it (docs/decisions/080). Only the bytes come back: what they
 * are is for `checkMediaFile` to say, as for an upload.
 */

export type RemoteImage = { ok: true; file: File } | { ok: false; reason: "unreachable" | "too-large" };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Whether an address names a public web host: https on its usual port, by a name that is not this
 * machine's or a local network's, and not an IP address. On Cloudflare a Worker reaches no private
 * address anyway; locally, or on workerd run elsewhere, it would, and a member could make the Worker
 * knock on 127.0.0.1 or the office printer and learn from the answer what is there (decision 082).
 */
export function isPublicWebAddress(url: URL): boolean {
  if (url.protocol !== "https:" || (url.port !== "" && url.port !== "443")) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || /^[\d.]+$/.test(host) || /^0x/i.test(host)) return false;
  if (!host.includes(".")) return false;
  return !/(^|\.)(localhost|local|internal|intranet|lan|home|corp|private|arpa)$/.test(host);
}

/**
 * The body at an https `address`: redirects followed only to https, at most `maxRedirects`; the whole
 * exchange within `timeoutMs`; a body past `maxBytes` refused as it arrives (its Content-Length, if it
 * says more, before). Never throws: a network failure, a timeout or an answer other than 200 is
 * 'unreachable'.
 */
export async function fetchRemoteImage(
  address: string,
  { timeoutMs = AVATAR_FETCH_TIMEOUT_MS, maxBytes = IMAGE_MAX_BYTES, maxRedirects = AVATAR_FETCH_MAX_REDIRECTS } = {},
): Promise<RemoteImage> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      if (!isPublicWebAddress(url)) return { ok: false, reason: "unreachable" };
      // No cookies or credentials travel with a Worker's fetch; the host learns only that Murmur asked.
      const response = await fetch(url, { redirect: "manual", signal, headers: { Accept: "image/*" } });
      const location = response.headers.get("Location");
      if (REDIRECTS.has(response.status) && location !== null) {
        await response.body?.cancel();
        if (redirects >= maxRedirects) return { ok: false, reason: "unreachable" };
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200 || !response.body) {
        await response.body?.cancel();
        return { ok: false, reason: "unreachable" };
      }
      if (Number(response.headers.get("Content-Length") ?? 0) > maxBytes) {
        await response.body.cancel();
        return { ok: false, reason: "too-large" };
      }
      const bytes = await readAtMost(response.body, maxBytes);
      if (!bytes) return { ok: false, reason: "too-large" };
      const name = url.pathname.split("/").pop() || "avatar";
      return { ok: true, file: new File([bytes], name, { type: response.headers.get("Content-Type") ?? "" }) };
    }
  } catch {
    return { ok: false, reason: "unreachable" };
  }
}

/** The stream's bytes, or null (the rest cancelled) once they pass `maxBytes`. */
async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSessionToken } from "~/.server/auth/session";
import { requiredParam } from "~/.server/http";
import { serveMedia } from "~/.server/media";

/**
 * GET /media/{key}: images and video from R2 (ranges for seeking; subscriber-only media gated). The
 * session is read only for a gated file (`serveMedia`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = requiredParam(params, "*");
  // A request without a session cookie is a visitor's: no viewer to read.
  return serveMedia(request, context.db, context.cloudflare.env.MEDIA, key, readSessionToken(request) ? context.readAsViewer : null);
}

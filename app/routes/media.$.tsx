import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/.server/auth/guards";
import { requiredParam } from "~/.server/http";
import { serveMedia } from "~/.server/media";

/** GET /media/{key}: images and video from R2 (ranges for seeking; subscriber-only media gated). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = requiredParam(params, "*");
  const viewer = await getOptionalUser(context);
  return serveMedia(request, context.db, context.cloudflare.env.MEDIA, viewer?.id ?? null, key);
}

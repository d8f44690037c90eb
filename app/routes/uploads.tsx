import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { getOptionalUser } from "~/.server/auth/guards";
import { readForm } from "~/.server/http";
import { UPLOAD_FORM_MAX_BYTES } from "~/lib/constants";
import { attempt, isFailure } from "~/.server/outcome";
import { checkMediaFile, discardUpload, postMediaAllowance, storeMedia } from "~/.server/media";
import { limiterOf, subjects, tooManyRequests } from "~/.server/limits";
import { toResponse } from "~/.server/respond";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";

const json = (body: object, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

const UploadSchema = z.object({ intent: z.literal("upload"), kind: z.enum(["image", "video"]), file: z.instanceof(File) });
const DiscardSchema = z.object({ intent: z.literal("discard"), key: z.string().min(1) });

/**
 * POST /uploads: the composer's uploads with JavaScript, one file per request, checked by its bytes
 * and stored under a random key until a post claims it (or the cron job deletes it a day later).
 * intent=discard takes back an upload the member removed before posting.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request, UPLOAD_FORM_MAX_BYTES);
  const user = await getOptionalUser(context);
  if (!user) return json({ ok: false, message: POST_MESSAGES.notAuthenticated }, 401);
  const bucket = context.cloudflare.env.MEDIA;
  const limiter = limiterOf(context);
  // Something broke on our side (storage, the limiter): the spec's 'Upload failed', never an error page.
  const answer = await attempt("an upload", UPLOAD_MESSAGES.generic, async () => {
    const discard = DiscardSchema.safeParse(Object.fromEntries(form));
    if (discard.success) {
      const verdict = await limiter.hit([subjects.member(user.id)], "delete");
      if (!verdict.allowed) return toResponse(tooManyRequests(null, verdict.retryAfterSeconds));
      const removed = await discardUpload(context.db, bucket, user.id, discard.data.key);
      return json({ ok: removed }, removed ? 200 : 404);
    }

    const upload = UploadSchema.safeParse(Object.fromEntries(form));
    if (!upload.success) return json({ ok: false, message: UPLOAD_MESSAGES.generic }, 400);
    const verdict = await limiter.hit([subjects.member(user.id)], "upload");
    if (!verdict.allowed) return toResponse(tooManyRequests(null, verdict.retryAfterSeconds, UPLOAD_MESSAGES.tooMany));
    const { file, kind } = upload.data;
    const check = await checkMediaFile(file, kind);
    if (!check.ok) return json({ ok: false, message: check.message }, 400);
    const allowance = await postMediaAllowance(context.db, user.id, file.size);
    if (!allowance.allowed) return toResponse(tooManyRequests(null, allowance.retryAfterSeconds, allowance.message));
    const stored = await storeMedia(context.db, bucket, user.id, file, check.type, "posts");
    return json({ ok: true, key: stored.key, url: stored.url, kind: stored.kind });
  });
  return isFailure(answer) ? json(answer, 500) : answer;
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

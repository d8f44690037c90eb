import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import {
  IMAGE_MAX_BYTES,
  MEDIA_CACHE_SECONDS,
  MEDIA_TRASH_BATCH,
  POST_MEDIA_DAILY_BYTES,
  TIME,
  UNCLAIMED_UPLOAD_TTL_MS,
  UPLOAD_CACHE_CONTROL_SECONDS,
  UPLOAD_CLEANUP_BATCH,
  VIDEO_MAX_BYTES,
} from "~/lib/constants";
import { UPLOAD_MESSAGES } from "~/lib/messages";
import { canViewSql } from "./posts/access";
import type { Db } from "./db/client";
import { mediaTrash, mediaUploads, posts, type MEDIA_PURPOSES } from "./db/schema";
import type { MediaKind, MediaType } from "~/lib/media-types";
import { inspectMedia, readImageDimensions } from "./media-inspect";
import { withoutMetadata } from "./media-metadata";
import { chunksOf, inParts } from "./db/chunks";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { param, selectRead, type Read } from "./db/reads";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Images and video in R2: what a file really is (by its bytes, never by its name or declared type),
 * storing it under a random key, serving it back with HTTP ranges, and deleting what no post claimed.
 */

export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

export type FileCheck = { ok: true; type: MediaType } | { ok: false; message: string };

/**
 * Whether a picked file may be attached as `expected`, with the spec's message if not
 * (document 1 §5 uploads). The declared type only chooses which message fits.
 */
export async function checkMediaFile(file: File, expected: MediaKind): Promise<FileCheck> {
  const declared = file.type.split("/")[0];
  const wrongKind = expected === "image" ? UPLOAD_MESSAGES.selectImage : UPLOAD_MESSAGES.selectVideo;
  // An image that is not one of the accepted formats is told which are; a broken video is no video.
  const notAccepted = expected === "image" && declared === "image" ? UPLOAD_MESSAGES.imageFormats : wrongKind;
  if (file.size === 0) return { ok: false, message: wrongKind };
  // Too large to be taken anyway: refused before its bytes are read.
  if (file.size > (expected === "image" ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES)) {
    if (declared !== expected) return { ok: false, message: wrongKind };
    return { ok: false, message: expected === "image" ? UPLOAD_MESSAGES.imageTooLarge : UPLOAD_MESSAGES.videoTooLarge };
  }
  const type = await inspectMedia(file);
  if (!type || type.kind !== expected) return { ok: false, message: notAccepted };
  return { ok: true, type };
}

function randomName(extension: string, now: number): string {
  const random = [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${now.toString(36)}-${random}.${extension}`;
}

export const mediaUrl = (key: string) => `/media/${key}`;

/** The key of an object served from /media (mediaUrl's inverse); null for any other address. */
export const mediaKeyOf = (url: string | null | undefined) => (url?.startsWith("/media/") ? url.slice("/media/".length) : null);

export type StoredMedia = { key: string; url: string; kind: MediaKind; contentType: string };

/**
 * Whether the member may store `bytes` more for posts now (POST_MEDIA_DAILY_BYTES over the last 24
 * hours, by media_uploads_user_idx), and if not, in how many seconds the oldest of those uploads leaves
 * the day, and the words that say so. Files a post no longer holds (deleted, or never claimed and gone) count no more.
 */
export async function postMediaAllowance(
  db: Db,
  userId: string,
  bytes: number,
  now = Date.now(),
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }> {
  const since = now - TIME.DAY;
  const row = await db
    .select({ used: sql<number>`coalesce(sum(${mediaUploads.size}), 0)`, oldest: sql<number | null>`min(${mediaUploads.createdAt})` })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.userId, userId), gt(mediaUploads.createdAt, new Date(since)), eq(mediaUploads.purpose, "posts")))
    .get();
  if (Number(row?.used ?? 0) + bytes <= POST_MEDIA_DAILY_BYTES) return { allowed: true };
  const oldest = Number(row?.oldest ?? now);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + TIME.DAY - now) / 1000)), message: UPLOAD_MESSAGES.dailyLimit(POST_MEDIA_DAILY_BYTES) };
}

/**
 * Puts a checked file into R2 under a new random key and records who uploaded it, for what, and an
 * image's dimensions (so pages can give it its box before it arrives).
 */
export async function storeMedia(
  db: Db,
  bucket: R2Bucket,
  userId: string,
  file: File,
  type: MediaType,
  purpose: MediaPurpose,
  now = Date.now(),
): Promise<StoredMedia> {
  const folder = type.kind === "image" ? `images/${purpose}` : "videos";
  const key = `${folder}/${randomName(type.extension, now)}`;
  // Where and how it was made (a photo's GPS position, the camera) is not stored (decision 082). A file
  // inspectMedia accepted always walks; one that would not is refused rather than stored as it came.
  const parts = await withoutMetadata(file, type);
  if (!parts) throw new Error(`media: a ${type.extension} file whose metadata could not be removed`);
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  const dimensions = type.kind === "image" ? await readImageDimensions(parts[0]!) : null;
  // The record first: an object is only ever in R2 while its record (or, once that is deleted, its
  // key in media_trash) names it, so none is left where nothing would find it (decision 072).
  await db.insert(mediaUploads).values({
    key,
    userId,
    kind: type.kind,
    purpose,
    contentType: type.contentType,
    size,
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
    createdAt: new Date(now),
  });
  try {
    await bucket.put(key, parts.length === 1 ? parts[0]! : streamOf(parts, size), {
      httpMetadata: { contentType: type.contentType, cacheControl: `public, max-age=${MEDIA_CACHE_SECONDS}, immutable` },
      customMetadata: { userId },
    });
  } catch (error) {
    // Its record goes again (its key to media_trash); if even that fails, a post upload is the cron's a day later.
    await deleteMedia(db, bucket, [key]).catch(() => {});
    throw error;
  }
  return { key, url: mediaUrl(key), kind: type.kind, contentType: type.contentType };
}

/**
 * Parts of a file as one stream of known length (R2 needs the length), read part by part: a video's
 * parts are slices of the upload, which a Blob of them would copy whole.
 */
function streamOf(parts: Blob[], size: number): ReadableStream {
  const { readable, writable } = new FixedLengthStream(size);
  void (async () => {
    for (const part of parts) await part.stream().pipeTo(writable, { preventClose: true });
    await writable.close();
  })().catch((error: unknown) => writable.abort(error).catch(() => {}));
  return readable;
}

/**
 * The member's own unclaimed post uploads among `keys`: the only media a new post may take. With an
 * image's dimensions (null for video and older uploads), which the post keeps beside its URLs.
 */
export async function findClaimableMedia(db: Db, userId: string, keys: string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ key: mediaUploads.key, kind: mediaUploads.kind, width: mediaUploads.width, height: mediaUploads.height })
    .from(mediaUploads)
    .where(
      and(
        inArray(mediaUploads.key, keys),
        eq(mediaUploads.userId, userId),
        eq(mediaUploads.purpose, "posts"),
        isNull(mediaUploads.postId),
      ),
    );
}

/** R2 deletes at most 1,000 keys a call. */
const KEYS_PER_R2_DELETE = 1000;

/**
 * Removes media, any number: their records (a trigger puts each key in media_trash, migration 0029),
 * then their objects (`deleteTrashedObjects`). Throws only when the records could not be deleted, and
 * then nothing changed; once they are, an R2 failure is the cron's to finish.
 */
export async function deleteMedia(db: Db, bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await inParts(db, keys, (chunk) => db.delete(mediaUploads).where(inArray(mediaUploads.key, chunk)).returning({ key: mediaUploads.key }));
  await deleteTrashedObjects(db, bucket, keys);
}

/**
 * The objects of media whose records were deleted (their keys in media_trash), then those keys. Never
 * throws: what an R2 failure leaves is logged and stays in media_trash for the cron (`emptyMediaTrash`).
 */
export async function deleteTrashedObjects(db: Db, bucket: R2Bucket, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await emptyTrashOf(db, bucket, keys);
  } catch (error) {
    console.error(`Deleting ${keys.length} media object(s) failed; the cron tries again:`, error);
  }
}

/** Cron: objects whose records went but whose deletion failed or never ran (an account's cascade), a batch at a time. */
export async function emptyMediaTrash(db: Db, bucket: R2Bucket): Promise<number> {
  const trashed = await db.select({ key: mediaTrash.key }).from(mediaTrash).limit(MEDIA_TRASH_BATCH);
  const keys = trashed.map((row) => row.key);
  await emptyTrashOf(db, bucket, keys);
  return keys.length;
}

/** The objects of trashed keys, then the keys: a key leaves media_trash only once its object is gone. */
async function emptyTrashOf(db: Db, bucket: R2Bucket, keys: string[]): Promise<void> {
  await deleteObjects(bucket, keys);
  await inParts(db, keys, (chunk) => db.delete(mediaTrash).where(inArray(mediaTrash.key, chunk)).returning({ key: mediaTrash.key }));
}

/** Removes objects from R2, any number of them. */
async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (const chunk of chunksOf(keys, KEYS_PER_R2_DELETE)) await bucket.delete(chunk);
}

/** The post uploads no post has claimed, among the rows a condition names: their records are deleted, answered with their keys. */
function deleteUnclaimed(db: Db, condition: SQL | undefined) {
  return db
    .delete(mediaUploads)
    .where(and(eq(mediaUploads.purpose, "posts"), isNull(mediaUploads.postId), condition))
    .returning({ key: mediaUploads.key });
}

/**
 * A member takes back an upload they have not posted (the composer's remove button). The record goes
 * only while no post has claimed it, in the same statement: a post written meanwhile keeps its file
 * (and one written after is refused, its upload gone); then the object.
 */
export async function discardUpload(db: Db, bucket: R2Bucket, userId: string, key: string): Promise<boolean> {
  const removed = await deleteUnclaimed(db, and(eq(mediaUploads.key, key), eq(mediaUploads.userId, userId)));
  if (removed.length === 0) return false;
  await deleteTrashedObjects(db, bucket, [key]);
  return true;
}

/** Cron: post uploads that no post claimed within a day (the member gave up composing), as `discardUpload` does. */
export async function deleteAbandonedUploads(db: Db, bucket: R2Bucket, now = Date.now()): Promise<number> {
  const oldest = db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.purpose, "posts"), isNull(mediaUploads.postId), lt(mediaUploads.createdAt, new Date(now - UNCLAIMED_UPLOAD_TTL_MS))))
    .limit(UPLOAD_CLEANUP_BATCH);
  const removed = await deleteUnclaimed(db, inArray(mediaUploads.key, oldest));
  await deleteTrashedObjects(
    db,
    bucket,
    removed.map((row) => row.key),
  );
  return removed.length;
}

// ───────────────────────────── serving ─────────────────────────────

type ByteRange = { offset: number; length: number };

/**
 * A single `bytes=` range within `size` (RFC 9110 §14): null to serve the whole object, which is what
 * a Range without one is, or one in another unit, a set of several ranges (no multipart answers
 * here) or one that does not parse; 'invalid' (416) for a range that starts past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | "invalid" {
  if (!header) return null;
  const match = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? "invalid" : { offset: size - suffix, length: suffix };
  }
  const start = Number(match[1]);
  if (match[2] !== "" && Number(match[2]) < start) return null;
  if (start >= size) return "invalid";
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  return { offset: start, length: end - start + 1 };
}

/** The placeholders of the media access read (prepared once, decision 013). */
const M = { key: param("mediaKey"), now: param("mediaNow") };

/**
 * Whether the viewer may have a gated file (`serveMedia`): a post's upload not in a post yet is its
 * uploader's alone; a post's file goes to whoever may see the post. A prepared read that rides the
 * session's round trip (decision 026).
 */
function mediaAccessRead(db: Db, viewer: Viewer, key: string, now: number): Read<{ allowed: number }[]> {
  return selectRead<{ allowed: number }>(
    db,
    `media-access:${viewerKey(viewer)}`,
    () => {
      const me = viewerSql(viewer);
      const fields = {
        allowed: sql<number>`CASE WHEN ${mediaUploads.purpose} = 'posts' AND ${mediaUploads.postId} IS NULL THEN ${me ? sql`${mediaUploads.userId} IS ${me}` : sql`0`}
          ELSE ${canViewSql(me, posts.userId, posts.isSubscriberOnly, M.now, posts.communityId)} END`.as("media_allowed"),
      };
      // Joined on the left: an unclaimed upload has no post.
      const query = db.select(fields).from(mediaUploads).leftJoin(posts, eq(posts.id, mediaUploads.postId)).where(sql`${mediaUploads.key} = ${M.key}`);
      return { fields, query };
    },
    { ...viewerValues(viewer), mediaKey: key, mediaNow: now },
  );
}


/**
 * GET /media/{key}: the object with its stored type, nosniff, a long cache and HTTP Range support (so
 * video can seek). A file everyone may see (an avatar, a banner, a public post's image) is served
 * without reading the session: its answer is public and kept a year by any cache, so it never carries a
 * renewed session cookie, and costs one small read, not the session's and the shell's. Media of a post
 * not everyone may see (subscriber-only, or its author keeps it from some, decision 031) is served only
 * to those who may see the post, and never from shared caches; a post's upload not yet in a post only
 * to its uploader; an object without its record to no one.
 */
export async function serveMedia(
  request: Request,
  db: Db,
  bucket: R2Bucket,
  key: string,
  readAsViewer: AppLoadContext["readAsViewer"] | null,
  now = Date.now(),
): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const owner = await db
    .select({
      postId: mediaUploads.postId,
      purpose: mediaUploads.purpose,
      // Visible to everyone: only then may shared caches keep it (decision 031).
      forEveryone: canViewSql(null, posts.userId, posts.isSubscriberOnly, now, posts.communityId),
    })
    .from(mediaUploads)
    .leftJoin(posts, eq(posts.id, mediaUploads.postId))
    .where(eq(mediaUploads.key, key))
    .get();
  // Fail closed (decision 070): an object no record names (its record deleted before it, by a delete
  // whose storage call failed) is no one's to see, and a post's upload no post has claimed yet is its
  // uploader's alone (the composer shows it; the post it joins may be for subscribers only).
  if (!owner) return notFound();
  const unclaimed = owner.purpose === "posts" && !owner.postId;
  const gated = unclaimed || (Boolean(owner.postId) && !owner.forEveryone);
  if (gated) {
    // No session (null): a visitor, who may have no gated file. Asked after the record's read, this
    // read has the session's trip to itself (nothing else in this request rides it).
    if (!readAsViewer) return notFound();
    const [[access]] = await readAsViewer((viewer) => [mediaAccessRead(db, viewer, key, now)] as const);
    if (!access?.allowed) return notFound();
  }

  const head = await bucket.head(key);
  if (!head) return notFound();
  const headers = new Headers({
    "Content-Type": head.httpMetadata?.contentType ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": gated ? `private, max-age=${UPLOAD_CACHE_CONTROL_SECONDS}` : `public, max-age=${MEDIA_CACHE_SECONDS}, immutable`,
    "Accept-Ranges": "bytes",
    ETag: head.httpEtag,
    "Content-Disposition": "inline",
  });
  // A gated file is the member's: a browser that changes member (signing out, another signing in) asks again.
  if (gated) headers.set("Vary", "Cookie");
  if (request.headers.get("If-None-Match") === head.httpEtag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get("Range"), head.size);
  if (range === "invalid") {
    // About this request's range only: no cache keeps it in the file's place.
    headers.set("Cache-Control", "no-store");
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response("Range Not Satisfiable", { status: 416, headers });
  }
  if (range) headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
  headers.set("Content-Length", String(range ? range.length : head.size));
  // A HEAD is answered from the object's metadata: its bytes are not read.
  if (request.method === "HEAD") return new Response(null, { status: range ? 206 : 200, headers });
  const object = await bucket.get(key, range ? { range } : undefined);
  if (!object) return notFound();
  return new Response(object.body, { status: range ? 206 : 200, headers });
}

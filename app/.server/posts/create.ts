import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { MAX_IMAGES_PER_POST, MENTIONS_NOTIFIED } from "~/lib/constants";
import type { ImageDimensions } from "~/lib/media-types";
import { POST_MESSAGES, UPLOAD_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";
import { CreatePostSchema, type CreatePostInput } from "~/lib/schemas/post";
import { extractHashtags, extractMentions } from "~/lib/text";
import { canPostIn, communityExists, mayPostInSql } from "../communities";
import type { Db } from "../db/client";
import { rawRows } from "../db/drizzle-internals";
import { mediaUploads, postHashtags, postMentions, posts, users } from "../db/schema";
import { newId } from "../ids";
import { inAnyBlockSql, inCommunitySql, inPrivateCommunitySql, keepsForFollowersSql, mutedByAnySql } from "./access";
import { checkMediaFile, deleteMedia, findClaimableMedia, mediaUrl, postMediaAllowance, storeMedia, type StoredMedia } from "../media";
import { subjects, type Limiter } from "../limits";
import { searchWordsOf } from "./words";
import { oncePerSend, refuse, type Outcome } from "../outcome";
import { canPostForSubscribers, hasUsername, offeringSql } from "../users";
import { parseSubmission } from "../submission";

/** Creating posts: the text with its hashtags and mentions as rows, and the member's uploads claimed. */

/**
 * A post as it is written: the form's fields, with each image's description (or undefined) in the
 * order of `imageKeys` (decision 092) instead of the form's own pairing of its fields.
 */
export type NewPost = Omit<CreatePostInput, "imageDescription" | "describedImage"> & { imageDescriptions?: (string | undefined)[] };

type Created = { postId: string; again: boolean; authorKeeps: boolean; privateCommunity: boolean; authorInBlock: boolean; authorMuted: boolean; mentionedIds: string[] };

/**
 * A post, once per composer's send: one sent again under the same `clientId` (its answer was lost) is
 * answered as the first was (`again`), whatever refuses it now (its uploads are claimed by the first).
 * A different post under an id already used (a page the browser kept, written anew) is a post of its own.
 */
export async function createPost(
  db: Db,
  authorId: string,
  input: NewPost,
  options: { communityId?: string | null; now?: number } = {},
): Promise<Outcome<Created>> {
  return oncePerSend(
    input,
    (sent) => writePost(db, authorId, sent, options),
    (clientId) => postSentAs(db, authorId, clientId),
    (stored) =>
      stored.content === input.content && stored.communityId === (options.communityId ?? null)
        ? { postId: stored.id, again: true, authorKeeps: false, privateCommunity: false, authorInBlock: false, authorMuted: false, mentionedIds: [] }
        : null,
  );
}

async function writePost(
  db: Db,
  authorId: string,
  input: NewPost,
  { communityId = null, now = Date.now() }: { communityId?: string | null; now?: number },
): Promise<Outcome<Created>> {
  const subscriberOnly = input.visibility === "subscribers";
  if (subscriberOnly && !(await canPostForSubscribers(db, authorId))) {
    return refuse(400, POST_MESSAGES.subscribersOnlyUnavailable, "visibility");
  }

  // The same upload named twice is attached once, with the description it was given first.
  const imageKeys = [...new Set(input.imageKeys)];
  const descriptions = imageKeys.map((key) => input.imageDescriptions?.[input.imageKeys.indexOf(key)] ?? null);
  const keys = [...imageKeys, ...(input.videoKey ? [input.videoKey] : [])];
  const claimable = new Map((await findClaimableMedia(db, authorId, keys)).map((media) => [media.key, media]));
  const kindsMatch =
    imageKeys.every((key) => claimable.get(key)?.kind === "image") &&
    (!input.videoKey || claimable.get(input.videoKey)?.kind === "video");
  if (!kindsMatch) return refuse(400, UPLOAD_MESSAGES.missing, "imageKeys");

  const id = newId(now);
  const hashtags = extractHashtags(input.content);
  // Each a row that notifies its member (a trigger, decision 032): the first MENTIONS_NOTIFIED names only.
  const mentions = extractMentions(input.content).slice(0, MENTIONS_NOTIFIED);
  const mediaUrls = imageKeys.length > 0 ? JSON.stringify(imageKeys.map(mediaUrl)) : null;
  const dimensions = dimensionsOf(imageKeys, claimable);
  // NULL unless one image has a description: the cards then read nothing more than before.
  const mediaDescriptions = descriptions.some((description) => description !== null) ? JSON.stringify(descriptions) : null;
  // Checked again as the post is written, in the same statement, so that nothing done meanwhile is
  // undone by it: the uploads are still the author's and unclaimed (two posts racing for one upload,
  // a discard), the author is still a member of the community (a leave, the community deleted), and
  // subscriber-only still offered.
  const guards = [
    keys.length > 0
      ? sql`(SELECT count(*) FROM ${mediaUploads} WHERE ${inArray(mediaUploads.key, keys)} AND ${mediaUploads.userId} = ${authorId} AND ${mediaUploads.postId} IS NULL) = ${keys.length}`
      : undefined,
    communityId ? mayPostInSql(authorId, communityId) : undefined,
    subscriberOnly ? offeringSql() : undefined,
  ].filter((guard) => guard !== undefined);
  const written = sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${id})`;
  const [author, inserted, ...rest] = await db.batch([
    // Whether the author keeps their posts for followers, or posts in a private community: the public
    // feed rooms are not told of it (decisions 031, 035, 036). Whether they are in a block: the rooms
    // leave the members in one with them out (decision 100).
    db
      .select({
        authorKeeps: keepsForFollowersSql(users.id),
        privateCommunity: communityId ? inPrivateCommunitySql(sql`${communityId}`) : sql<number>`0`,
        authorInBlock: inAnyBlockSql(users.id),
        // Whether anyone muted them: Home's rooms leave out those members (decision 107).
        authorMuted: mutedByAnySql(users.id),
      })
      .from(users)
      .where(eq(users.id, authorId)),
    rawRows<{ id: string }>(
      db,
      // A send repeated (its answer lost) names the composer's id again: the post is stored once.
      sql`INSERT INTO ${posts} (id, user_id, content, search_words, media_urls, media_dimensions, media_descriptions, video_url, location, is_subscriber_only, community_id, client_id, created_at)
        SELECT ${id}, ${users.id}, ${input.content}, ${searchWordsOf(input.content)}, ${mediaUrls}, ${dimensions ? JSON.stringify(dimensions) : null}, ${mediaDescriptions},
          ${input.videoKey ? mediaUrl(input.videoKey) : null}, ${input.location ?? null}, ${subscriberOnly ? 1 : 0}, ${communityId}, ${input.clientId ?? null}, ${now}
        FROM ${users} WHERE ${users.id} = ${authorId}${sql.join(guards.map((guard) => sql` AND ${guard}`))}
        ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id`,
    ),
    // Each only with the post (one row per statement: D1 binds at most 100 values per statement, and
    // 280 characters hold ~90 tags).
    ...hashtags.map((hashtag) =>
      rawRows(db, sql`INSERT INTO ${postHashtags} (post_id, hashtag, created_at) SELECT ${id}, ${hashtag}, ${now} WHERE ${written}`),
    ),
    ...mentions.map((username) =>
      // In a private community only its members are told (decision 035): anyone else is named, not linked.
      rawRows<{ userId: string | null }>(
        db,
        sql`INSERT INTO ${postMentions} (post_id, username, user_id)
          SELECT ${id}, ${username}, ${
            communityId
              ? sql`(SELECT ${users.id} FROM ${users} WHERE ${hasUsername(username)} AND ${inCommunitySql(sql`${users.id}`, sql`${communityId}`)})`
              : sql`(SELECT ${users.id} FROM ${users} WHERE ${hasUsername(username)})`
          } WHERE ${written}
          RETURNING user_id AS userId`,
      ),
    ),
    ...(keys.length > 0
      ? [
          db
            .update(mediaUploads)
            .set({ postId: id })
            .where(and(inArray(mediaUploads.key, keys), eq(mediaUploads.userId, authorId), isNull(mediaUploads.postId), written)),
        ]
      : []),
  ]);
  if (inserted.length === 0) return refusedAsWritten(db, authorId, communityId, subscriberOnly);
  // The members the mentions found, as the batch found them, but the author: their rooms are told to
  // read their unread count again (a member who turned mention notifications off reads an unchanged one).
  const mentioned = rest.slice(hashtags.length, hashtags.length + mentions.length) as { userId: string | null }[][];
  const mentionedIds = [...new Set(mentioned.flatMap((rows) => rows.map((row) => row.userId)))].filter(
    (userId): userId is string => userId !== null && userId !== authorId,
  );
  return { ok: true, postId: id, again: false, authorKeeps: Boolean(author[0]?.authorKeeps), privateCommunity: Boolean(author[0]?.privateCommunity), authorInBlock: Boolean(author[0]?.authorInBlock), authorMuted: Boolean(author[0]?.authorMuted), mentionedIds };
}

/** The member's post their composer already sent under `clientId` (a send repeated after its answer was lost). */
function postSentAs(db: Db, authorId: string, clientId: string) {
  return db.select({ id: posts.id, content: posts.content, communityId: posts.communityId }).from(posts).where(and(eq(posts.userId, authorId), eq(posts.clientId, clientId))).get();
}


/**
 * Why the post's guards held when it was read and not when it was written: the membership, the offering,
 * else an upload claimed or discarded meanwhile.
 */
async function refusedAsWritten(db: Db, authorId: string, communityId: string | null, subscriberOnly: boolean): Promise<Outcome<never>> {
  if (communityId && !(await canPostIn(db, authorId, communityId))) {
    return (await communityExists(db, communityId)) ? refuse(403, COMMUNITY_MESSAGES.membersOnlyPost) : refuse(404, COMMUNITY_MESSAGES.notFound);
  }
  if (subscriberOnly && !(await canPostForSubscribers(db, authorId))) return refuse(400, POST_MESSAGES.subscribersOnlyUnavailable, "visibility");
  return refuse(400, UPLOAD_MESSAGES.missing, "imageKeys");
}

/** The images' sizes in the post's order, or null unless every one is known (older uploads have none). */
function dimensionsOf(imageKeys: string[], uploads: Map<string, { width: number | null; height: number | null }>): ImageDimensions[] | null {
  const sizes = imageKeys.map((key) => uploads.get(key)).map((upload) => (upload?.width && upload.height ? { width: upload.width, height: upload.height } : null));
  return sizes.length > 0 && sizes.every((size) => size !== null) ? sizes : null;
}

/**
 * Each image's description in the post's order (the form's `imageKeys`, then the files picked with
 * it), from the form's pairing: the first descriptions go with the images `describedImage` names (a
 * description of an image no longer kept goes with it), the rest with the picked files in order. A
 * description with no file in its place is refused, by the number its field showed, rather than lost.
 */
export function describeImages(
  imageKeys: string[],
  fileKeys: string[],
  describedImage: string[],
  descriptions: (string | undefined)[],
): { ok: true; descriptions: (string | undefined)[] } | { ok: false; image: number } {
  const byKey = new Map(describedImage.map((key, index) => [key, descriptions[index]]));
  const forFiles = descriptions.slice(describedImage.length);
  const extra = forFiles.findIndex((description, index) => description !== undefined && index >= fileKeys.length);
  if (extra !== -1) return { ok: false, image: describedImage.length + extra + 1 };
  return { ok: true, descriptions: [...imageKeys.map((key) => byKey.get(key)), ...fileKeys.map((_, index) => forFiles[index])] };
}

/** Why a composed post was not created: the errors for the form, and the files already stored (kept for the next try). */
export type ComposeRefusal = {
  ok: false;
  status: 400 | 401 | 403 | 404 | 409 | 429 | 500;
  message: string | null;
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> };
  stored: StoredMedia[];
  retryAfterSeconds?: number;
};

const pickedFiles = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);

/**
 * The composer's form as it arrives: with JavaScript it names uploads already stored (imageKeys,
 * videoKey); without it the picked files travel in the same request. Files are checked by their bytes
 * and stored first; if only the text is wrong they are kept (as uploads the form then carries), so the
 * member loses nothing.
 */
export async function createPostWithFiles(
  db: Db,
  bucket: R2Bucket,
  limiter: Limiter,
  authorId: string,
  form: FormData,
  { communityId = null }: { communityId?: string | null } = {},
): Promise<{ ok: true; postId: string; again: boolean; hasVideo: boolean; authorKeeps: boolean; privateCommunity: boolean; authorInBlock: boolean; authorMuted: boolean; mentionedIds: string[] } | ComposeRefusal> {
  const images = pickedFiles(form, "images");
  const video = pickedFiles(form, "video").slice(0, 1);
  const refused = (errors: ComposeRefusal["errors"], stored: StoredMedia[] = [], status: ComposeRefusal["status"] = 400, message: string | null = null): ComposeRefusal =>
    ({ ok: false, status, message, errors, stored });
  /** Something broke on our side: the spec's 'Failed to create post', above the form too. */
  const failed = (error: unknown, stored: StoredMedia[]) => {
    console.error("creating a post failed:", error);
    return refused({ formErrors: [POST_MESSAGES.createFailed] }, stored, 500, POST_MESSAGES.createFailed);
  };

  const attached = form.getAll("imageKeys").length + images.length;
  if (attached > MAX_IMAGES_PER_POST || (video.length > 0 && attached > 0)) {
    return refused({ fieldErrors: { imageKeys: [POST_MESSAGES.tooManyImages] } });
  }
  const checked = [];
  for (const [file, kind] of [...images.map((f) => [f, "image"] as const), ...video.map((f) => [f, "video"] as const)]) {
    const check = await checkMediaFile(file, kind);
    if (!check.ok) return refused({ fieldErrors: { imageKeys: [check.message] } });
    checked.push({ file, type: check.type });
  }
  // Files picked without JavaScript count against the member's uploads, as /uploads does one by one.
  if (checked.length > 0) {
    const verdict = await limiter.hit([subjects.member(authorId)], "upload", { count: checked.length });
    if (!verdict.allowed) {
      return { ...refused({ formErrors: [UPLOAD_MESSAGES.tooMany] }, [], 429, UPLOAD_MESSAGES.tooMany), retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const allowance = await postMediaAllowance(db, authorId, checked.reduce((sum, { file }) => sum + file.size, 0));
    if (!allowance.allowed) {
      return { ...refused({ formErrors: [allowance.message] }, [], 429, allowance.message), retryAfterSeconds: allowance.retryAfterSeconds };
    }
  }
  const stored: StoredMedia[] = [];
  try {
    for (const { file, type } of checked) stored.push(await storeMedia(db, bucket, authorId, file, type, "posts"));
  } catch (error) {
    return failed(error, stored);
  }

  const submission = parseSubmission(form, { schema: CreatePostSchema });
  if (submission.status !== "success") return refused({}, stored);
  const { imageDescription, describedImage, ...fields } = submission.value;
  const storedImages = stored.filter((m) => m.kind === "image").map((m) => m.key);
  const described = describeImages(fields.imageKeys, storedImages, describedImage ?? [], imageDescription ?? []);
  if (!described.ok) return refused({ fieldErrors: { imageDescription: [IMAGE_DESCRIPTION_TEXTS.withoutImage(described.image)] } }, stored);
  const input: NewPost = {
    ...fields,
    imageKeys: [...fields.imageKeys, ...storedImages],
    imageDescriptions: described.descriptions,
    videoKey: fields.videoKey ?? stored.find((m) => m.kind === "video")?.key,
  };
  try {
    const outcome = await createPost(db, authorId, input, { communityId });
    if (!outcome.ok) {
      const message = outcome.message ?? POST_MESSAGES.createFailed;
      // A field's problem shows under it; one of the post as a whole (the community) above the form and as a toast.
      if (outcome.field) return refused({ fieldErrors: { [outcome.field]: [message] } }, stored, outcome.status);
      return refused({ formErrors: [message] }, stored, outcome.status, message);
    }
    const { again, authorKeeps, privateCommunity, authorInBlock, authorMuted, mentionedIds } = outcome;
    // Sent again without JavaScript, its files came again too: the post already has the first ones.
    if (again) await deleteMedia(db, bucket, stored.map((media) => media.key)).catch((error: unknown) => console.error("deleting a repeated post's files failed:", error));
    return { ok: true, postId: outcome.postId, again, hasVideo: Boolean(input.videoKey), authorKeeps, privateCommunity, authorInBlock, authorMuted, mentionedIds };
  } catch (error) {
    return failed(error, stored);
  }
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { UPLOAD_MESSAGES } from "~/lib/messages";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import type { ProfileSettingsInput } from "~/lib/schemas/settings";
import type { SessionUser } from "~/lib/types/member";
import type { ProfilePhoto } from "~/lib/types/settings";
import type { Db } from "./db/client";
import { mediaUploads, users } from "./db/schema";
import { inParts } from "./db/chunks";
import { purgePublicProfile, purgePublicProfilesAt } from "./edge-cache";
import { checkMediaFile, deleteMedia, mediaKeyOf, storeMedia, type StoredMedia } from "./media";
import { refuse, type Outcome } from "./outcome";
import { fetchRemoteImage } from "./remote-image";

/**
 * What a member changes on their own profile (spec document 2 §2 "Settings" and "Profile"): its
 * fields, the avatar and the banner. A photo Murmur stored and the profile no longer shows is deleted
 * from R2. An avatar URL elsewhere is copied into R2 when saved (docs/decisions/080); one saved before
 * that is never touched, only not shown.
 */

/**
 * The one way a change to what a member's public profile shows is written: its fields, avatar, banner,
 * and the privacy settings that shape it (profileVisibility, indexProfile). The writes go in one batch
 * with `users.updated_at` set to now, so that column says when the public profile last changed; then
 * the member's public profile is purged from the edge cache (docs/decisions/028).
 */
export async function changePublicProfile<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(
  context: AppLoadContext,
  member: Pick<SessionUser, "id" | "username">,
  writes: T,
  now = Date.now(),
): Promise<BatchResponse<T>> {
  const { db } = context;
  const [, ...answers] = await db.batch([db.update(users).set({ updatedAt: new Date(now) }).where(eq(users.id, member.id)), ...writes]);
  await purgePublicProfile(context, member.username);
  return answers as BatchResponse<T>;
}

/**
 * A verified badge given or taken by no member's request (Stripe's webhook, the subscription job)
 * changes those members' public profiles: they are purged by id, under the origins given. Never fails
 * what changed them: a failure is logged, and the cached page ages out (docs/decisions/028).
 */
export async function purgeProfilesOfMembers(db: Db, origins: string[], memberIds: string[]): Promise<void> {
  if (memberIds.length === 0) return;
  try {
    const found = await inParts(db, [...new Set(memberIds)], (ids) => db.select({ username: users.username }).from(users).where(inArray(users.id, ids)));
    await purgePublicProfilesAt(origins, found.map((row) => row.username));
  } catch (error) {
    console.error("Purging the public profiles of members whose badge changed failed:", error);
  }
}

/** Who changes their profile, and where: the request's context (database, media bucket, edge cache). */
type Owner = { context: AppLoadContext; member: Pick<SessionUser, "id" | "username"> };

const PHOTO = {
  avatar: { column: users.avatarUrl, purpose: "avatars" },
  banner: { column: users.bannerUrl, purpose: "banners" },
} as const;

/**
 * The key of a photo this member uploaded for `photo`, when `url` is one (served from /media); null
 * for anything else: a default, an address elsewhere, a post's image, another member's upload.
 */
async function ownStoredPhoto(db: Db, memberId: string, photo: ProfilePhoto, url: string | null): Promise<string | null> {
  const key = mediaKeyOf(url);
  if (!key) return null;
  const row = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.key, key), eq(mediaUploads.userId, memberId), eq(mediaUploads.purpose, PHOTO[photo].purpose)))
    .get();
  return row?.key ?? null;
}

/**
 * Deletes the member's stored photos among `urls` that the profile no longer shows. The profile has
 * already changed, so a failure here is logged, not answered (an object R2 refused now, the cron deletes later).
 */
async function deleteReplacedPhotos(db: Db, bucket: R2Bucket, memberId: string, photo: ProfilePhoto, urls: (string | null)[], current: string | null) {
  try {
    const keys = [];
    for (const url of new Set(urls)) {
      if (url === current) continue;
      const key = await ownStoredPhoto(db, memberId, photo, url);
      if (key) keys.push(key);
    }
    await deleteMedia(db, bucket, keys);
  } catch (error) {
    console.error(`deleting a replaced ${photo} failed:`, error);
  }
}

/** The photo the member's profile shows now (read in the same batch as the change, so races see their own). */
const currentPhoto = (db: Db, memberId: string, photo: ProfilePhoto) =>
  db.select({ url: PHOTO[photo].column }).from(users).where(eq(users.id, memberId));

/**
 * Saves the profile form (display name, bio, location, website, avatar URL); an empty field clears.
 * An avatar on this site (a path) is either the one the profile already shows or one of the member's
 * own stored avatars, never another member's upload. An avatar elsewhere is copied in first
 * (`copyAvatarIn`) and the profile keeps the copy; if it cannot be, nothing is saved.
 */
export async function updateProfile({ context, member }: Owner, input: ProfileSettingsInput, now = Date.now()): Promise<Outcome> {
  const { db } = context;
  const bucket = context.cloudflare.env.MEDIA;
  const memberId = member.id;
  const [before] = await db.select({ url: users.avatarUrl }).from(users).where(eq(users.id, memberId));
  if (!before) return refuse(404, SETTINGS_MESSAGES.profileFailed);
  let avatarUrl = input.avatarUrl ?? null;
  let copied: StoredMedia | null = null;
  if (avatarUrl?.startsWith("/")) {
    if (avatarUrl !== before.url && !(await ownStoredPhoto(db, memberId, "avatar", avatarUrl))) {
      return refuse(400, SETTINGS_MESSAGES.avatarUrlInvalid, "avatarUrl");
    }
  } else if (avatarUrl) {
    const copy = await copyAvatarIn(db, bucket, memberId, avatarUrl, now);
    if (!copy.ok) return copy;
    copied = copy.stored;
    avatarUrl = copied.url;
  }
  let replaced: { url: string | null }[];
  let saved: { url: string | null }[];
  try {
    [replaced, , saved] = await changePublicProfile(
      context,
      member,
      [
        currentPhoto(db, memberId, "avatar"),
        db
          .update(users)
          .set({
            displayName: input.displayName,
            bio: input.bio ?? null,
            location: input.location ?? null,
            website: input.website ?? null,
            // The avatar the form was shown (or none), unchanged, is written only while it is still the
            // profile's: one uploaded meanwhile (which deleted the old one's file) is kept.
            avatarUrl: avatarUrl === before.url ? sql`CASE WHEN ${users.avatarUrl} IS ${before.url} THEN ${avatarUrl} ELSE ${users.avatarUrl} END` : avatarUrl,
          })
          .where(eq(users.id, memberId)),
        currentPhoto(db, memberId, "avatar"),
      ],
      now,
    );
  } catch (error) {
    // Nothing shows the copy: it goes again rather than stay behind.
    if (copied) await deleteMedia(db, bucket, [copied.key]).catch(() => {});
    throw error;
  }
  await deleteReplacedPhotos(db, bucket, memberId, "avatar", [before.url, replaced[0]?.url ?? null], saved[0]?.url ?? avatarUrl);
  return { ok: true };
}

/**
 * The picture at an avatar URL elsewhere, fetched once (https only, within a time and an image's size
 * limit), checked by its bytes as an upload is and stored as the member's avatar upload, so the copy is
 * served from /media and deleted like any uploaded avatar once replaced (docs/decisions/080). A refusal
 * is the avatar URL field's.
 */
async function copyAvatarIn(db: Db, bucket: R2Bucket, memberId: string, address: string, now: number): Promise<Outcome<{ stored: StoredMedia }>> {
  const fetched = await fetchRemoteImage(address);
  if (!fetched.ok) {
    return refuse(400, fetched.reason === "too-large" ? UPLOAD_MESSAGES.imageTooLarge : SETTINGS_MESSAGES.avatarUrlUnreachable, "avatarUrl");
  }
  const check = await checkMediaFile(fetched.file, "image");
  if (!check.ok) return refuse(400, SETTINGS_MESSAGES.avatarUrlNotImage, "avatarUrl");
  return { ok: true, stored: await storeMedia(db, bucket, memberId, fetched.file, check.type, PHOTO.avatar.purpose, now) };
}

/**
 * A new avatar or banner from a picked file: images only, checked by their bytes with the composer's
 * limits (document 1 §5 uploads), stored in R2, shown at once; the photo it replaces is deleted if
 * Murmur stored it. The refusal's message is the upload's reason ('Please select an image file').
 */
export async function replaceProfilePhoto({ context, member }: Owner, photo: ProfilePhoto, file: File | null, now = Date.now()): Promise<Outcome<{ url: string }>> {
  const { db } = context;
  const bucket = context.cloudflare.env.MEDIA;
  const memberId = member.id;
  if (!file || file.size === 0) return refuse(400, SETTINGS_MESSAGES.noPhoto, "photo");
  const check = await checkMediaFile(file, "image");
  if (!check.ok) return refuse(400, check.message, "photo");
  const stored = await storeMedia(db, bucket, memberId, file, check.type, PHOTO[photo].purpose, now);
  let replaced: { url: string | null }[];
  try {
    [replaced] = await changePublicProfile(context, member, [currentPhoto(db, memberId, photo), db.update(users).set({ [photo === "avatar" ? "avatarUrl" : "bannerUrl"]: stored.url }).where(eq(users.id, memberId))], now);
  } catch (error) {
    // Nothing shows the new object: it goes again rather than stay behind.
    await deleteMedia(db, bucket, [stored.key]).catch(() => {});
    throw error;
  }
  await deleteReplacedPhotos(db, bucket, memberId, photo, [replaced[0]?.url ?? null], stored.url);
  return { ok: true, url: stored.url };
}

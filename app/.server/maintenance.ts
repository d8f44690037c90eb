import { and, inArray, lt } from "drizzle-orm";
import { PASSWORD_RESET_LIFETIME_MS, SESSION_CLEANUP_BATCH, TIME, VIEW_CLEANUP_BATCH } from "~/lib/constants";
import { getDb, type Db } from "./db/client";
import { firstIdAt } from "./ids";
import { emailOutbox, passwordResetTokens, sessions, userActivity } from "./db/schema";
import { readConfig } from "./env";
import { mailerOf } from "./mail";
import { deleteAbandonedUploads, emptyMediaTrash } from "./media";
import { sendNotificationDigests } from "./notification-digests";
import { deleteOldNotifications } from "./notifications";
import { deleteOldSupportRequests, mailSupportRequests } from "./support";
import { deleteDeadInvites } from "./communities";
import { refreshPopularPosts } from "./popular-posts";
import { fillPostSearchWords } from "./posts/words";
import { mergeSearchIndex, SEARCH_INDEXES } from "./search-indexes";
import { deleteOldReports, mailReports } from "./reports";
import { purgeProfilesOfMembers } from "./profile-changes";
import { expireSubscriptions } from "./subscriptions";
import { refreshTrends } from "./trends";

/** The cron runs every minute; the heavier jobs run in every fifth minute. */
const HEAVY_EVERY_MINUTES = 5;

/** Whether a cron time is one of the five-minute slots (12:00, 12:05, …). */
export function isFiveMinuteSlot(at: number): boolean {
  return Math.floor(at / TIME.MINUTE) % HEAVY_EVERY_MINUTES === 0;
}

/** Sessions (the oldest SESSION_CLEANUP_BATCH a run, by their index) and reset links that have expired, and the mails that carried those links. */
export function deleteExpiredAccess(db: Db, now: number) {
  const expired = db.select({ id: sessions.id }).from(sessions).where(lt(sessions.expiresAt, new Date(now))).orderBy(sessions.expiresAt).limit(SESSION_CLEANUP_BATCH);
  return db.batch([
    db.delete(sessions).where(inArray(sessions.id, expired)),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))),
    // The outbox's mails carry their reset links in the clear (the tokens table keeps only their
    // hashes): gone once those links have expired (decision 070).
    db.delete(emailOutbox).where(lt(emailOutbox.id, firstIdAt(now - PASSWORD_RESET_LIFETIME_MS))),
  ]);
}

/**
 * Views of days before yesterday (UTC), at most VIEW_CLEANUP_BATCH a run: a view's row only keeps the
 * same member's view of the same post that day from counting twice (views_count keeps the total), so
 * older rows are never read again (decision 072). Found by the id's time (ids.ts), so by the key's index.
 */
export function deleteOldViews(db: Db, now: number) {
  const today = Math.floor(now / TIME.DAY);
  const old = db
    .select({ id: userActivity.id })
    .from(userActivity)
    .where(and(lt(userActivity.id, firstIdAt((today - 1) * TIME.DAY)), lt(userActivity.day, today - 1)))
    .limit(VIEW_CLEANUP_BATCH);
  return db.delete(userActivity).where(inArray(userActivity.id, old));
}

/**
 * Cron housekeeping: every minute, subscriptions whose period ended end or renew (docs/decisions/037),
 * so gating and badges change on time, the notification digests that are due go out (076) and the
 * search indexes take a step of their merging (113); in a five-minute slot (or when `all`) also
 * expired sessions and reset links (and the mails that carried them), the hashtag trends
 * (docs/decisions/033), then explore's popular posts, ranked per category by those trends (034),
 * uploads no post claimed, the objects of deleted media that R2 refused at the time, views of past
 * days (072), notifications past their retention (093), older posts' search words (091), the messages
 * to support and the reports whose mail to the team did not go (078, 084) and those over a year old
 * (the Privacy Policy), and invites dead for 30 days (122). (Rate-limit objects forget themselves.)
 */
export async function runScheduledMaintenance(env: Env, now = Date.now(), { all = true }: { all?: boolean } = {}): Promise<void> {
  const db = getDb(env.DB);
  // Each job runs whatever happened to the one before (an R2 hiccup must not keep the trends stale);
  // a failure is reported once all have run.
  const jobs: [string, () => Promise<unknown>][] = [
    [
      "subscriptions",
      async () => {
        const config = readConfig(env);
        const { badgesEnded } = await expireSubscriptions(db, config, now);
        // A badge that ended changes the member's public profile (docs/decisions/028).
        await purgeProfilesOfMembers(db, [config.origin], badgesEnded);
      },
    ],
    [
      "notification digests",
      () => {
        const config = readConfig(env);
        // The mailer every sender uses (075): the provider when configured, else the outbox.
        // The cookie secret signs each digest's unsubscribe link (085).
        return sendNotificationDigests(db, mailerOf({ db, config }), { origin: config.origin, now, secret: config.cookieSecret });
      },
    ],
    // Each index its own job: one that fails keeps no other from its step (decision 113).
    ...SEARCH_INDEXES.map((index): [string, () => Promise<unknown>] => [`${index}'s merging`, () => mergeSearchIndex(db, index)]),
  ];
  if (all) jobs.push(
    ["expired sessions and reset links", () => deleteExpiredAccess(db, now)],
    ["the trends", () => refreshTrends(db, now)],
    ["abandoned uploads", () => deleteAbandonedUploads(db, env.MEDIA, now)],
    ["deleted media's objects", () => emptyMediaTrash(db, env.MEDIA)],
    ["old views", () => deleteOldViews(db, now)],
    ["old notifications", () => deleteOldNotifications(db, now)],
    ["the popular posts", () => refreshPopularPosts(db, now)],
    ["older posts' search words", () => fillPostSearchWords(db)],
    [
      "messages to support",
      async () => {
        // Those whose mail after the answer failed (or never ran), priority first (decision 078).
        const config = readConfig(env);
        if (config.supportEmail) await mailSupportRequests(db, mailerOf({ db, config }), config.supportEmail, { now });
      },
    ],
    ["old messages to support", () => deleteOldSupportRequests(db, now)],
    ["long-dead invites", () => deleteDeadInvites(db, now)],
    [
      "reports to the team",
      async () => {
        // Those whose mail after the answer failed (or never ran), the oldest first (decision 084).
        const config = readConfig(env);
        if (config.supportEmail) await mailReports(db, mailerOf({ db, config }), config.supportEmail, { origin: config.origin, now });
      },
    ],
    ["old reports", () => deleteOldReports(db, now)],
  );
  const failed: string[] = [];
  for (const [name, job] of jobs) {
    try {
      await job();
    } catch (error) {
      console.error(`Scheduled maintenance: ${name} failed:`, error);
      failed.push(name);
    }
  }
  if (failed.length > 0) throw new Error(`Scheduled maintenance failed: ${failed.join(", ")}`);
}

import { lt } from "drizzle-orm";
import { getDb } from "./db/client";
import { passwordResetTokens, sessions } from "./db/schema";
import { deleteAbandonedUploads } from "./media";
import { refreshPopularPosts } from "./popular-posts";
import { refreshTrends } from "./trends";

/**
 * Cron housekeeping: expired sessions and reset links; the hashtag trends (docs/decisions/033), then
 * explore's popular posts, ranked per category by those trends (034); uploads no post claimed.
 * (Rate-limit objects forget themselves.)
 */
export async function runScheduledMaintenance(env: Env, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  // Each job runs whatever happened to the one before (an R2 hiccup must not keep the trends stale);
  // a failure is reported once all have run.
  const jobs: [string, () => Promise<unknown>][] = [
    [
      "expired sessions and reset links",
      () =>
        db.batch([
          db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
          db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))),
        ]),
    ],
    ["the trends", () => refreshTrends(db, now)],
    ["abandoned uploads", () => deleteAbandonedUploads(db, env.MEDIA, now)],
    ["the popular posts", () => refreshPopularPosts(db, now)],
  ];
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

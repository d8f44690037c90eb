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
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))),
  ]);
  await refreshTrends(db, now);
  await deleteAbandonedUploads(db, env.MEDIA, now);
  await refreshPopularPosts(db, now);
}

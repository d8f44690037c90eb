import { lt } from "drizzle-orm";
import { getDb } from "./db/client";
import { passwordResetTokens, sessions } from "./db/schema";
import { deleteAbandonedUploads } from "./media";
import { refreshPopularPosts } from "./popular-posts";

/** Cron housekeeping: expired sessions and reset links; uploads no post claimed; explore's popular posts. (Rate-limit objects forget themselves.) */
export async function runScheduledMaintenance(env: Env, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))),
  ]);
  await deleteAbandonedUploads(db, env.MEDIA, now);
  await refreshPopularPosts(db, now);
}

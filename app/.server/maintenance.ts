import { lt } from "drizzle-orm";
import { AUTH_RATE_LIMIT } from "~/lib/constants";
import { getDb } from "./db/client";
import { passwordResetTokens, sessions } from "./db/schema";
import { deleteAbandonedUploads } from "./media";
import { deleteExpiredRateLimits } from "./rate-limit";

/** Cron housekeeping: expired sessions, reset links and rate-limit windows; uploads no post claimed. */
export async function runScheduledMaintenance(env: Env, now = Date.now()): Promise<void> {
  const db = getDb(env.DB);
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))),
  ]);
  await deleteExpiredRateLimits(db, AUTH_RATE_LIMIT, now);
  await deleteAbandonedUploads(db, env.MEDIA, now);
}

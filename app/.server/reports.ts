import { sql } from "drizzle-orm";
import { POST_MESSAGES } from "~/lib/messages";
import type { ReportReason } from "~/lib/post-options";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { actableTargetId, findTargetPost } from "./posts/access";
import { reports } from "./db/schema";
import { newId } from "./ids";
import { refuse, type Outcome } from "./outcome";

/**
 * Reports are stored for review; a member has at most one open report per post. A post one may not
 * see cannot be reported (it does not exist for them), nor can one's own.
 */
export async function reportPost(
  db: Db,
  userId: string,
  postId: string,
  input: { reason: ReportReason; additionalInfo?: string },
  now = Date.now(),
): Promise<Outcome<{ reportId: string }>> {
  const target = await findTargetPost(db, userId, postId, now);
  if (!target?.canView) return refuse(404, POST_MESSAGES.notFound);
  if (target.userId === userId) return refuse(403, POST_MESSAGES.ownReport);
  // Only if, as it is written, the post still exists and the member may still see it (deleted meanwhile: 404).
  const inserted = await rawRows<{ id: string }>(
    db,
    sql`INSERT INTO ${reports} (id, post_id, reported_by, reason, additional_info, reported_at)
      SELECT ${newId(now)}, ${target.id}, ${userId}, ${input.reason}, ${input.additionalInfo ?? null}, ${now}
      WHERE ${actableTargetId(userId, target.id, now, { notOwn: true })} IS NOT NULL
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!inserted[0] && !(await findTargetPost(db, userId, postId, now))?.canView) return refuse(404, POST_MESSAGES.notFound);
  if (!inserted[0]) return refuse(409, POST_MESSAGES.alreadyReported);
  return { ok: true, reportId: inserted[0].id };
}

import { POST_MESSAGES } from "~/lib/messages";
import type { ReportReason } from "~/lib/post-options";
import { findTargetPost } from "./posts/access";
import type { Db } from "./db/client";
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
  const inserted = await db
    .insert(reports)
    .values({
      id: newId(now),
      postId: target.id,
      reportedBy: userId,
      reason: input.reason,
      additionalInfo: input.additionalInfo ?? null,
      reportedAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!inserted[0]) return refuse(409, POST_MESSAGES.alreadyReported);
  return { ok: true, reportId: inserted[0].id };
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { asc, inArray, sql } from "drizzle-orm";
import { REPORT_CLEANUP_BATCH, REPORT_RETENTION_MS } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { REPORT_REASON_LABELS, type ReportReason } from "~/lib/post-options";
import { REPORT_MAIL_TEXTS } from "~/lib/texts/report";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { mediaUploads, posts, reports, users } from "./db/schema";
import { newId } from "./ids";
import { mailerOf, type Mailer, type MailMessage } from "./mail";
import { actableTargetId, findTargetPost } from "./posts/access";
import { refuse, type Outcome } from "./outcome";
import { deleteOldQueued, mailQueued, type TeamQueue } from "./team-queue";

/**
 * Reports of posts (decision 084). A member has at most one open report per post; a post one may not
 * see cannot be reported (it does not exist for them), nor can one's own. Each report is mailed to the
 * team (SUPPORT_EMAIL) after the answer, once, and the cron sends those whose mail failed, as messages
 * to support are (team-queue.ts). It keeps a snapshot of what was reported (the post's words, its
 * author's id and username, its community, its media keys), written in the same statement that checks
 * the post, so the report outlives the post and its author's account; a year later the cron deletes it.
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
  const mediaKeys = sql`(SELECT json_group_array(media.key) FROM (SELECT ${mediaUploads.key} AS key FROM ${mediaUploads}
    WHERE ${mediaUploads.postId} = reported.id ORDER BY ${mediaUploads.createdAt}, ${mediaUploads.key}) AS media)`;
  const inserted = await rawRows<{ id: string }>(
    db,
    sql`INSERT INTO ${reports} (id, post_id, reported_by, reason, additional_info, reported_at,
        reported_post_id, post_content, post_author_id, post_author_username, post_community_id, post_media_keys, reporter_username)
      SELECT ${newId(now)}, reported.id, reporter.id, ${input.reason}, ${input.additionalInfo ?? null}, ${now},
        reported.id, reported.content, reported.user_id, author.username, reported.community_id, ${mediaKeys}, reporter.username
      FROM ${posts} AS reported
      JOIN ${users} AS author ON author.id = reported.user_id
      JOIN ${users} AS reporter ON reporter.id = ${userId}
      WHERE reported.id = ${actableTargetId(userId, target.id, now, { notOwn: true })}
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!inserted[0] && !(await findTargetPost(db, userId, postId, now))?.canView) return refuse(404, POST_MESSAGES.notFound);
  if (!inserted[0]) return refuse(409, POST_MESSAGES.alreadyReported);
  return { ok: true, reportId: inserted[0].id };
}

type Unmailed = {
  id: string;
  reason: ReportReason;
  additionalInfo: string | null;
  reporterUsername: string | null;
  reportedPostId: string;
  postContent: string;
  postAuthorId: string;
  postAuthorUsername: string;
  postCommunityId: string | null;
  postMediaKeys: string[];
};

/**
 * The team's mail about a report: plain text only (the post's words as written, never markup), with
 * the post's address on this site and its media's, and what the snapshot keeps of its author.
 */
function reportMail(origin: string, report: Unmailed, to: string): MailMessage {
  const T = REPORT_MAIL_TEXTS;
  const reason = REPORT_REASON_LABELS[report.reason];
  return {
    to,
    subject: T.subject(reason, report.postAuthorUsername),
    text: [
      T.reason(reason),
      T.reporter(report.reporterUsername),
      T.post(`${origin}/post/${report.reportedPostId}`),
      T.author(report.postAuthorUsername, report.postAuthorId),
      T.community(report.postCommunityId),
      T.media(report.postMediaKeys.length),
      ...report.postMediaKeys.map((key) => `  ${origin}/media/${key}`),
      T.reference(report.id),
      "",
      ...(report.additionalInfo ? [T.info, report.additionalInfo] : [T.noInfo]),
      "",
      T.content,
      report.postContent,
      "",
      "—",
      T.keptHint,
    ].join("\n"),
  };
}

/** Reports as the team's queue (team-queue.ts): the oldest first. Their mails link to this site (`origin`). */
function reportQueue(origin: string): TeamQueue<Unmailed> {
  return {
    what: "reports",
    table: reports,
    columns: { id: reports.id, mailedAt: reports.mailedAt, mailClaimedAt: reports.mailClaimedAt },
    order: [asc(reports.id)],
    read: (db, ids) =>
      db
        .select({
          id: reports.id,
          reason: reports.reason,
          additionalInfo: reports.additionalInfo,
          reporterUsername: reports.reporterUsername,
          reportedPostId: reports.reportedPostId,
          postContent: reports.postContent,
          postAuthorId: reports.postAuthorId,
          postAuthorUsername: reports.postAuthorUsername,
          postCommunityId: reports.postCommunityId,
          postMediaKeys: reports.postMediaKeys,
        })
        .from(reports)
        .where(inArray(reports.id, ids))
        .orderBy(asc(reports.id)),
    mail: (report, to) => reportMail(origin, report, to),
  };
}

/**
 * Mails the given unmailed reports (or, without ids, those the cron is due to send) to `to`, each once
 * (team-queue.ts). Throws when any was not sent; answers how many went.
 */
export function mailReports(db: Db, mailer: Mailer, to: string, { origin, now, ids }: { origin: string; now: number; ids?: string[] }): Promise<number> {
  return mailQueued(db, reportQueue(origin), mailer, to, { now, ids });
}

/**
 * The team hears of a new report after the member's answer (waitUntil), at SUPPORT_EMAIL; a mail that
 * fails is logged and goes again with the cron.
 */
export function mailReportAfterAnswer(context: Pick<AppLoadContext, "db" | "config" | "cloudflare">, reportId: string, now: number): void {
  const to = context.config.supportEmail;
  if (!to) return;
  context.cloudflare.ctx.waitUntil(
    mailReports(context.db, mailerOf(context), to, { origin: context.config.origin, now, ids: [reportId] }).catch((error: unknown) =>
      console.error("A report was not mailed to the team; the cron sends it again:", error),
    ),
  );
}

/**
 * Reports filed more than REPORT_RETENTION_MS ago, the oldest `batch` a run (the Privacy Policy says
 * how long they are kept). Answers how many went.
 */
export function deleteOldReports(db: Db, now: number, { batch = REPORT_CLEANUP_BATCH }: { batch?: number } = {}): Promise<number> {
  return deleteOldQueued(db, { table: reports, columns: { id: reports.id, mailedAt: reports.mailedAt, mailClaimedAt: reports.mailClaimedAt } }, now, {
    retentionMs: REPORT_RETENTION_MS,
    batch,
  });
}

import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { deleteAccount } from "~/.server/account-deletion";
import { createCommunity } from "~/.server/communities";
import { emailOutbox, mediaUploads, reports, users } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { MailError } from "~/.server/mail";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { deletePost } from "~/.server/posts/delete";
import { deleteOldReports, mailReports, reportPost } from "~/.server/reports";
import { REPORT_RETENTION_MS, TEAM_MAIL_RETRY_AFTER_MS, TIME } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { buildMediaUpload, unique } from "../fixtures/factories";
import { createPost, createUser, db, expectRetentionInBatches, fetchWorker, formPost, limiter, member, TEST_PASSWORD, keepingMailer } from "./helpers";

/**
 * Reports reach the team (decision 084): each is mailed to SUPPORT_EMAIL after the answer, once, and
 * sent again by the cron when that failed; it keeps a snapshot of what was reported, so it outlives the
 * post and its author's account; a reporter's deletion leaves it anonymous; a year later it is deleted.
 */

const TEAM = "support@murmur.example";
const ORIGIN = "https://murmur.example";

const reportsOf = (reporterId: string) => db().select().from(reports).where(eq(reports.reportedBy, reporterId)).orderBy(reports.id).all();
const reportById = (id: string) => db().select().from(reports).where(eq(reports.id, id)).get();

/** A post in a community, with an image: everything the snapshot keeps. */
async function reportedWorld() {
  const author = await createUser();
  const reporter = await createUser();
  const community = await createCommunity(db(), author.id, { name: unique("Reported "), description: undefined, isPrivate: false });
  if (!community.ok) throw new Error("no community");
  const post = await createPost(author.id, { content: "Buy followers now!\n<b>cheap</b>", communityId: community.communityId });
  const upload = buildMediaUpload(author.id, { postId: post.id });
  await db().insert(mediaUploads).values(upload);
  return { author, reporter, post, communityId: community.communityId, mediaKey: upload.key };
}

async function filed(reporterId: string, postId: string, now = Date.now(), additionalInfo?: string) {
  const outcome = await reportPost(db(), reporterId, postId, { reason: "spam", additionalInfo }, now);
  if (!outcome.ok) throw new Error(`not reported: ${outcome.message}`);
  return outcome.reportId;
}

describe("a report reaches the team", () => {
  it("the form's report is mailed to SUPPORT_EMAIL after the answer (locally, the outbox), in plain text", async () => {
    const { user, cookie } = await member();
    const author = await createUser();
    const post = await createPost(author.id, { content: `Reported words ${unique("w-")}` });
    const response = await fetchWorker(
      formPost(`/post/${post.id}/report.data`, { intent: "report", reason: "harassment", additionalInfo: "They keep writing to me." }, { Cookie: cookie }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(POST_MESSAGES.reported);
    const [report] = await reportsOf(user.id);
    if (!report) throw new Error("not stored");
    const config = readConfig(env);
    await vi.waitFor(async () => {
      const mails = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, config.supportEmail!)).all()).filter((mail) => mail.textBody.includes(report.id));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: `Report: Harassment or Bullying (@${author.username})`, htmlBody: null });
      for (const line of [`Post: ${config.origin}/post/${post.id}`, `Reported by: @${user.username}`, "They keep writing to me.", post.content]) {
        expect(mails[0]!.textBody).toContain(line);
      }
    });
    expect((await reportById(report.id))?.mailedAt).not.toBeNull();
  });

  it("the mail names the reason, the reporter, the post's address, author, community and media, the words as written; once", async () => {
    const { author, reporter, post, communityId, mediaKey } = await reportedWorld();
    const now = Date.now();
    const id = await filed(reporter.id, post.id, now, "Spam in every community.");
    const mailer = keepingMailer();
    expect(await mailReports(db(), mailer, TEAM, { origin: ORIGIN, now, ids: [id] })).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0]!;
    expect(mail).toMatchObject({ to: TEAM, subject: `Report: Spam (@${author.username})` });
    // Text only: the post's markup-like words go as they were written, never as HTML.
    expect(mail.html).toBeUndefined();
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text.split("\n")).toEqual([
      "Reason: Spam",
      `Reported by: @${reporter.username}`,
      `Post: ${ORIGIN}/post/${post.id}`,
      `Author: @${author.username} (account ${author.id})`,
      `Community: ${communityId}`,
      "Media:",
      `  ${ORIGIN}/media/${mediaKey}`,
      `Reference: ${id}`,
      "",
      "Additional information from the reporter:",
      "Spam in every community.",
      "",
      "The post as it was when reported:",
      "Buy followers now!",
      "<b>cheap</b>",
      "",
      "—",
      "The report keeps this snapshot for a year, even if the post or its author's account is deleted.",
    ]);
    // Claimed: neither the same call again nor the cron sends it twice.
    expect(await mailReports(db(), mailer, TEAM, { origin: ORIGIN, now, ids: [id] })).toBe(0);
    // (The cron may find other tests' reports whose mail is still on its way: only this one matters.)
    const cron = keepingMailer();
    await mailReports(db(), cron, TEAM, { origin: ORIGIN, now: now + TEAM_MAIL_RETRY_AFTER_MS + 1 });
    expect(cron.sent.filter((mail) => mail.text.includes(`Reference: ${id}`))).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });

  it("one whose mail failed gives its claim back and goes with the scheduled maintenance, to SUPPORT_EMAIL", async () => {
    const author = await createUser();
    const reporter = await createUser();
    const post = await createPost(author.id, { content: `Retried ${unique("r-")}` });
    const now = Date.now() + 40 * TIME.DAY;
    const id = await filed(reporter.id, post.id, now);
    const failing = keepingMailer(() => new MailError(500, "down"));
    await expect(mailReports(db(), failing, TEAM, { origin: ORIGIN, now, ids: [id] })).rejects.toThrow(/1 of 1 reports were not mailed/);
    expect(await reportById(id)).toMatchObject({ mailedAt: null, mailClaimedAt: null });
    // Not yet the cron's: the answer's own mail may still be on its way.
    const early = keepingMailer();
    await mailReports(db(), early, TEAM, { origin: ORIGIN, now: now + 1 });
    expect(early.sent.filter((mail) => mail.text.includes(`Reference: ${id}`))).toEqual([]);

    await runScheduledMaintenance(env, now + TEAM_MAIL_RETRY_AFTER_MS + 1);
    const config = readConfig(env);
    const mails = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, config.supportEmail!)).all()).filter((mail) => mail.textBody.includes(id));
    expect(mails.map((mail) => mail.subject)).toEqual([`Report: Spam (@${author.username})`]);
    expect(mails[0]!.textBody).toContain(`Post: ${config.origin}/post/${post.id}`);
    expect((await reportById(id))?.mailedAt).toEqual(new Date(now + TEAM_MAIL_RETRY_AFTER_MS + 1));
    // Sent: the next run does not send it again (it would mark it sent at its own time).
    await runScheduledMaintenance(env, now + 2 * TEAM_MAIL_RETRY_AFTER_MS);
    expect((await reportById(id))?.mailedAt).toEqual(new Date(now + TEAM_MAIL_RETRY_AFTER_MS + 1));
  });

  it("a post's deletion and a reporter's leaving find their reports by an index, not by reading a year of reports", async () => {
    for (const [column, index] of [["post_id", "reports_post_idx"], ["reported_by", "reports_reporter_idx"]]) {
      // The statement the foreign key's SET NULL runs.
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN UPDATE reports SET ${column} = NULL WHERE ${column} = ?`).bind("01TESTVALUE").all<{ detail: string }>();
      expect(plan.results.map((row) => row.detail).join("\n")).toContain(index);
    }
  });

  it("the refusals stay: a second report 409, one's own post 403, an unseen or deleted post 404", async () => {
    const { author, reporter, post } = await reportedWorld();
    await filed(reporter.id, post.id);
    expect(await reportPost(db(), reporter.id, post.id, { reason: "hate" })).toEqual({ ok: false, status: 409, message: POST_MESSAGES.alreadyReported });
    expect(await reportPost(db(), author.id, post.id, { reason: "hate" })).toMatchObject({ ok: false, status: 403 });
    const locked = await createPost(author.id, { isSubscriberOnly: true });
    expect(await reportPost(db(), reporter.id, locked.id, { reason: "spam" })).toMatchObject({ ok: false, status: 404 });
    expect((await deletePost(db(), env.MEDIA, author.id, post.id)).ok).toBe(true);
    const other = await createUser();
    expect(await reportPost(db(), other.id, post.id, { reason: "spam" })).toMatchObject({ ok: false, status: 404 });
    expect(await reportPost(db(), reporter.id, post.id, { reason: "spam" })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("a report outlives what it reports", () => {
  it("the post's deletion leaves the report and its snapshot (post_id is null)", async () => {
    const { author, reporter, post, communityId, mediaKey } = await reportedWorld();
    const id = await filed(reporter.id, post.id);
    expect((await deletePost(db(), env.MEDIA, author.id, post.id)).ok).toBe(true);
    expect(await reportById(id)).toMatchObject({
      postId: null,
      reportedBy: reporter.id,
      reportedPostId: post.id,
      postContent: post.content,
      postAuthorId: author.id,
      postAuthorUsername: author.username,
      postCommunityId: communityId,
      postMediaKeys: [mediaKey],
      reporterUsername: reporter.username,
      reason: "spam",
    });
  });

  it("the author's account deletion leaves it too, and its mail still names the post and its author", async () => {
    const author = await createUser();
    const reporter = await createUser();
    const post = await createPost(author.id, { content: "Deleted with my account" });
    const now = Date.now();
    const id = await filed(reporter.id, post.id, now);
    const place = { db: db(), bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, { id: author.id, email: author.email }, TEST_PASSWORD, { ip: unique("ip-"), devices: [] })).toEqual({ ok: true });
    expect(await db().select().from(users).where(eq(users.id, author.id)).get()).toBeUndefined();
    expect(await reportById(id)).toMatchObject({ postId: null, reportedPostId: post.id, postContent: "Deleted with my account", postAuthorId: author.id, postAuthorUsername: author.username });
    const mailer = keepingMailer();
    expect(await mailReports(db(), mailer, TEAM, { origin: ORIGIN, now, ids: [id] })).toBe(1);
    expect(mailer.sent[0]!.text).toContain(`Author: @${author.username} (account ${author.id})`);
    expect(mailer.sent[0]!.text).toContain("Deleted with my account");
  });

  it("the reporter's account deletion leaves the report anonymous: no id, no username", async () => {
    const author = await createUser();
    const reporter = await createUser();
    const post = await createPost(author.id);
    const id = await filed(reporter.id, post.id, Date.now(), "Seen on my feed.");
    const place = { db: db(), bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, { id: reporter.id, email: reporter.email }, TEST_PASSWORD, { ip: unique("ip-"), devices: [] })).toEqual({ ok: true });
    expect(await reportById(id)).toMatchObject({ postId: post.id, reportedBy: null, reporterUsername: null, additionalInfo: "Seen on my feed." });
    const mailer = keepingMailer();
    expect(await mailReports(db(), mailer, TEAM, { origin: ORIGIN, now: Date.now(), ids: [id] })).toBe(1);
    expect(mailer.sent[0]!.text).toContain("Reported by: a member who has since deleted their account");
    expect(mailer.sent[0]!.text).not.toContain(reporter.username);
  });
});

describe("how long a report is kept", () => {
  it("a report filed over a year ago is deleted, the oldest first and a bounded number a run; a younger one stays", async () => {
    const author = await createUser();
    const reporter = await createUser();
    await expectRetentionInBatches({
      retention: REPORT_RETENTION_MS,
      make: async (at) => filed(reporter.id, (await createPost(author.id)).id, at),
      left: async () => (await reportsOf(reporter.id)).map((row) => row.id),
      deleteOld: (now, options) => deleteOldReports(db(), now, options),
    });
  });

  it("the scheduled maintenance deletes them, the post's deletion or not", async () => {
    const author = await createUser();
    const reporter = await createUser();
    const now = Date.now();
    const gone = await createPost(author.id);
    await filed(reporter.id, gone.id, now - REPORT_RETENTION_MS - TIME.MINUTE);
    await deletePost(db(), env.MEDIA, author.id, gone.id);
    await filed(reporter.id, (await createPost(author.id)).id, now - REPORT_RETENTION_MS - TIME.MINUTE);
    const kept = await filed(reporter.id, (await createPost(author.id)).id, now - REPORT_RETENTION_MS + TIME.HOUR);
    // Mailed already, so that the run's mail job (which sends unmailed ones of any age) stays out of it.
    await db().update(reports).set({ mailedAt: new Date(now) }).where(eq(reports.reportedBy, reporter.id));
    await runScheduledMaintenance(env, now);
    expect((await reportsOf(reporter.id)).map((row) => row.id)).toEqual([kept]);
  });
});

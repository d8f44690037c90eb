import { data } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { SUPPORT_REQUEST_CLEANUP_BATCH, SUPPORT_REQUEST_RETENTION_MS, SUPPORT_REQUESTS_SHOWN } from "~/lib/constants";
import { SupportRequestSchema, type SupportRequestInput } from "~/lib/schemas/support";
import { SUPPORT_TOPIC_LABELS, type SupportTopic } from "~/lib/support-options";
import { SUPPORT_MESSAGES } from "~/lib/texts/support";
import type { SettingsAnswer } from "~/lib/types/settings";
import type { MemberActionArgs } from "./actions";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { selectRead, type Read } from "./db/reads";
import { supportRequests, users } from "./db/schema";
import { newId } from "./ids";
import { mailerOf, type Mailer, type MailMessage } from "./mail";
import { oncePerSend, refuse, type Outcome } from "./outcome";
import { returnToOf } from "./respond";
import { deleteOldQueued, mailQueued, type TeamQueue } from "./team-queue";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";
import { parseSubmission } from "./submission";

/**
 * Contact support (decision 078), the badge's Priority Support made real: a member's message is stored
 * (the team's queue, priority first) and mailed to the team's address (SUPPORT_EMAIL) after the answer,
 * with the member's address to reply to. `priority` is whether the member holds the verified badge as
 * the message is written (read in the same statement). A mail is claimed before it is sent, so it goes
 * once; one that failed (or whose isolate ended first) is the cron's a few minutes later, priority first
 * (the team's queue, team-queue.ts, which reports share: 084).
 */

export type SupportRequestItem = { id: string; topic: SupportTopic; message: string; priority: boolean; createdAt: Date };

/**
 * The member's latest messages to support, newest first (the Help Center lists them): a prepared read
 * that rides the session's round trip (decision 026).
 */
export function supportRequestsRead(db: Db, viewer: NonNullable<Viewer>): Read<SupportRequestItem[]> {
  return selectRead<SupportRequestItem>(
    db,
    `support-requests:${viewerKey(viewer)}`,
    () => {
      const fields = { id: supportRequests.id, topic: supportRequests.topic, message: supportRequests.message, priority: supportRequests.priority, createdAt: supportRequests.createdAt };
      const query = db
        .select(fields)
        .from(supportRequests)
        .where(sql`${supportRequests.userId} = ${viewerSql(viewer)!}`)
        .orderBy(desc(supportRequests.id))
        .limit(SUPPORT_REQUESTS_SHOWN);
      return { fields, query };
    },
    viewerValues(viewer),
  );
}

type Sent = { id: string; priority: boolean; fresh: boolean };

/**
 * Stores a member's message to support, once per form's send (decision 072): sent again under the same
 * `clientId` with the same words, it is answered as the first was (and mailed no second time).
 */
export async function sendSupportRequest(db: Db, memberId: string, input: SupportRequestInput, now = Date.now()): Promise<Outcome<Sent>> {
  return oncePerSend<SupportRequestInput, Sent, { id: string; topic: SupportTopic; message: string; priority: boolean }>(
    input,
    async (sent) => {
      const id = newId(now);
      const [row] = await rawRows<{ id: string; priority: number }>(
        db,
        sql`INSERT INTO ${supportRequests} (id, user_id, topic, message, priority, client_id, created_at)
          SELECT ${id}, ${users.id}, ${sent.topic}, ${sent.message}, ${users.verifiedType} IS NOT NULL, ${sent.clientId ?? null}, ${now}
          FROM ${users} WHERE ${users.id} = ${memberId}
          ON CONFLICT (user_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id, priority`,
      );
      return row ? { ok: true, id: row.id, priority: Boolean(row.priority), fresh: true } : refuse(409, SUPPORT_MESSAGES.sendFailed);
    },
    (clientId) =>
      db
        .select({ id: supportRequests.id, topic: supportRequests.topic, message: supportRequests.message, priority: supportRequests.priority })
        .from(supportRequests)
        .where(and(eq(supportRequests.userId, memberId), eq(supportRequests.clientId, clientId)))
        .get(),
    (first) => (first.topic === input.topic && first.message === input.message ? { id: first.id, priority: first.priority, fresh: false } : null),
  );
}

type Unmailed = {
  id: string;
  topic: SupportTopic;
  message: string;
  priority: boolean;
  email: string;
  username: string;
  displayName: string;
};

/** The team's mail for a message: the member's address to reply to, whether they are verified, the words as written. */
function supportMail(request: Unmailed, to: string): MailMessage {
  const topic = SUPPORT_TOPIC_LABELS[request.topic];
  const T = SUPPORT_MESSAGES.mail;
  return {
    to,
    replyTo: request.email,
    subject: T.subject(topic, request.priority),
    text: [
      T.from(request.displayName, request.username, request.email),
      T.verified(request.priority),
      T.topic(topic),
      T.reference(request.id),
      "",
      request.message,
      "",
      "—",
      T.replyHint,
    ].join("\n"),
  };
}

/** Messages to support as the team's queue (team-queue.ts): priority first, then the oldest. */
const supportQueue: TeamQueue<Unmailed> = {
  what: "messages to support",
  table: supportRequests,
  columns: { id: supportRequests.id, mailedAt: supportRequests.mailedAt, mailClaimedAt: supportRequests.mailClaimedAt },
  order: [desc(supportRequests.priority), asc(supportRequests.id)],
  read: (db, ids) =>
    db
      .select({
        id: supportRequests.id,
        topic: supportRequests.topic,
        message: supportRequests.message,
        priority: supportRequests.priority,
        email: users.email,
        username: users.username,
        displayName: users.displayName,
      })
      .from(supportRequests)
      .innerJoin(users, eq(users.id, supportRequests.userId))
      .where(inArray(supportRequests.id, ids))
      .orderBy(desc(supportRequests.priority), asc(supportRequests.id)),
  mail: supportMail,
};

/**
 * Mails the given unmailed messages (or, without ids, those the cron is due to send, priority first) to
 * `to`, each once (team-queue.ts). Throws when any was not sent; answers how many went.
 */
export function mailSupportRequests(db: Db, mailer: Mailer, to: string, when: { now: number; ids?: string[] }): Promise<number> {
  return mailQueued(db, supportQueue, mailer, to, when);
}

/**
 * The Help Center's form: on success 'Your message was sent to support…' (with priority for a verified
 * member) and the form empty again; the team's mail goes after the answer. A refused form comes back
 * with its errors beside its fields, in both modes.
 */
export async function answerSupportRequest({ context, member, form }: Pick<MemberActionArgs<"support-request">, "context" | "member" | "form">) {
  const submission = parseSubmission(form, { schema: SupportRequestSchema });
  if (submission.status !== "success") return data<SettingsAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
  const now = Date.now();
  const outcome = await sendSupportRequest(context.db, member.id, submission.value, now);
  // Refused (the account went meanwhile): the form comes back as written, the reason above it.
  if (!outcome.ok) return data<SettingsAnswer>({ ok: false, message: null, lastResult: submission.reply({ formErrors: [outcome.message ?? SUPPORT_MESSAGES.sendFailed] }) }, { status: outcome.status });
  const to = context.config.supportEmail;
  if (outcome.fresh && to) {
    context.cloudflare.ctx.waitUntil(
      mailSupportRequests(context.db, mailerOf(context), to, { now, ids: [outcome.id] }).catch((error: unknown) =>
        console.error("A message to support was not mailed; the cron sends it again:", error),
      ),
    );
  }
  const message = outcome.priority ? SUPPORT_MESSAGES.sentPriority(member.email) : SUPPORT_MESSAGES.sent(member.email);
  const returnTo = returnToOf(form);
  if (returnTo) return context.toasts.redirect(returnTo, { message });
  return data<SettingsAnswer>({ ok: true, message, lastResult: submission.reply({ resetForm: true }) });
}

/**
 * Messages to support sent more than SUPPORT_REQUEST_RETENTION_MS ago, the oldest `batch` a run (the
 * Privacy Policy says how long they are kept). Answers how many went.
 */
export function deleteOldSupportRequests(db: Db, now: number, { batch = SUPPORT_REQUEST_CLEANUP_BATCH }: { batch?: number } = {}): Promise<number> {
  return deleteOldQueued(db, supportQueue, now, { retentionMs: SUPPORT_REQUEST_RETENTION_MS, batch });
}

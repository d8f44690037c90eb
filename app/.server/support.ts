import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/cloudflare";
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { SUPPORT_MAIL_BATCH, SUPPORT_MAIL_CLAIM_STALE_MS, SUPPORT_MAIL_RETRY_AFTER_MS, SUPPORT_REQUEST_CLEANUP_BATCH, SUPPORT_REQUEST_RETENTION_MS, SUPPORT_REQUESTS_SHOWN } from "~/lib/constants";
import { SupportRequestSchema, type SupportRequestInput } from "~/lib/schemas/support";
import { SUPPORT_TOPIC_LABELS, type SupportTopic } from "~/lib/support-options";
import { SUPPORT_MESSAGES } from "~/lib/texts/support";
import type { SettingsAnswer } from "~/lib/types/settings";
import type { MemberActionArgs } from "./actions";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { selectRead, type Read } from "./db/reads";
import { supportRequests, users } from "./db/schema";
import { firstIdAt, newId } from "./ids";
import { MailError, mailerOf, type Mailer, type MailMessage } from "./mail";
import { oncePerSend, refuse, type Outcome } from "./outcome";
import { returnToOf } from "./respond";
import { viewerKey, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Contact support (decision 078), the badge's Priority Support made real: a member's message is stored
 * (the team's queue, priority first) and mailed to the team's address (SUPPORT_EMAIL) after the answer,
 * with the member's address to reply to. `priority` is whether the member holds the verified badge as
 * the message is written (read in the same statement). A mail is claimed before it is sent, so it goes
 * once; one that failed (or whose isolate ended first) is the cron's a few minutes later, priority first.
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

const unmailedFields = {
  id: supportRequests.id,
  topic: supportRequests.topic,
  message: supportRequests.message,
  priority: supportRequests.priority,
  email: users.email,
  username: users.username,
  displayName: users.displayName,
};

/** The team's mail for a message: the member's address to reply to, whether they are verified, the words as written. */
function supportMail(to: string, request: Unmailed): MailMessage {
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

/**
 * Mails the given unmailed messages (or, without ids, the SUPPORT_MAIL_BATCH that have waited past
 * SUPPORT_MAIL_RETRY_AFTER_MS, priority first) to `to`: each claimed first (`mail_claimed_at`, so two
 * runs never send one twice), then sent one at a time and marked sent (`mailed_at`); a send that fails
 * gives its claim back and stops the rest when the provider asks to slow down, and a claim whose run
 * ended before either (the isolate stopped) is taken again once SUPPORT_MAIL_CLAIM_STALE_MS old.
 * Throws when any was not sent, so the cron's failure is seen. Answers how many went.
 */
export async function mailSupportRequests(db: Db, mailer: Mailer, to: string, { now, ids }: { now: number; ids?: string[] }): Promise<number> {
  const unclaimed = or(isNull(supportRequests.mailClaimedAt), lt(supportRequests.mailClaimedAt, new Date(now - SUPPORT_MAIL_CLAIM_STALE_MS)));
  const waiting = and(
    isNull(supportRequests.mailedAt),
    unclaimed,
    ids ? inArray(supportRequests.id, ids) : lt(supportRequests.id, firstIdAt(now - SUPPORT_MAIL_RETRY_AFTER_MS)),
  );
  const due = await db
    .update(supportRequests)
    .set({ mailClaimedAt: new Date(now) })
    .where(
      inArray(
        supportRequests.id,
        db.select({ id: supportRequests.id }).from(supportRequests).where(waiting).orderBy(desc(supportRequests.priority), asc(supportRequests.id)).limit(SUPPORT_MAIL_BATCH),
      ),
    )
    .returning({ id: supportRequests.id });
  if (due.length === 0) return 0;
  const claimed = await db
    .select(unmailedFields)
    .from(supportRequests)
    .innerJoin(users, eq(users.id, supportRequests.userId))
    .where(inArray(supportRequests.id, due.map((row) => row.id)))
    .orderBy(desc(supportRequests.priority), asc(supportRequests.id));

  let sent = 0;
  const unsent: string[] = [];
  let failure: unknown = null;
  for (const request of claimed) {
    if (failure instanceof MailError && failure.status === 429) {
      unsent.push(request.id);
      continue;
    }
    try {
      await mailer.send(supportMail(to, request));
      await db.update(supportRequests).set({ mailedAt: new Date(now) }).where(eq(supportRequests.id, request.id));
      sent++;
    } catch (error) {
      failure = error;
      unsent.push(request.id);
    }
  }
  if (unsent.length > 0) {
    await db.update(supportRequests).set({ mailClaimedAt: null }).where(and(inArray(supportRequests.id, unsent), eq(supportRequests.mailClaimedAt, new Date(now))));
    throw new Error(`${unsent.length} of ${claimed.length} messages to support were not mailed; they go again with the cron`, { cause: failure });
  }
  return sent;
}

/**
 * The Help Center's form: on success 'Your message was sent to support…' (with priority for a verified
 * member) and the form empty again; the team's mail goes after the answer. A refused form comes back
 * with its errors beside its fields, in both modes.
 */
export async function answerSupportRequest({ context, member, form }: Pick<MemberActionArgs<"support-request">, "context" | "member" | "form">) {
  const submission = parseWithZod(form, { schema: SupportRequestSchema });
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
 * Privacy Policy says how long they are kept). Found by the id's time (ids.ts), so by the key's index.
 * Answers how many went.
 */
export async function deleteOldSupportRequests(db: Db, now: number, { batch = SUPPORT_REQUEST_CLEANUP_BATCH }: { batch?: number } = {}): Promise<number> {
  const old = db
    .select({ id: supportRequests.id })
    .from(supportRequests)
    .where(lt(supportRequests.id, firstIdAt(now - SUPPORT_REQUEST_RETENTION_MS)))
    .orderBy(asc(supportRequests.id))
    .limit(batch);
  const deleted = await db.delete(supportRequests).where(inArray(supportRequests.id, old)).returning({ id: supportRequests.id });
  return deleted.length;
}

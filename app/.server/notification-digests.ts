import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { DIGEST_BATCH, DIGEST_ITEMS, DIGEST_LOOKBACK_MS, DIGEST_PERIOD_MS } from "~/lib/constants";
import { NOTIFICATION_DIGEST_TEXTS, NOTIFICATION_MESSAGES } from "~/lib/texts/notification";
import type { Db } from "./db/client";
import { memberSettings, notifications, posts, users } from "./db/schema";
import { firstIdAt } from "./ids";
import { MailError, type Mailer, type MailMessage } from "./mail";
import { unsubscribeLink, unsubscribeToken } from "./unsubscribe";

/**
 * Email Notifications (spec document 2 §3; decision 076): a member who turns it on gets, at most once a
 * DIGEST_PERIOD_MS, one e-mail listing their unread notifications made since the last one. The per-type
 * toggles already decide which notifications are made (decision 032), so the digest lists what the
 * page lists.
 *
 * Each member's row says up to when the digest has covered their notifications
 * (`member_settings.email_digest_through`). The cron takes the DIGEST_BATCH members who have waited
 * longest once their period is over, moves their mark to now in the same transaction as it reads what
 * is new for them (a claim: a run that overlaps, or the same run again, finds them not due), and then
 * mails those with something new; a member with nothing new is only marked. A mail that fails puts the
 * member's mark back, so the next run tries again, and the job fails so the failure is seen.
 *
 * Each digest carries a link that turns it off without signing in, in its text and its
 * List-Unsubscribe headers (unsubscribe.ts, decision 085).
 */

type DueMember = { userId: string; email: string; displayName: string; through: number };

type DigestItem = { type: (typeof notifications.$inferSelect)["type"]; groupSize: number; reply: number; actor: string; actorUsername: string };

/** A member's unread items (heads, as the page shows them) made in [since, until), newest first: one more than listed says there are more. */
function newItemsRead(db: Db, memberId: string, since: number, until: number) {
  return db
    .select({
      type: notifications.type,
      groupSize: notifications.groupSize,
      // A comment notification goes to the post's author, or (a reply) to the answered comment's author.
      reply: sql<number>`(${notifications.type} = 'comment' AND ${posts.userId} IS NOT ${notifications.userId})`.as("digest_reply"),
      actor: users.displayName,
      actorUsername: users.username,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.relatedUserId))
    .leftJoin(posts, eq(posts.id, notifications.relatedPostId))
    // The heads of notifications_heads_idx (its own condition, written out), by a range of their ids' times.
    .where(
      and(
        eq(notifications.userId, memberId),
        sql`${notifications.isHead} = 1`,
        sql`${notifications.isRead} = 0`,
        gte(notifications.id, firstIdAt(since)),
        lt(notifications.id, firstIdAt(until)),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(DIGEST_ITEMS + 1);
}

/**
 * The e-mail for a member's new items (the first DIGEST_ITEMS of them), with its unsubscribe link in
 * the text and in the headers mail providers read (RFC 2369's List-Unsubscribe, RFC 8058's one-click
 * POST; decision 085).
 */
function digestMail(member: Pick<DueMember, "email" | "displayName">, items: DigestItem[], origin: string, unsubscribe: string): MailMessage {
  const listed = items.slice(0, DIGEST_ITEMS);
  const more = items.length > DIGEST_ITEMS;
  const T = NOTIFICATION_DIGEST_TEXTS;
  const line = (item: DigestItem) => {
    const others = item.groupSize > 1 ? ` ${NOTIFICATION_MESSAGES.others(item.groupSize - 1)}` : "";
    return `- ${T.actor(item.actor, item.actorUsername)}${others} ${NOTIFICATION_MESSAGES.did(item.type, Boolean(item.reply))}`;
  };
  return {
    to: member.email,
    subject: T.subject(listed.length, more),
    text: [
      T.greeting(member.displayName),
      "",
      T.intro,
      "",
      ...listed.map(line),
      ...(more ? [T.more] : []),
      "",
      T.seeAll(`${origin}/notifications`),
      "",
      T.why(`${origin}/settings/notifications`),
      T.unsubscribe(unsubscribe),
    ].join("\n"),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/**
 * One run of the digest job at `now` (the cron's time): at most DIGEST_BATCH members checked, each
 * claimed before it is mailed. `secret` signs the unsubscribe links (the cookie secret). `only`
 * checks one member alone (the end-to-end tests' fixture: tests run side by side, and a run for all
 * would claim another test's member before its notification is made). Answers how many were checked
 * and how many were mailed.
 */
export async function sendNotificationDigests(
  db: Db,
  mailer: Mailer,
  { origin, now, secret, only }: { origin: string; now: number; secret: string; only?: string },
): Promise<{ checked: number; sent: number }> {
  // The index's own condition written out, as SQLite uses a partial index only then.
  const isDue = and(sql`${memberSettings.emailNotifications} = 1`, lte(memberSettings.emailDigestThrough, now - DIGEST_PERIOD_MS));
  // member_settings_digest_idx, longest waiting first (0: never sent).
  const due: DueMember[] = await db
    .select({ userId: memberSettings.userId, email: users.email, displayName: users.displayName, through: memberSettings.emailDigestThrough })
    .from(memberSettings)
    .innerJoin(users, eq(users.id, memberSettings.userId))
    .where(only ? and(isDue, eq(memberSettings.userId, only)) : isDue)
    .orderBy(asc(memberSettings.emailDigestThrough))
    .limit(DIGEST_BATCH);
  if (due.length === 0) return { checked: 0, sent: 0 };

  // One transaction: the claim (only members still due), and what is new for each since their mark
  // (never more than DIGEST_LOOKBACK_MS back: e-mail turned on again later lists no old news).
  const [claimed, ...found] = await db.batch([
    db
      .update(memberSettings)
      .set({ emailDigestThrough: now })
      .where(and(inArray(memberSettings.userId, due.map((member) => member.userId)), isDue))
      .returning({ userId: memberSettings.userId }),
    ...due.map((member) => newItemsRead(db, member.userId, Math.max(member.through, now - DIGEST_LOOKBACK_MS), now)),
  ]);
  const ours = new Set(claimed.map((row) => row.userId));
  const mails = await Promise.all(
    due.flatMap((member, i) =>
      ours.has(member.userId) && found[i]!.length > 0
        ? [unsubscribeToken(secret, { id: member.userId, email: member.email }).then((token) => ({ member, mail: digestMail(member, found[i]!, origin, unsubscribeLink(origin, token)) }))]
        : [],
    ),
  );

  // One at a time (the provider's limit is per account, decision 076); a provider that says "too many"
  // (429) is not asked again this run: the rest go at the next one.
  const results: PromiseSettledResult<void>[] = [];
  for (const { mail } of mails) {
    const stopped = results.some((result) => result.status === "rejected" && result.reason instanceof MailError && result.reason.status === 429);
    if (stopped) {
      results.push({ status: "rejected", reason: new Error("not sent: the provider asked to slow down") });
      continue;
    }
    try {
      results.push({ status: "fulfilled", value: await mailer.send(mail) });
    } catch (reason) {
      results.push({ status: "rejected", reason });
    }
  }
  const unsent = mails.filter((_, i) => results[i]!.status === "rejected").map(({ member }) => member);
  if (unsent.length > 0) {
    // Due again at the next run: the mark goes back to where it was, unless something moved it since.
    await Promise.all(
      unsent.map((member) =>
        db
          .update(memberSettings)
          .set({ emailDigestThrough: member.through })
          .where(and(eq(memberSettings.userId, member.userId), eq(memberSettings.emailDigestThrough, now))),
      ),
    );
    const reasons = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    throw new Error(`${unsent.length} of ${mails.length} notification digests were not sent; they go again next run`, { cause: reasons[0] });
  }
  return { checked: ours.size, sent: mails.length };
}

import { and, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { TEAM_MAIL_BATCH, TEAM_MAIL_CLAIM_STALE_MS, TEAM_MAIL_RETRY_AFTER_MS } from "~/lib/constants";
import type { Db } from "./db/client";
import { rawRows } from "./db/drizzle-internals";
import { firstIdAt } from "./ids";
import { MailError, type Mailer, type MailMessage } from "./mail";

/**
 * The team's queues: tables whose rows are written by members for the team (messages to support, 078;
 * reports, 084). Each row is mailed to the team's address (SUPPORT_EMAIL) once, after the member's
 * answer, and the cron sends those whose mail did not go; the table itself stays the record, deleted
 * once past its retention (the Privacy Policy says how long). One machinery for both, so a fix to the
 * claim or the retry reaches both.
 */
export type TeamQueue<Item extends { id: string }> = {
  /** What its rows are, in the cron's error ("messages to support"). */
  what: string;
  table: SQLiteTable;
  /** Its time-sortable id (ids.ts) and when its mail was claimed and sent (timestamp_ms, null: not yet). */
  columns: { id: SQLiteColumn; mailedAt: SQLiteColumn; mailClaimedAt: SQLiteColumn };
  /** The order a run takes them in: the first it claims are the first sent (support: priority first). */
  order: SQL[];
  /** The claimed rows with what their mails need, in `order` (rows gone meanwhile are left out). */
  read(db: Db, ids: string[]): Promise<Item[]>;
  /** The mail to the team about one. */
  mail(item: Item, to: string): MailMessage;
};

const name = (column: SQLiteColumn) => sql.identifier(column.name);

/**
 * Mails the given unmailed rows (or, without ids, the TEAM_MAIL_BATCH that have waited past
 * TEAM_MAIL_RETRY_AFTER_MS, in the queue's order) to `to`: each claimed first (`mail_claimed_at`, so two
 * runs never send one twice), then sent one at a time and marked sent (`mailed_at`); a send that fails
 * gives its claim back and stops the rest when the provider asks to slow down, and a claim whose run
 * ended before either (the isolate stopped) is taken again once TEAM_MAIL_CLAIM_STALE_MS old.
 * Throws when any was not sent, so the cron's failure is seen. Answers how many went.
 */
export async function mailQueued<Item extends { id: string }>(
  db: Db,
  queue: TeamQueue<Item>,
  mailer: Mailer,
  to: string,
  { now, ids }: { now: number; ids?: string[] },
): Promise<number> {
  const { table, columns } = queue;
  const unclaimed = or(isNull(columns.mailClaimedAt), lt(columns.mailClaimedAt, new Date(now - TEAM_MAIL_CLAIM_STALE_MS)));
  const waiting = and(isNull(columns.mailedAt), unclaimed, ids ? inArray(columns.id, ids) : lt(columns.id, firstIdAt(now - TEAM_MAIL_RETRY_AFTER_MS)));
  const due = await rawRows<{ id: string }>(
    db,
    sql`UPDATE ${table} SET ${name(columns.mailClaimedAt)} = ${now}
      WHERE ${columns.id} IN (SELECT ${columns.id} FROM ${table} WHERE ${waiting} ORDER BY ${sql.join(queue.order, sql`, `)} LIMIT ${TEAM_MAIL_BATCH})
      RETURNING ${name(columns.id)} AS id`,
  );
  if (due.length === 0) return 0;
  const claimed = await queue.read(db, due.map((row) => row.id));

  let sent = 0;
  const unsent: string[] = [];
  let failure: unknown = null;
  for (const item of claimed) {
    if (failure instanceof MailError && failure.status === 429) {
      unsent.push(item.id);
      continue;
    }
    try {
      await mailer.send(queue.mail(item, to));
      await db.run(sql`UPDATE ${table} SET ${name(columns.mailedAt)} = ${now} WHERE ${columns.id} = ${item.id}`);
      sent++;
    } catch (error) {
      failure = error;
      unsent.push(item.id);
    }
  }
  if (unsent.length > 0) {
    await db.run(sql`UPDATE ${table} SET ${name(columns.mailClaimedAt)} = NULL WHERE ${inArray(columns.id, unsent)} AND ${columns.mailClaimedAt} = ${now}`);
    throw new Error(`${unsent.length} of ${claimed.length} ${queue.what} were not mailed; they go again with the cron`, { cause: failure });
  }
  return sent;
}

/**
 * Rows written more than `retentionMs` ago, the oldest `batch` a run. Found by the id's time (ids.ts),
 * so by the key's index. Answers how many went.
 */
export async function deleteOldQueued(db: Db, queue: Pick<TeamQueue<never>, "table" | "columns">, now: number, { retentionMs, batch }: { retentionMs: number; batch: number }): Promise<number> {
  const { table, columns } = queue;
  const deleted = await rawRows<{ id: string }>(
    db,
    sql`DELETE FROM ${table} WHERE ${columns.id} IN
      (SELECT ${columns.id} FROM ${table} WHERE ${columns.id} < ${firstIdAt(now - retentionMs)} ORDER BY ${columns.id} LIMIT ${batch})
      RETURNING ${name(columns.id)} AS id`,
  );
  return deleted.length;
}

import { and, eq, sql } from "drizzle-orm";
import { MUTE_TEXTS } from "~/lib/texts/profile";
import type { KeptMemberPage } from "~/lib/types/profile";
import { keptMembersRead, otherMember, type MemberTarget } from "./kept-members";
import type { Db } from "./db/client";
import { batchable, rawRows } from "./db/drizzle-internals";
import type { Read } from "./db/reads";
import { mutes, notifications, users } from "./db/schema";
import { newId } from "./ids";
import type { Outcome } from "./outcome";
import type { Viewer } from "./viewer";

/**
 * Mutes (docs/decisions/107): a member mutes another, and from then on the muted member's posts and
 * reposts, and others' reposts of their posts, leave the muter's Home and Videos (the feeds' reads,
 * `notMutedSql` in ./posts/access.ts), and nothing they do notifies the muter (the notifying triggers,
 * migration 0046, and `notificationInsert`). Unlike a block it changes nothing for the muted member,
 * who is not told. The spec has none; X, Instagram and Mastodon do.
 */

/**
 * Mutes the member `username` names, in one batch: the mute (a second one changes nothing) and the
 * notifications the muter has of them.
 */
export async function muteMember(db: Db, memberId: string, username: string, now = Date.now()): Promise<Outcome<MemberTarget>> {
  const target = await otherMember(db, memberId, username, MUTE_TEXTS.self);
  if (!target.ok) return target;
  await db.batch([
    batchable(
      db.$client,
      db.all(sql`INSERT INTO ${mutes} (id, muter_id, muted_id, created_at)
        SELECT ${newId(now)}, ${memberId}, ${users.id}, ${now} FROM ${users} WHERE ${users.id} = ${target.id}
        ON CONFLICT DO NOTHING`),
    ),
    db.delete(notifications).where(and(eq(notifications.userId, memberId), eq(notifications.relatedUserId, target.id))),
  ]);
  return target;
}

/** Undoes the member's mute of `username` (none: nothing changes, and it is still an answer). */
export async function unmuteMember(db: Db, memberId: string, username: string): Promise<Outcome<MemberTarget>> {
  const target = await otherMember(db, memberId, username, MUTE_TEXTS.self);
  if (!target.ok) return target;
  await db.delete(mutes).where(and(eq(mutes.muterId, memberId), eq(mutes.mutedId, target.id)));
  return target;
}

/** One keyset page of the members the viewer muted, newest mute first. */
export function mutedListRead(db: Db, viewer: Viewer, cursor: string | null = null): Read<KeptMemberPage> {
  return keptMembersRead(db, viewer, cursor, { key: "muted-list", table: mutes, by: mutes.muterId, of: mutes.mutedId });
}

/**
 * Which of `others` muted `memberId` (Home's feed rooms leave them out when they announce the member's
 * new post): the list goes as one JSON value, so a room of any size is one statement, each id one probe
 * of mutes_muted_idx.
 */
export async function mutedAmong(db: Db, memberId: string, others: string[]): Promise<string[]> {
  if (others.length === 0) return [];
  const rows = await rawRows<{ other: string }>(
    db,
    sql`SELECT ${mutes.muterId} AS other FROM ${mutes}
      WHERE ${mutes.mutedId} = ${memberId} AND ${mutes.muterId} IN (SELECT value FROM json_each(${JSON.stringify(others)}))`,
  );
  return rows.map((row) => row.other);
}

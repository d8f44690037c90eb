import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { FOLLOW_LIST_PAGE_SIZE } from "~/lib/constants";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import type { Author } from "~/lib/types/post";
import type { KeptMemberPage } from "~/lib/types/profile";
import type { Db } from "./db/client";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { users, type blocks, type mutes } from "./db/schema";
import { refuse, type Outcome } from "./outcome";
import { beforeOf } from "./posts/cursors";
import { hasUsername } from "./users";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * What a member's acts on another member share (blocks, decision 100; mutes, 107): finding the other
 * member by their username, and the Settings list of the members one's rows name.
 */

export type MemberTarget = { id: string; username: string; displayName: string };

/** The member a username names, for an act on another member (a block, a mute): `self` refuses oneself. */
export async function otherMember(db: Db, memberId: string, username: string, self: string): Promise<Outcome<MemberTarget>> {
  const found = await db.select({ id: users.id, username: users.username, displayName: users.displayName }).from(users).where(hasUsername(username)).get();
  if (!found) return refuse(404, PROFILE_MESSAGES.notFound);
  if (found.id === memberId) return refuse(400, self);
  return { ok: true, ...found };
}

/**
 * One keyset page of the members a member's rows of `table` name (their blocks, their mutes), newest
 * row first: the row's time-ordered id is the cursor.
 */
export function keptMembersRead(
  db: Db,
  viewer: Viewer,
  cursor: string | null,
  { key, table, by, of }: { key: string; table: typeof blocks | typeof mutes; by: AnySQLiteColumn; of: AnySQLiteColumn },
): Read<KeptMemberPage> {
  const before = beforeOf(cursor);
  const limit = FOLLOW_LIST_PAGE_SIZE;
  const read = selectRead<{ cursor: string; id: string; username: string; displayName: string; avatarUrl: string | null; verifiedType: Author["verifiedType"]; at: Date }>(
    db,
    [key, viewerKey(viewer), before ? "older" : "newest"].join(":"),
    () => {
      const fields = {
        // Named: the row's id and the member's would collapse in a batch's rows (008).
        cursor: sql<string>`${table.id}`.as("kept_cursor"),
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        at: sql<Date>`${table.createdAt}`.as("kept_at"),
      };
      const me = viewerSql(viewer) ?? sql`NULL`;
      const query = db
        .select(fields)
        .from(table)
        .innerJoin(users, eq(users.id, of))
        .where(and(viewerPresentSql(viewer), eq(by, me), before ? lt(table.id, param("before")) : undefined))
        .orderBy(desc(table.id))
        .limit(limit + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), before },
  );
  return mapRead(read, (rows) => ({
    items: rows.slice(0, limit).map(({ cursor: _cursor, at, ...member }) => ({ ...member, at: at instanceof Date ? at.getTime() : Number(at) })),
    nextCursor: rows.length > limit ? rows[limit - 1]!.cursor : null,
  }));
}

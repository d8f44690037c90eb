import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { follows, users } from "./db/schema";
import { newId } from "./ids";
import { refuse, type Outcome } from "./outcome";

/** Follows: a member follows another (never themselves); followers_count and following_count follow by trigger. */

export const FOLLOW_MESSAGES = {
  self: "You can't follow yourself",
  notFound: "User not found",
} as const;

export async function setFollow(db: Db, followerId: string, followingId: string, wanted: boolean): Promise<Outcome<{ following: boolean }>> {
  if (followerId === followingId) return refuse(400, FOLLOW_MESSAGES.self);
  const target = await db.select({ id: users.id }).from(users).where(eq(users.id, followingId)).get();
  if (!target) return refuse(404, FOLLOW_MESSAGES.notFound);
  await (wanted
    ? db.insert(follows).values({ id: newId(), followerId, followingId }).onConflictDoNothing()
    : db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId))));
  return { ok: true, following: wanted };
}

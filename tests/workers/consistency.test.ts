import { env } from "cloudflare:workers";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "~/.server/account-deletion";
import { blockMember, unblockMember } from "~/.server/blocks";
import { addComment, deleteComment, setCommentLike } from "~/.server/comments";
import { createCommunity, createInvite, deleteCommunity, joinByInvite, joinCommunity, leaveCommunity, setMemberRole } from "~/.server/communities";
import { comments, communityMembers, conversationMembers, follows, notifications, postLikes, posts, users } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { removeFollower, setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { markConversationRead, sendMessage, startConversation } from "~/.server/messages";
import { muteMember, unmuteMember } from "~/.server/mutes";
import { markAllNotificationsRead } from "~/.server/notifications";
import { createPost as composePost } from "~/.server/posts/create";
import { deletePost } from "~/.server/posts/delete";
import { recordView, setBookmark, setLike, setRepost, sharePost } from "~/.server/posts/interactions";
import { SHARE_PLATFORMS } from "~/lib/post-options";
import { unique } from "../fixtures/factories";
import { disagreements } from "./consistency";
import { createUser, db, limiter, member, TEST_PASSWORD } from "./helpers";

/** Seeded draws (Park–Miller): the same seed, the same draws. */
function draws(seed: number) {
  let state = seed;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  return { random, pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!, chance: (p: number) => random() < p };
}
type Draws = ReturnType<typeof draws>;

/** A member's answer: refused or done, never thrown (a thrown error is a 500 to the member). */
type Answer = { ok: boolean } | null | undefined | void;

describe("every count and copy agrees with its source after any mix of actions (docs/decisions/124)", () => {
  it("after 480 random actions of every kind by eight members, six at a time, an account and a community deleted midway, nothing disagrees and nothing threw", async () => {
    const leaver = await member();
    const members = [...(await Promise.all(Array.from({ length: 7 }, () => createUser()))), leaver.user];
    const ids = members.map((one) => one.id);
    const gone = new Set<string>();
    const living = () => members.filter((one) => !gone.has(one.id));

    // The test's draws, and each action's own, seeded from it before the action starts: what an action
    // picks after awaiting does not depend on which of the others finished first.
    const main = draws(20261203);

    const open = await createCommunity(db(), members[0]!.id, { name: unique("Open "), description: "All welcome", isPrivate: false });
    const closed = await createCommunity(db(), members[1]!.id, { name: unique("Closed "), description: undefined, isPrivate: true });
    if (!open.ok || !closed.ok) throw new Error("no community");
    const places = [open.communityId, closed.communityId];
    const invites: string[] = [];
    const postIds: string[] = [];
    const commentIds: { id: string; postId: string }[] = [];
    const conversationIds: string[] = [];
    let word = 0;
    const text = (r: Draws) => `note ${++word} for @${r.pick(members).username} #fuzz${word % 5} and #Fuzz${word % 3}`;

    const actions: Record<string, (actor: (typeof members)[number], r: Draws) => Promise<Answer>> = {
      post: async (actor, r) => {
        const communityId = r.chance(0.3) ? r.pick(places) : undefined;
        const created = await composePost(db(), actor.id, { content: text(r), location: r.chance(0.2) ? "Lisbon" : undefined, visibility: "everyone", imageKeys: [] }, { communityId });
        if (created.ok) postIds.push(created.postId);
        return created;
      },
      deletePost: async (actor, r) => {
        const own = await db().select({ id: posts.id }).from(posts).where(eq(posts.userId, actor.id)).orderBy(posts.id);
        return own.length ? deletePost(db(), env.MEDIA, actor.id, r.pick(own).id) : null;
      },
      like: (actor, r) => (postIds.length ? setLike(db(), actor.id, r.pick(postIds), r.chance(0.7)) : Promise.resolve(null)),
      repost: (actor, r) => (postIds.length ? setRepost(db(), actor.id, r.pick(postIds), r.chance(0.6)) : Promise.resolve(null)),
      bookmark: (actor, r) => (postIds.length ? setBookmark(db(), actor.id, r.pick(postIds), r.chance(0.6)) : Promise.resolve(null)),
      share: (actor, r) => (postIds.length ? sharePost(db(), actor.id, r.pick(postIds), r.pick(SHARE_PLATFORMS)) : Promise.resolve(null)),
      view: (actor, r) => (postIds.length ? recordView(db(), actor.id, r.pick(postIds)) : Promise.resolve(null)),
      comment: async (actor, r) => {
        if (!postIds.length) return null;
        const under = r.chance(0.4) && commentIds.length ? r.pick(commentIds) : null;
        const postId = under?.postId ?? r.pick(postIds);
        const added = await addComment(db(), actor.id, postId, { content: text(r), parentId: under?.id, clientId: newId() });
        if (added.ok) commentIds.push({ id: added.commentId, postId });
        return added;
      },
      likeComment: (actor, r) => (commentIds.length ? setCommentLike(db(), actor.id, r.pick(commentIds).id, r.chance(0.7)) : Promise.resolve(null)),
      deleteComment: async (actor, r) => {
        // Its writer, or the post's author.
        const mine = await db()
          .select({ id: comments.id, postId: comments.postId })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(or(eq(comments.userId, actor.id), eq(posts.userId, actor.id)))
          .orderBy(comments.id);
        if (!mine.length) return null;
        const chosen = r.pick(mine);
        return deleteComment(db(), actor.id, chosen.postId, chosen.id);
      },
      follow: (actor, r) => setFollow(db(), actor.id, r.pick(ids), r.chance(0.7)),
      removeFollower: async (actor, r) => {
        // Mostly one of their followers; sometimes anyone, who may not follow them.
        const followers = await db().select({ username: users.username }).from(follows).innerJoin(users, eq(users.id, follows.followerId)).where(eq(follows.followingId, actor.id)).orderBy(users.id);
        return removeFollower(db(), actor.id, followers.length && r.chance(0.8) ? r.pick(followers).username : r.pick(members).username);
      },
      block: (actor, r) => (r.chance(0.5) ? blockMember(db(), actor.id, r.pick(members).username) : unblockMember(db(), actor.id, r.pick(members).username)),
      mute: (actor, r) => (r.chance(0.5) ? muteMember(db(), actor.id, r.pick(members).username) : unmuteMember(db(), actor.id, r.pick(members).username)),
      join: (actor, r) => (r.chance(0.5) ? joinCommunity(db(), actor.id, r.pick(places)) : leaveCommunity(db(), actor.id, r.pick(places))),
      invite: async (actor, r) => {
        if (invites.length && r.chance(0.6)) return joinByInvite(db(), actor.id, r.pick(invites));
        const made = await createInvite(db(), actor.id, r.pick(places), { maxUses: r.chance(0.5) ? 2 : undefined });
        if (made.ok) invites.push(made.code);
        return made;
      },
      role: async (actor, r) => {
        // Mostly by the community's creator, who alone may; sometimes by anyone, who is refused.
        const place = r.pick(places);
        const by = r.chance(0.8) ? members[places.indexOf(place)]! : actor;
        const rows = await db().select({ id: communityMembers.id }).from(communityMembers).where(eq(communityMembers.communityId, place)).orderBy(communityMembers.id);
        return rows.length ? setMemberRole(db(), by.id, place, r.pick(rows).id, r.pick(["admin", "moderator", "member"] as const)) : null;
      },
      message: async (actor, r) => {
        if (conversationIds.length && r.chance(0.7)) return sendMessage(db(), actor.id, r.pick(conversationIds), { content: text(r), clientId: newId() });
        const started = await startConversation(db(), actor.id, r.pick(members).username);
        if (started.ok && !conversationIds.includes(started.conversationId)) conversationIds.push(started.conversationId);
        return started;
      },
      read: async (actor, r) => {
        if (r.chance(0.5)) return markAllNotificationsRead(db(), actor.id);
        // Null for a conversation the member is not in.
        return conversationIds.length ? { ok: (await markConversationRead(db(), actor.id, r.pick(conversationIds))) !== null } : null;
      },
      rename: async (actor) => {
        // What a profile's save writes; the comments' copies follow it by trigger (decision 049).
        await db().update(users).set({ displayName: `Renamed ${++word}` }).where(eq(users.id, actor.id));
      },
    };
    const kinds = Object.keys(actions);
    // How often each is drawn: what members do most, most often (a block refuses much that follows it).
    const weights: Record<string, number> = { post: 4, like: 4, comment: 5, likeComment: 4, follow: 3, message: 3, repost: 2, bookmark: 2, view: 2, join: 2, invite: 3, read: 2, removeFollower: 2, role: 2 };
    const drawn = kinds.flatMap((kind) => Array.from({ length: weights[kind] ?? 1 }, () => kind));
    const done = new Map<string, number>();
    const thrown: string[] = [];
    // What each action did, to read when the test fails.
    const log: string[] = [];
    const act = async (round: number, kind: string, actor: (typeof members)[number], r: Draws) => {
      try {
        const answer = await actions[kind]!(actor, r);
        const ok = answer === undefined || Boolean(answer && answer.ok);
        if (ok) done.set(kind, (done.get(kind) ?? 0) + 1);
        log.push(`${round} ${kind} by ${members.indexOf(actor)}: ${answer === null ? "nothing to do" : ok ? "done" : "refused"}`);
      } catch (error) {
        thrown.push(`${kind} by ${actor.username}: ${String(error)}`);
        log.push(`${round} ${kind} by ${members.indexOf(actor)}: threw`);
      }
    };

    for (let round = 0; round < 80; round++) {
      const turn: Promise<void>[] = [];
      // The eighth member deletes their account midway, while the others go on around it (in small
      // parts, so the others' actions land between them).
      if (round === 50) {
        gone.add(leaver.user.id);
        const place = { db: db(), bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
        turn.push(
          deleteAccount(place, leaver.user, TEST_PASSWORD, { ip: unique("ip-"), devices: [] }, { batch: { rows: 3, posts: 2 } }).then((outcome) => {
            if (!outcome.ok) thrown.push(`account deletion: ${outcome.message}`);
          }),
        );
      }
      // Later the private community's creator deletes it, in small parts, while others act in it.
      if (round === 65) {
        turn.push(
          deleteCommunity(db(), env.MEDIA, members[1]!.id, closed.communityId, { rows: 3, posts: 2 }).then((outcome) => {
            if (!outcome.ok) thrown.push(`community deletion: ${outcome.message}`);
          }),
        );
      }
      for (let i = 0; i < 6; i++) turn.push(act(round, main.pick(drawn), main.pick(living()), draws(Math.floor(main.random() * 2147483646) + 1)));
      await Promise.all(turn);
    }

    const said = `the actions, in the order they ended:\n${log.join("\n")}`;
    expect(thrown, said).toEqual([]);
    // Every kind of action was done at least once: the mix is what the test says it is.
    expect(kinds.filter((kind) => !done.get(kind)), said).toEqual([]);
    expect(await disagreements({ members: ids, communities: places }), said).toEqual([]);
    // Nothing names the deleted member any more.
    const left = leaver.user.id;
    const rows = sql<number>`count(*)`;
    const naming = await db().batch([
      db().select({ rows }).from(users).where(eq(users.id, left)),
      db().select({ rows }).from(follows).where(or(eq(follows.followerId, left), eq(follows.followingId, left))),
      db().select({ rows }).from(postLikes).where(eq(postLikes.userId, left)),
      db().select({ rows }).from(comments).where(eq(comments.userId, left)),
      db().select({ rows }).from(notifications).where(or(eq(notifications.userId, left), eq(notifications.relatedUserId, left))),
      db().select({ rows }).from(conversationMembers).where(or(eq(conversationMembers.userId, left), eq(conversationMembers.otherId, left))),
      db().select({ rows }).from(communityMembers).where(and(eq(communityMembers.userId, left), inArray(communityMembers.communityId, places))),
      db().select({ rows }).from(posts).where(eq(posts.communityId, closed.communityId)),
    ]);
    expect(naming.map(([found]) => found!.rows)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // The world is not empty: the checks above had something to check.
    const [[kept]] = await db().batch([db().select({ n: sql<number>`count(*)` }).from(posts).where(inArray(posts.userId, ids))]);
    expect(kept!.n).toBeGreaterThan(10);
  }, 120_000);
});

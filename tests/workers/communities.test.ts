import { env } from "cloudflare:workers";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listBookmarks } from "~/.server/bookmarks";
import { addComment } from "~/.server/comments";
import {
  createCommunity,
  createInvite,
  deleteCommunity,
  deleteDeadInvites,
  discoverCommunitiesRead,
  communityMembersRead,
  discoverScore,
  invitePageRead,
  joinByInvite,
  joinCommunity,
  joinedCommunitiesRead,
  leaveCommunity,
  listInvites,
  newInviteCode,
  searchCommunitiesRead,
  updateCommunity,
} from "~/.server/communities";
import { emptyMediaTrash, storeMedia } from "~/.server/media";
import { IMAGE_TYPES } from "~/lib/media-types";
import { getDb } from "~/.server/db/client";
import { runRead } from "~/.server/db/reads";
import {
  comments,
  communities,
  communityInvites,
  communityMembers,
  follows,
  mediaUploads,
  notifications,
  postBookmarks,
  postHashtags,
  postLikes,
  posts,
} from "~/.server/db/schema";
import { hashtagPostsRead } from "~/.server/hashtags";
import { newId } from "~/.server/ids";
import { listCards, withVideo } from "~/.server/posts/cards";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setBookmark, setLike, setRepost } from "~/.server/posts/interactions";
import { profilePostsRead } from "~/.server/profiles";
import { COMMENT_MAX_LENGTH, DISCOVER_SCORE, INVITE_CODE_ATTEMPTS, INVITE_DEAD_KEPT_MS, INVITES_LIVE_MAX, INVITES_SHOWN, TIME } from "~/lib/constants";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { POST_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { INVITE_MESSAGES } from "~/lib/texts/invite";
import type { FeedPage } from "~/lib/types/post";
import { unique } from "../fixtures/factories";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, member, multipartPost, planOf, sessionCookieFor, TINY_PNG, toastOf } from "./helpers";

/**
 * Communities and invite links (issue 13, spec document 2 §2, §4–§8, docs/decisions/035): who may do
 * what (only the creator edits, deletes and assigns roles; the creator and admins invite; only an
 * invite's inviter deletes it), a private community invisible to non-members in every read path,
 * invites that never pass their max uses and expire by the clock, Discover's score, and a delete that
 * leaves no rows or media objects behind.
 */

type Member = Awaited<ReturnType<typeof member>>;

/** A word no other test uses (letters and digits, lower case: a hashtag, a search word). */
const word = (prefix: string) => unique(prefix).toLowerCase().replace(/[^a-z0-9]/g, "");

const send = (path: string, fields: Record<string, string>, cookie?: string) => fetchWorker(formPost(path, fields, cookie ? { Cookie: cookie } : {}));

function fileForm(fields: Record<string, string>, files: Record<string, File> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) form.append(name, file);
  return form;
}

const png = (name = "picture.png") => new File([TINY_PNG], name, { type: "image/png" });

async function page(path: string, cookie?: string) {
  const response = await get(path, cookie ? { Cookie: cookie } : {});
  return { status: response.status, location: response.headers.get("Location"), headers: response.headers, html: await response.text() };
}

/** A community made by its creator through the app's function (what the create form calls). */
async function community(creatorId: string, { isPrivate = false, name = `Circle ${word("c")}`, description = null as string | null } = {}) {
  const outcome = await createCommunity(db(), creatorId, { name, description: description ?? undefined, isPrivate });
  if (!outcome.ok) throw new Error(`community refused: ${outcome.message}`);
  return { id: outcome.communityId, name, description };
}

async function addMember(communityId: string, userId: string, role: "admin" | "moderator" | "member" = "member") {
  const id = newId();
  await db().insert(communityMembers).values({ id, communityId, userId, role });
  return id;
}

async function communityRow(id: string) {
  return db().select().from(communities).where(eq(communities.id, id)).get();
}

async function membersOf(communityId: string) {
  return db().select().from(communityMembers).where(eq(communityMembers.communityId, communityId)).all();
}

async function roleOf(communityId: string, userId: string) {
  const row = await db()
    .select({ role: communityMembers.role })
    .from(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .get();
  return row?.role ?? null;
}

async function invitesOf(communityId: string) {
  return db().select().from(communityInvites).where(eq(communityInvites.communityId, communityId)).all();
}

async function inviteFor(communityId: string, inviterId: string, input: { expiresInDays?: number; maxUses?: number } = {}) {
  const outcome = await createInvite(db(), inviterId, communityId, input);
  if (!outcome.ok) throw new Error(`invite refused: ${outcome.message}`);
  return outcome.code;
}

const ids = (feed: FeedPage) => feed.items.map((item) => item.id);

describe("creating a community", () => {
  it("makes the creator a member with role creator, requires a name and refuses a name taken in any case", async () => {
    const { user, cookie } = await member();
    const name = `Garden Club ${word("g")}`;

    const blank = await send("/communities/new", { intent: "community-create", name: "   ", description: "no name" }, cookie);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(COMMUNITY_MESSAGES.nameRequired);
    expect(await db().select().from(communities).where(eq(communities.creatorId, user.id)).all()).toEqual([]);

    const created = await send("/communities/new", { intent: "community-create", name, description: "We grow things" }, cookie);
    expect(created.status).toBe(302);
    expect(toastOf(created)).toBe(COMMUNITY_MESSAGES.created);
    const id = created.headers.get("Location")!.replace("/community/", "");
    expect(await communityRow(id)).toMatchObject({ name, description: "We grow things", creatorId: user.id, isPrivate: false, memberCount: 1 });
    expect((await membersOf(id)).map((row) => ({ userId: row.userId, role: row.role }))).toEqual([{ userId: user.id, role: "creator" }]);

    // The same name in other letters' case, by someone else: refused, and nothing is created.
    const other = await member();
    const taken = await send("/communities/new", { intent: "community-create", name: name.toUpperCase() }, other.cookie);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain(COMMUNITY_MESSAGES.nameTaken);
    const sameName = await db().select({ id: communities.id }).from(communities).where(sql`lower(${communities.name}) = ${name.toLowerCase()}`).all();
    expect(sameName).toEqual([{ id }]);
    expect(await db().select().from(communityMembers).where(eq(communityMembers.userId, other.user.id)).all()).toEqual([]);
  });

  it("signed out: 'You must be logged in to create a community' (401 for a fetcher, the sign-in page without JavaScript)", async () => {
    const name = `Nobody's ${word("n")}`;
    const fetcher = await send("/communities/new.data", { intent: "community-create", name });
    expect(fetcher.status).toBe(401);
    expect(await fetcher.text()).toContain(COMMUNITY_MESSAGES.signInToCreate);

    const document = await send("/communities/new", { intent: "community-create", name, returnTo: "/communities" });
    expect(document.status).toBe(302);
    expect(document.headers.get("Location")).toBe("/auth?returnTo=%2Fcommunities");
    expect(toastOf(document)).toBe(COMMUNITY_MESSAGES.signInToCreate);
    expect(await db().select().from(communities).where(eq(communities.name, name)).all()).toEqual([]);
  });
});

describe("roles and permissions", () => {
  /** A community with its creator, an admin, a moderator and a plain member (each with a session). */
  async function staffed() {
    const creator = await member();
    const admin = await member();
    const moderator = await member();
    const plain = await member();
    const made = await community(creator.user.id, { description: "Original description" });
    const adminMembership = await addMember(made.id, admin.user.id, "admin");
    const moderatorMembership = await addMember(made.id, moderator.user.id, "moderator");
    const plainMembership = await addMember(made.id, plain.user.id);
    return { ...made, creator, admin, moderator, plain, adminMembership, moderatorMembership, plainMembership };
  }

  it("a community larger than a part is deleted a part at a time, whole: its posts with their files, likes and comments, its members; anyone else's try deletes nothing (decision 114)", async () => {
    const creator = await createUser();
    const c = await community(creator.id);
    const others = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
    for (const other of others) await addMember(c.id, other.id);
    // Parts go by id (posts_community_idx): the first post, its repost a millisecond later, then the
    // others, each a millisecond apart, so the first part holds the original and its repost, which
    // goes with it.
    const t = Date.now();
    const written = [await createPost(creator.id, { communityId: c.id, createdAt: new Date(t) })];
    expect(await setRepost(db(), others[0]!.id, written[0]!.id, true, t + 1)).toMatchObject({ ok: true });
    for (const [i, author] of others.entries()) written.push(await createPost(author.id, { communityId: c.id, createdAt: new Date(t + 2 + i) }));
    const files = [];
    for (const post of written.slice(0, 3)) {
      const stored = await storeMedia(db(), env.MEDIA, post.userId, png(`${post.id}.png`), IMAGE_TYPES.png, "posts");
      await db().update(mediaUploads).set({ postId: post.id }).where(eq(mediaUploads.key, stored.key));
      files.push(stored.key);
    }
    expect(await addComment(db(), others[0]!.id, written[0]!.id, { content: "first" })).toMatchObject({ ok: true });
    expect(await setLike(db(), others[1]!.id, written[1]!.id, true)).toMatchObject({ ok: true });
    const parts = { rows: 2, posts: 2 };

    expect(await deleteCommunity(db(), env.MEDIA, others[0]!.id, c.id, parts)).toMatchObject({ ok: false, status: 403 });
    expect(await db().select().from(posts).where(eq(posts.communityId, c.id)).all()).toHaveLength(written.length + 1);
    expect(await membersOf(c.id)).toHaveLength(others.length + 1);

    const { spy, captured } = capturingD1();
    expect(await deleteCommunity(getDb(spy), env.MEDIA, creator.id, c.id, parts)).toEqual({ ok: true, name: c.name });
    // Six posts and a repost two at a time (the first part deletes one and its repost with it; the
    // last holds one), five other members two at a time. No part is heavy (its counters at most the
    // part of rows): each goes in one statement, its likes and comments with it (decision 123).
    expect(captured.filter((statement) => statement.sql.startsWith('DELETE FROM "posts" WHERE "posts"."id" IN'))).toHaveLength(4);
    expect(captured.filter((statement) => statement.sql.startsWith('DELETE FROM "posts" WHERE rowid IN'))).toHaveLength(0);
    expect(captured.filter((statement) => statement.sql.startsWith('DELETE FROM "community_members"'))).toHaveLength(3);
    expect(await communityRow(c.id)).toBeUndefined();
    expect(await membersOf(c.id)).toEqual([]);
    const ids = written.map((post) => post.id);
    expect(await db().select().from(posts).where(inArray(posts.id, ids)).all()).toEqual([]);
    expect(await db().select().from(comments).where(inArray(comments.postId, ids)).all()).toEqual([]);
    expect(await db().select().from(postLikes).where(inArray(postLikes.postId, ids)).all()).toEqual([]);
    expect(await db().select().from(mediaUploads).where(inArray(mediaUploads.key, files)).all()).toEqual([]);
    for (const key of files) expect(await env.MEDIA.head(key), key).toBeNull();
    // Sent again: gone, as for anyone.
    expect(await deleteCommunity(db(), env.MEDIA, creator.id, c.id, parts)).toMatchObject({ ok: false, status: 404 });
  });

  it("only the creator edits or deletes: anyone else is refused and nothing changes", async () => {
    const c = await staffed();
    for (const someone of [c.admin, c.moderator, c.plain]) {
      const edit = await multipartPost(`/community/${c.id}/edit`, fileForm({ intent: "community-update", name: `Hijacked ${word("h")}`, description: "mine now" }), {
        Cookie: someone.cookie,
      });
      expect(edit.status).toBe(403);
      const deleted = await send(`/community/${c.id}.data`, { intent: "community-delete" }, someone.cookie);
      expect(deleted.status).toBe(403);
      expect(await deleted.text()).toContain(COMMUNITY_MESSAGES.onlyCreator);
      const withoutJs = await send(`/community/${c.id}`, { intent: "community-delete", returnTo: `/community/${c.id}` }, someone.cookie);
      expect(withoutJs.headers.get("Location")).toBe(`/community/${c.id}`);
      expect(toastOf(withoutJs)).toBe(COMMUNITY_MESSAGES.onlyCreator);
    }
    // The edit and delete pages refuse them too.
    expect((await page(`/community/${c.id}/edit`, c.admin.cookie)).status).toBe(403);
    expect((await page(`/community/${c.id}/delete`, c.admin.cookie)).status).toBe(403);
    expect(await communityRow(c.id)).toMatchObject({ name: c.name, description: "Original description", memberCount: 4 });
    expect(await membersOf(c.id)).toHaveLength(4);

    // The creator's own edit goes through.
    const newName = `Renamed ${word("r")}`;
    const edit = await multipartPost(`/community/${c.id}/edit`, fileForm({ intent: "community-update", name: newName, description: "New words" }), { Cookie: c.creator.cookie });
    expect(edit.status).toBe(302);
    expect(toastOf(edit)).toBe(COMMUNITY_MESSAGES.updated);
    expect(await communityRow(c.id)).toMatchObject({ name: newName, description: "New words" });
  });

  it("invites: the creator and admins create them, moderators and members are refused; only the inviter deletes one", async () => {
    const c = await staffed();
    for (const someone of [c.moderator, c.plain]) {
      const refused = await send(`/community/${c.id}/invites.data`, { intent: "invite-create", maxUses: "5" }, someone.cookie);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(INVITE_MESSAGES.notAllowed);
      // The Invite Links page shows them nothing.
      expect((await page(`/community/${c.id}/invites`, someone.cookie)).status).toBe(403);
    }
    // A community that is not there is not found, not forbidden.
    const nowhere = await page(`/community/no-such-community/invites`, c.creator.cookie);
    expect(nowhere.status).toBe(404);
    expect(nowhere.html).toContain(COMMUNITY_MESSAGES.notFound);
    expect(await invitesOf(c.id)).toEqual([]);

    const byAdmin = await send(`/community/${c.id}/invites`, { intent: "invite-create", maxUses: "5", expiresInDays: "7", returnTo: `/community/${c.id}/invites` }, c.admin.cookie);
    expect(toastOf(byAdmin)).toBe(INVITE_MESSAGES.created);
    const byCreator = await send(`/community/${c.id}/invites.data`, { intent: "invite-create" }, c.creator.cookie);
    expect(byCreator.status).toBe(200);
    expect(await byCreator.text()).toContain(INVITE_MESSAGES.created);
    const invites = await invitesOf(c.id);
    expect(invites).toHaveLength(2);
    const adminsInvite = invites.find((invite) => invite.inviterId === c.admin.user.id)!;
    expect(adminsInvite).toMatchObject({ maxUses: 5, usesCount: 0 });
    expect(adminsInvite.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * TIME.DAY);
    expect(invites.find((invite) => invite.inviterId === c.creator.user.id)).toMatchObject({ maxUses: null, expiresAt: null });

    // Not the inviter (even the creator): refused, the invite stays.
    for (const someone of [c.creator, c.moderator, c.plain]) {
      const refused = await send(`/community/${c.id}/invites.data`, { intent: "invite-delete", inviteId: adminsInvite.id }, someone.cookie);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(INVITE_MESSAGES.onlyInviter);
    }
    expect((await invitesOf(c.id)).map((invite) => invite.id)).toContain(adminsInvite.id);
    const deleted = await send(`/community/${c.id}/invites.data`, { intent: "invite-delete", inviteId: adminsInvite.id }, c.admin.cookie);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(INVITE_MESSAGES.deleted);
    expect((await invitesOf(c.id)).map((invite) => invite.id)).not.toContain(adminsInvite.id);
  });

  it("the creator changes roles, nobody else can, and the creator's own role is not for changing", async () => {
    const c = await staffed();
    const promoted = await send(`/community/${c.id}.data`, { intent: "community-role", memberId: c.plainMembership, role: "admin" }, c.creator.cookie);
    expect(promoted.status).toBe(200);
    expect(await roleOf(c.id, c.plain.user.id)).toBe("admin");
    // Now an admin, they can invite; back to member, they cannot.
    expect((await createInvite(db(), c.plain.user.id, c.id, {})).ok).toBe(true);
    const demoted = await send(`/community/${c.id}`, { intent: "community-role", memberId: c.plainMembership, role: "member", returnTo: `/community/${c.id}?tab=members` }, c.creator.cookie);
    expect(toastOf(demoted)).toContain("is now a member");
    expect(await roleOf(c.id, c.plain.user.id)).toBe("member");
    expect(await createInvite(db(), c.plain.user.id, c.id, {})).toMatchObject({ ok: false, status: 403, message: INVITE_MESSAGES.notAllowed });

    // An admin, a moderator or a member changing roles: refused, nothing changes.
    for (const [someone, target] of [
      [c.admin, c.moderatorMembership],
      [c.moderator, c.plainMembership],
      [c.plain, c.adminMembership],
      [c.admin, c.adminMembership],
    ] as [Member, string][]) {
      const refused = await send(`/community/${c.id}.data`, { intent: "community-role", memberId: target, role: "admin" }, someone.cookie);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain(COMMUNITY_MESSAGES.onlyCreator);
    }
    expect(await roleOf(c.id, c.moderator.user.id)).toBe("moderator");
    expect(await roleOf(c.id, c.plain.user.id)).toBe("member");

    const creatorsRow = (await membersOf(c.id)).find((row) => row.userId === c.creator.user.id)!;
    const own = await send(`/community/${c.id}.data`, { intent: "community-role", memberId: creatorsRow.id, role: "member" }, c.creator.cookie);
    expect(own.status).toBe(403);
    expect(await roleOf(c.id, c.creator.user.id)).toBe("creator");
  });

  it("an admin's invites go when the admin is made a member or a moderator, or leaves: they admit no one after (decision 070)", async () => {
    const c = await staffed();
    const outsider = await member();
    const kept = await createInvite(db(), c.creator.user.id, c.id, {});
    const promoted = await send(`/community/${c.id}.data`, { intent: "community-role", memberId: c.plainMembership, role: "admin" }, c.creator.cookie);
    expect(promoted.status).toBe(200);
    const codes: Record<string, string> = {};
    for (const [name, who] of [["admin", c.admin], ["promoted", c.plain]] as [string, Member][]) {
      const made = await createInvite(db(), who.user.id, c.id, {});
      if (!made.ok) throw new Error(made.message ?? "invite refused");
      codes[name] = made.code;
    }
    // The creator makes the first admin a moderator; the second leaves.
    const demoted = await send(`/community/${c.id}.data`, { intent: "community-role", memberId: c.adminMembership, role: "moderator" }, c.creator.cookie);
    expect(demoted.status).toBe(200);
    expect(await leaveCommunity(db(), c.plain.user.id, c.id)).toMatchObject({ ok: true });
    for (const code of [codes.admin!, codes.promoted!]) {
      expect(await joinByInvite(db(), outsider.user.id, code)).toMatchObject({ ok: false, status: 404, message: INVITE_MESSAGES.notFound });
      expect((await page(`/invite/${code}`, outsider.cookie)).html).not.toContain(c.name);
    }
    expect(await roleOf(c.id, outsider.user.id)).toBeNull();
    // The creator's invite stands.
    expect((await invitesOf(c.id)).map((invite) => invite.inviterId)).toEqual([c.creator.user.id]);
    if (!kept.ok) throw new Error(kept.message ?? "invite refused");
    expect(await joinByInvite(db(), outsider.user.id, kept.code)).toMatchObject({ ok: true, communityId: c.id });
  });
});

describe("joining and leaving", () => {
  it("joins a public community once, counts members by joins and leaves, and the creator cannot leave", async () => {
    const creator = await member();
    const joiner = await member();
    const c = await community(creator.user.id);
    expect((await communityRow(c.id))!.memberCount).toBe(1);

    const join = await send(`/community/${c.id}.data`, { intent: "community-join" }, joiner.cookie);
    expect(join.status).toBe(200);
    expect(await join.text()).toContain(COMMUNITY_MESSAGES.joined);
    expect(await roleOf(c.id, joiner.user.id)).toBe("member");
    expect((await communityRow(c.id))!.memberCount).toBe(2);

    const again = await send(`/community/${c.id}`, { intent: "community-join", returnTo: `/community/${c.id}` }, joiner.cookie);
    expect(toastOf(again)).toBe(COMMUNITY_MESSAGES.alreadyMember);
    expect(await membersOf(c.id)).toHaveLength(2);
    expect((await communityRow(c.id))!.memberCount).toBe(2);

    const creatorLeaves = await send(`/community/${c.id}.data`, { intent: "community-leave" }, creator.cookie);
    expect(creatorLeaves.status).toBe(409);
    expect(await creatorLeaves.text()).toContain(COMMUNITY_MESSAGES.creatorCannotLeave);
    expect(await roleOf(c.id, creator.user.id)).toBe("creator");

    const leaves = await send(`/community/${c.id}`, { intent: "community-leave", returnTo: `/community/${c.id}` }, joiner.cookie);
    expect(toastOf(leaves)).toBe(COMMUNITY_MESSAGES.left);
    expect(await roleOf(c.id, joiner.user.id)).toBeNull();
    expect((await communityRow(c.id))!.memberCount).toBe(1);
    // Leaving again changes nothing.
    await send(`/community/${c.id}.data`, { intent: "community-leave" }, joiner.cookie);
    expect((await communityRow(c.id))!.memberCount).toBe(1);

    // A count that is already 0 stays at 0 when a membership goes (the trigger never goes below 0).
    await send(`/community/${c.id}.data`, { intent: "community-join" }, joiner.cookie);
    await db().update(communities).set({ memberCount: 0 }).where(eq(communities.id, c.id));
    const last = await send(`/community/${c.id}.data`, { intent: "community-leave" }, joiner.cookie);
    expect(last.status).toBe(200);
    expect((await communityRow(c.id))!.memberCount).toBe(0);
  });
});

describe("the lists of a member's communities and of a community's members", () => {
  it("Joined lists the member's communities (private ones included), newest join first", async () => {
    const creator = await member();
    const joiner = await member();
    const stranger = await member();
    const first = await community(creator.user.id);
    const second = await community(creator.user.id);
    const closed = await community(creator.user.id, { isPrivate: true });
    const now = Date.now();
    expect(await joinCommunity(db(), joiner.user.id, first.id, now - 3 * TIME.MINUTE)).toMatchObject({ ok: true });
    expect(await joinCommunity(db(), joiner.user.id, second.id, now - 2 * TIME.MINUTE)).toMatchObject({ ok: true });
    const code = await inviteFor(closed.id, creator.user.id);
    expect(await joinByInvite(db(), joiner.user.id, code, now - TIME.MINUTE)).toMatchObject({ ok: true });

    const joined = await page("/communities", joiner.cookie);
    expect(joined.status).toBe(200);
    expect(joined.html).not.toContain(COMMUNITY_MESSAGES.loadFailed);
    const at = (name: string) => joined.html.indexOf(name);
    expect(at(closed.name)).toBeGreaterThan(-1);
    expect(at(closed.name)).toBeLessThan(at(second.name));
    expect(at(second.name)).toBeLessThan(at(first.name));
    expect((await runRead(joinedCommunitiesRead(db(), joiner.user.id))).items.map((each) => each.id)).toEqual([closed.id, second.id, first.id]);
    const strangers = await page("/communities", stranger.cookie);
    expect(strangers.html).not.toContain(COMMUNITY_MESSAGES.loadFailed);
    expect(strangers.html).not.toContain(closed.name);
  });

  it("Discover and search know the viewer's role in each community they list", async () => {
    const creator = await member();
    const joiner = await member();
    const stranger = await member();
    const name = `Role check ${word("r")}`;
    const open = await community(creator.user.id, { name });
    expect(await joinCommunity(db(), joiner.user.id, open.id)).toMatchObject({ ok: true });
    const roleOf = async (userId: string) => ({
      discover: (await runRead(discoverCommunitiesRead(db(), userId))).find((each) => each.id === open.id)?.role,
      search: (await runRead(searchCommunitiesRead(db(), userId, name))).items.find((each) => each.id === open.id)?.role,
    });
    expect(await roleOf(creator.user.id)).toEqual({ discover: "creator", search: "creator" });
    expect(await roleOf(joiner.user.id)).toEqual({ discover: "member", search: "member" });
    expect(await roleOf(stranger.user.id)).toEqual({ discover: null, search: null });
  });

  it("Members lists who belongs, first joined first, with their roles; nothing of a private community for a non-member", async () => {
    const creator = await member();
    const joiner = await member();
    const stranger = await member();
    const open = await community(creator.user.id);
    expect(await joinCommunity(db(), joiner.user.id, open.id, Date.now() + TIME.SECOND)).toMatchObject({ ok: true });

    const members = await page(`/community/${open.id}?tab=members`, stranger.cookie);
    expect(members.status).toBe(200);
    expect(members.html).not.toContain(COMMUNITY_MESSAGES.membersFailed);
    expect(members.html).toContain(`/profile/${creator.user.username}`);
    expect(members.html).toContain(`/profile/${joiner.user.username}`);
    const listed = await runRead(communityMembersRead(db(), stranger.user.id, open.id));
    expect(listed.items.map((each) => [each.user.id, each.role])).toEqual([
      [creator.user.id, "creator"],
      [joiner.user.id, "member"],
    ]);

    const closed = await community(creator.user.id, { isPrivate: true });
    await addMember(closed.id, joiner.user.id);
    expect((await runRead(communityMembersRead(db(), joiner.user.id, closed.id))).items).toHaveLength(2);
    expect(await runRead(communityMembersRead(db(), stranger.user.id, closed.id))).toEqual({ items: [], nextCursor: null });
    expect(await runRead(communityMembersRead(db(), null, closed.id))).toEqual({ items: [], nextCursor: null });
  });
});

describe("a private community is invisible to non-members in every read path", () => {
  it("its page, lists, search, posts, post pages, profile and hashtag lists, bookmarks and media are for members only", async () => {
    const creator = await member();
    const insider = await member();
    const outsider = await member();
    const nameWord = word("hiddenname");
    const descriptionWord = word("hiddendesc");
    const name = `Hidden ${nameWord}`;
    const created = await send("/communities/new", { intent: "community-create", name, description: `About ${descriptionWord}`, isPrivate: "on" }, creator.cookie);
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.replace("/community/", "");
    expect(await communityRow(id)).toMatchObject({ isPrivate: true });

    // The insider joins through an invite.
    const code = await inviteFor(id, creator.user.id);
    const joined = await send(`/invite/${code}`, { intent: "invite-join", code, returnTo: `/invite/${code}` }, insider.cookie);
    expect(joined.headers.get("Location")).toBe(`/community/${id}`);
    expect(toastOf(joined)).toBe(INVITE_MESSAGES.welcome(name));

    // A member posts in it, with an image and a hashtag.
    const secret = word("secretpost");
    const searchWord = word("findme");
    const tag = word("privtag");
    const composed = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: `${secret} ${searchWord} #${tag}`, visibility: "everyone", communityId: id, returnTo: `/community/${id}` }, { images: png() }),
      { Cookie: creator.cookie },
    );
    expect(composed.status).toBe(302);
    expect(toastOf(composed)).toBe(COMMUNITY_MESSAGES.postedIn);
    const post = (await db().select().from(posts).where(eq(posts.communityId, id)).all())[0]!;
    expect(post.content).toContain(secret);
    const key = post.mediaUrls![0]!.replace("/media/", "");

    // Members see all of it.
    const members = { community: await page(`/community/${id}`, insider.cookie) };
    expect(members.community.status).toBe(200);
    expect(members.community.html).toContain(nameWord);
    expect(members.community.html).toContain(secret);
    const memberPostPage = await page(`/community/${id}/post/${post.id}`, insider.cookie);
    expect(memberPostPage.status).toBe(200);
    expect(memberPostPage.html).toContain(secret);
    const redirected = await page(`/post/${post.id}`, insider.cookie);
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe(`/community/${id}/post/${post.id}`);
    expect((await page(`/profile/${creator.user.username}`, insider.cookie)).html).toContain(secret);
    expect((await page(`/hashtag/${tag}`, insider.cookie)).html).toContain(secret);
    expect((await page(`/explore?q=%23${tag}`, insider.cookie)).html).toContain(secret);
    expect((await page(`/communities?q=${descriptionWord}`, insider.cookie)).html).toContain(nameWord);
    const memberMedia = await get(`/media/${key}`, { Cookie: insider.cookie });
    expect(memberMedia.status).toBe(200);
    expect(memberMedia.headers.get("Cache-Control")).toMatch(/^private/);
    expect(ids(await runRead(profilePostsRead(db(), insider.user.id, { username: creator.user.username })))).toContain(post.id);
    expect(ids(await runRead(hashtagPostsRead(db(), insider.user.id, tag)))).toEqual([post.id]);

    // Discover lists public communities only, members or not.
    for (const someone of [insider, outsider, creator]) {
      expect((await page("/communities?tab=discover", someone.cookie)).html).not.toContain(nameWord);
      expect((await runRead(discoverCommunitiesRead(db(), someone.user.id))).map((each) => each.id)).not.toContain(id);
    }

    // A non-member (and a visitor, where pages are open to visitors) sees nothing of it.
    const closed = await page(`/community/${id}`, outsider.cookie);
    expect(closed.status).toBe(403);
    expect(closed.html).toContain(COMMUNITY_MESSAGES.privateTitle);
    expect(closed.html).toContain(COMMUNITY_MESSAGES.privateText);
    for (const hidden of [nameWord, descriptionWord, secret]) expect(closed.html).not.toContain(hidden);
    const membersTab = await page(`/community/${id}?tab=members`, outsider.cookie);
    expect(membersTab.status).toBe(403);
    expect(membersTab.html).not.toContain(nameWord);
    expect(membersTab.html).not.toContain(insider.user.username);

    const search = await page(`/communities?q=${descriptionWord}`, outsider.cookie);
    expect(search.html).not.toContain(nameWord);
    expect(search.html).toContain(COMMUNITY_MESSAGES.noResults);

    for (const cookie of [outsider.cookie, undefined]) {
      const postPage = await page(`/community/${id}/post/${post.id}`, cookie);
      expect(postPage.status).toBe(404);
      expect(postPage.html).not.toContain(secret);
    }
    for (const cookie of [outsider.cookie, undefined]) {
      const plain = await page(`/post/${post.id}`, cookie);
      expect(plain.status).toBe(404);
      expect(plain.html).not.toContain(secret);
      expect(plain.html).not.toContain(nameWord);
      expect((await page(`/@${creator.user.username}`, cookie)).html).not.toContain(secret);
    }
    expect((await page(`/profile/${creator.user.username}`, outsider.cookie)).html).not.toContain(secret);
    expect((await page(`/hashtag/${tag}`, outsider.cookie)).html).not.toContain(secret);
    expect((await page(`/explore?q=%23${tag}`, outsider.cookie)).html).not.toContain(secret);
    expect((await page(`/explore?q=${searchWord}`, outsider.cookie)).html).not.toContain(secret);
    expect((await page(`/?q=${searchWord}`, outsider.cookie)).html).not.toContain(secret);
    expect(ids(await runRead(profilePostsRead(db(), outsider.user.id, { username: creator.user.username })))).not.toContain(post.id);
    expect(ids(await runRead(profilePostsRead(db(), null, { username: creator.user.username })))).not.toContain(post.id);
    expect(ids(await runRead(hashtagPostsRead(db(), outsider.user.id, tag)))).toEqual([]);
    expect(ids(await runRead(hashtagPostsRead(db(), null, tag)))).toEqual([]);
    expect((await get(`/media/${key}`, { Cookie: outsider.cookie })).status).toBe(404);
    expect((await get(`/media/${key}`)).status).toBe(404);

    // Nor can they join it directly, or post in it.
    const join = await send(`/community/${id}.data`, { intent: "community-join" }, outsider.cookie);
    expect(join.status).toBe(404);
    expect(await join.text()).toContain(COMMUNITY_MESSAGES.notFound);
    expect(await roleOf(id, outsider.user.id)).toBeNull();
    expect((await communityRow(id))!.memberCount).toBe(2);
    const intruding = `${word("intrude")} in your community`;
    const compose = await send("/compose.data", { intent: "post", content: intruding, visibility: "everyone", communityId: id }, outsider.cookie);
    expect(compose.status).toBe(403);
    expect(await compose.text()).toContain(COMMUNITY_MESSAGES.membersOnlyPost);
    const withoutJs = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: intruding, visibility: "everyone", communityId: id, returnTo: "/" }, { images: png() }),
      { Cookie: outsider.cookie },
    );
    expect(toastOf(withoutJs)).toBe(COMMUNITY_MESSAGES.membersOnlyPost);
    expect(await db().select().from(posts).where(eq(posts.userId, outsider.user.id)).all()).toEqual([]);
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.userId, outsider.user.id)).all()).toEqual([]);
    expect((await page(`/compose?community=${id}`, outsider.cookie)).status).toBe(404);
    expect((await communityRow(id))!.postsCount).toBe(1);

    // A bookmark outlives the membership, but the post leaves the member's bookmarks with them.
    expect(await setBookmark(db(), insider.user.id, post.id, true)).toMatchObject({ ok: true });
    expect(ids(await listBookmarks(db(), insider.user.id))).toEqual([post.id]);
    expect((await page("/bookmarks", insider.cookie)).html).toContain(secret);
    const left = await send(`/community/${id}`, { intent: "community-leave", returnTo: `/community/${id}` }, insider.cookie);
    expect(toastOf(left)).toBe(COMMUNITY_MESSAGES.left);
    expect(ids(await listBookmarks(db(), insider.user.id))).toEqual([]);
    expect((await page("/bookmarks", insider.cookie)).html).not.toContain(secret);
    expect((await page(`/community/${id}`, insider.cookie)).status).toBe(403);
    expect((await get(`/media/${key}`, { Cookie: insider.cookie })).status).toBe(404);
    expect(await db().select().from(postBookmarks).where(eq(postBookmarks.postId, post.id)).all()).toHaveLength(1);
  });
});

describe("mentions in a private community", () => {
  it("a comment's mention tells a member and not an outsider, as a post's does (decision 035)", async () => {
    const creator = await createUser();
    const insider = await createUser();
    const outsider = await createUser();
    const { id } = await community(creator.id, { isPrivate: true });
    await addMember(id, insider.id);
    const post = await createPost(creator.id, { content: "members only", communityId: id });
    const commented = await addComment(db(), creator.id, post.id, { content: `hey @${insider.username} and @${outsider.username}` });
    expect(commented.ok).toBe(true);
    const mentionsOf = (userId: string) =>
      db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "mention"))).all();
    expect(await mentionsOf(insider.id)).toHaveLength(1);
    expect(await mentionsOf(outsider.id)).toHaveLength(0);

    // In a public community anyone named is told.
    const open = await community(creator.id);
    const openPost = await createPost(creator.id, { content: "all welcome", communityId: open.id });
    expect((await addComment(db(), creator.id, openPost.id, { content: `hello @${outsider.username}` })).ok).toBe(true);
    expect(await mentionsOf(outsider.id)).toHaveLength(1);
  });

  it("a like, repost, comment or reply tells only who is still a member (decision 070)", async () => {
    const creator = await createUser();
    const author = await createUser();
    const commenter = await createUser();
    const stayer = await createUser();
    const { id } = await community(creator.id, { isPrivate: true });
    for (const who of [author, commenter, stayer]) await addMember(id, who.id);
    const post = await createPost(author.id, { content: "said inside", communityId: id });
    const first = await addComment(db(), commenter.id, post.id, { content: "a first word" });
    if (!first.ok) throw new Error(first.message ?? "comment refused");
    const told = (userId: string) => db().select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, userId)).all();
    expect(await told(author.id)).toEqual([{ type: "comment" }]);

    for (const who of [author, commenter]) expect(await leaveCommunity(db(), who.id, id)).toMatchObject({ ok: true });
    expect((await setLike(db(), stayer.id, post.id, true)).ok).toBe(true);
    expect((await setRepost(db(), stayer.id, post.id, true)).ok).toBe(true);
    expect((await addComment(db(), stayer.id, post.id, { content: "still here" })).ok).toBe(true);
    expect((await addComment(db(), stayer.id, post.id, { content: "answering you", parentId: first.commentId })).ok).toBe(true);
    expect(await told(author.id)).toEqual([{ type: "comment" }]);
    expect(await told(commenter.id)).toEqual([]);

    // Back in, they are told again.
    for (const who of [author, commenter]) await addMember(id, who.id);
    expect((await addComment(db(), stayer.id, post.id, { content: "welcome back", parentId: first.commentId })).ok).toBe(true);
    expect((await setLike(db(), creator.id, post.id, true)).ok).toBe(true);
    expect((await told(author.id)).map((row) => row.type).sort()).toEqual(["comment", "comment", "like"]);
    expect(await told(commenter.id)).toEqual([{ type: "comment" }]);
  });
});

describe("a public community's posts", () => {
  it("are on the author's profile and hashtag page (with the community named), never in Home or /videos", async () => {
    // Times before every other test's posts (far-future ones would push other tests' posts off their
    // first pages): /videos is read from just after them.
    let at = Date.now() - 20 * 365 * TIME.DAY;
    const next = () => (at += TIME.MINUTE);
    const creator = await createUser();
    const author = await createUser();
    const follower = await createUser();
    await db().insert(follows).values({ id: newId(), followerId: follower.id, followingId: author.id });
    const c = await community(creator.id);
    expect(await joinCommunity(db(), author.id, c.id)).toMatchObject({ ok: true });
    const tag = word("pubtag");
    const inCommunity = await createPost(author.id, { communityId: c.id, content: `in the community #${tag}`, videoUrl: "/media/videos/in.mp4", createdAt: new Date(next()) });
    const outside = await createPost(author.id, { content: `outside #${tag}`, videoUrl: "/media/videos/out.mp4", createdAt: new Date(next()) });
    await db().insert(postHashtags).values([
      { postId: inCommunity.id, hashtag: tag },
      { postId: outside.id, hashtag: tag },
    ]);
    const now = next();

    for (const viewer of [follower.id, creator.id]) {
      // For you ranks the newest posts of the shared database (other tests' community posts among
      // them, made now): none of its cards is a community's.
      const forYou = await getForYouFeed(db(), viewer, { now: Date.now() });
      expect(forYou.items.length).toBeGreaterThan(0);
      expect(forYou.items.filter((item) => item.post.communityId !== null)).toEqual([]);
      const videos = ids(await listCards(db(), viewer, [withVideo], { now, cursor: newId(now + TIME.MINUTE) }));
      expect(videos).toContain(outside.id);
      expect(videos).not.toContain(inCommunity.id);
    }
    const following = ids(await getFollowingFeed(db(), follower.id, { now }));
    expect(following).toContain(outside.id);
    expect(following).not.toContain(inCommunity.id);

    for (const viewer of [follower.id, null]) {
      const profile = await runRead(profilePostsRead(db(), viewer, { username: author.username }, { now }));
      expect(ids(profile)).toEqual([outside.id, inCommunity.id]);
      expect(profile.items[1]!.post.community).toEqual({ id: c.id, name: c.name });
      expect(ids(await runRead(hashtagPostsRead(db(), viewer, tag, { now })))).toEqual([outside.id, inCommunity.id]);
    }
    // Posting in it is for its members: a member of the site who has not joined is refused.
    const passerby = await member();
    const refused = await send("/compose.data", { intent: "post", content: "let me post here", visibility: "everyone", communityId: c.id }, passerby.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(COMMUNITY_MESSAGES.membersOnlyPost);
    expect(await db().select().from(posts).where(eq(posts.userId, passerby.user.id)).all()).toEqual([]);
    const visitorsProfile = await page(`/@${author.username}`);
    expect(visitorsProfile.html).toContain("in the community");
    // Its page opens for a visitor too (a shared link), and /post/{id} leads there.
    const shared = await page(`/community/${c.id}/post/${inCommunity.id}`);
    expect(shared.status).toBe(200);
    expect(shared.html).toContain("in the community");
    expect(shared.html).toContain(`Posted in ${c.name}`);
    expect(shared.html).toContain(`<meta property="og:url" content="http://localhost/community/${c.id}/post/${inCommunity.id}"/>`);
    const redirected = await page(`/post/${inCommunity.id}`);
    expect(redirected.status).toBe(302);
    expect(redirected.location).toBe(`/community/${c.id}/post/${inCommunity.id}`);
    expect((await communityRow(c.id))!.postsCount).toBe(1);
  });
});

describe("a community post's own page", () => {
  it("takes its comments: a refused one comes back in it with the reason and the text; a good one is stored", async () => {
    const creator = await createUser();
    const c = await community(creator.id);
    const post = await createPost(creator.id, { communityId: c.id, content: "Comment here" });
    const cookie = await sessionCookieFor(creator.id);
    const path = `/community/${c.id}/post/${post.id}`;
    const pageHtml = (await page(path, cookie)).html;
    expect(pageHtml).toContain(`action="${path}"`);
    const refused = await fetchWorker(formPost(path, { intent: "comment", content: "x".repeat(COMMENT_MAX_LENGTH + 1), returnTo: `${path}#comments` }, { Cookie: cookie }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain(POST_MESSAGES.commentTooLong);
    expect(html).toContain("x".repeat(COMMENT_MAX_LENGTH + 1));
    const posted = await fetchWorker(formPost(path, { intent: "comment", content: "Kept", returnTo: `${path}#comments` }, { Cookie: cookie }));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`${path}#comments`);
    expect(await db().select().from(comments).where(eq(comments.postId, post.id))).toHaveLength(1);
  });
});

describe("invite links", () => {
  it("a code is 8 characters of A–Z and 0–9; a code that always collides gives up after 10 draws", async () => {
    for (let i = 0; i < 200; i++) expect(newInviteCode()).toMatch(/^[A-Z0-9]{8}$/);
    const creator = await createUser();
    const c = await community(creator.id, { isPrivate: true });
    const taken = await inviteFor(c.id, creator.id);
    expect(taken).toMatch(/^[A-Z0-9]{8}$/);
    let draws = 0;
    const outcome = await createInvite(db(), creator.id, c.id, { maxUses: 3 }, { drawCode: () => (draws++, taken) });
    expect(outcome).toMatchObject({ ok: false, message: INVITE_MESSAGES.codeFailed });
    expect(draws).toBe(INVITE_CODE_ATTEMPTS);
    expect(INVITE_CODE_ATTEMPTS).toBe(10);
    expect(await invitesOf(c.id)).toHaveLength(1);
    // One collision, then a free code: created.
    let tries = 0;
    const fresh = newInviteCode();
    expect(await createInvite(db(), creator.id, c.id, {}, { drawCode: () => (tries++ === 0 ? taken : fresh) })).toMatchObject({ ok: true, code: fresh });
    expect(tries).toBe(2);
  });

  it("20 concurrent joins on a max-uses-5 invite: exactly 5 new members and uses_count 5", async () => {
    const creator = await createUser();
    const c = await community(creator.id, { isPrivate: true });
    const code = await inviteFor(c.id, creator.id, { maxUses: 5 });
    const joiners = await Promise.all(Array.from({ length: 20 }, () => member()));
    const answers = await Promise.all(joiners.map(({ cookie }) => send(`/invite/${code}`, { intent: "invite-join", code, returnTo: `/invite/${code}` }, cookie)));
    const toasts = answers.map(toastOf);
    expect(toasts.filter((toast) => toast === INVITE_MESSAGES.welcome(c.name))).toHaveLength(5);
    expect(toasts.filter((toast) => toast === INVITE_MESSAGES.usedUpLink)).toHaveLength(15);
    const rows = await membersOf(c.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.role === "member")).toHaveLength(5);
    expect((await communityRow(c.id))!.memberCount).toBe(6);
    expect((await invitesOf(c.id))[0]).toMatchObject({ usesCount: 5, maxUses: 5 });
    // The use that took its last dates its end, which the clean-up counts from (decision 122).
    expect(Math.abs((await invitesOf(c.id))[0]!.usedUpAt!.getTime() - Date.now())).toBeLessThan(TIME.MINUTE);
    // The used-up invite's page says so.
    const latecomer = await member();
    const used = await page(`/invite/${code}`, latecomer.cookie);
    expect(used.status).toBe(410);
    expect(used.html).toContain(INVITE_MESSAGES.usedUpLink);
  });

  it(`each inviter holds at most ${INVITES_LIVE_MAX} live invites in a community, and the list shows their own live ones first: none they may delete falls off it`, async () => {
    expect(INVITES_LIVE_MAX).toBeLessThanOrEqual(INVITES_SHOWN);
    const creator = await member();
    const admin = await createUser();
    const c = await community(creator.user.id);
    expect((await joinCommunity(db(), admin.id, c.id)).ok).toBe(true);
    await db().update(communityMembers).set({ role: "admin" }).where(and(eq(communityMembers.communityId, c.id), eq(communityMembers.userId, admin.id)));
    const now = Date.now();
    const row = (i: number, inviterId: string, dead: { expiresAt?: Date; maxUses?: number; usesCount?: number } = {}) => ({
      id: newId(now - 1000 + i),
      communityId: c.id,
      inviterId,
      inviteCode: newInviteCode(),
      createdAt: new Date(now - 1000 + i),
      usesCount: 0,
      ...dead,
    });
    // The creator's oldest are live; newer, expired and used-up ones (which used to push them out), and
    // the admin's live ones, newest of all.
    const live = Array.from({ length: INVITES_LIVE_MAX - 1 }, (_, i) => row(i, creator.user.id));
    const dead = Array.from({ length: 20 }, (_, i) => row(500 + i, creator.user.id, i % 2 ? { expiresAt: new Date(now - TIME.MINUTE) } : { maxUses: 1, usesCount: 1 }));
    const admins = Array.from({ length: 10 }, (_, i) => row(800 + i, admin.id));
    for (const rows of [live, dead, admins]) for (let i = 0; i < rows.length; i += 10) await db().insert(communityInvites).values(rows.slice(i, i + 10));

    // The creator's 50th live invite is made; the 51st is refused, saying why, and nothing is made.
    const last = await createInvite(db(), creator.user.id, c.id, {});
    expect(last).toEqual({ ok: true, code: expect.any(String) });
    expect(await createInvite(db(), creator.user.id, c.id, {})).toMatchObject({ ok: false, status: 409, message: INVITE_MESSAGES.tooManyLive(INVITES_LIVE_MAX) });
    const refused = await send(`/community/${c.id}/invites`, { intent: "invite-create", returnTo: `/community/${c.id}/invites` }, creator.cookie);
    expect(toastOf(refused)).toBe(INVITE_MESSAGES.tooManyLive(INVITES_LIVE_MAX));
    // The creator's list is their 50 live invites, every one with its Delete.
    const listed = (await listInvites(db(), creator.user.id, c.id))!;
    expect(listed).toHaveLength(INVITES_SHOWN);
    expect(listed.every((invite) => invite.mine && !invite.expired && !invite.usedUp)).toBe(true);
    // One admin's invites keep no one else from making theirs; theirs come first in their list.
    expect((await createInvite(db(), admin.id, c.id, {})).ok).toBe(true);
    const adminsList = (await listInvites(db(), admin.id, c.id))!;
    expect(adminsList.slice(0, admins.length + 1).every((invite) => invite.mine && !invite.expired)).toBe(true);
    expect(adminsList.slice(admins.length + 1).every((invite) => !invite.mine && !invite.expired && !invite.usedUp)).toBe(true);
    expect(await invitesOf(c.id)).toHaveLength(INVITES_LIVE_MAX + dead.length + admins.length + 1);

    // One of the creator's used up makes room for one more.
    await db().update(communityInvites).set({ maxUses: 1, usesCount: 1 }).where(eq(communityInvites.id, live[0]!.id));
    expect((await createInvite(db(), creator.user.id, c.id, {})).ok).toBe(true);
    expect((await createInvite(db(), creator.user.id, c.id, {})).ok).toBe(false);
  });

  it(`the cron deletes invites dead for ${INVITE_DEAD_KEPT_MS / TIME.DAY} days (expired, or their last use taken, that long ago), each kind by its own index; live ones stay, however old`, async () => {
    const creator = await createUser();
    const c = await community(creator.id, { isPrivate: true });
    const now = Date.now();
    const long = now - INVITE_DEAD_KEPT_MS - TIME.HOUR;
    const lately = now - INVITE_DEAD_KEPT_MS + TIME.HOUR;
    const invite = (fields: { expiresAt?: Date; maxUses?: number; usesCount?: number; usedUpAt?: Date; createdAt: Date }) => ({
      id: newId(),
      communityId: c.id,
      inviterId: creator.id,
      inviteCode: newInviteCode(),
      usesCount: 0,
      ...fields,
    });
    const rows = {
      expiredLongAgo: invite({ expiresAt: new Date(long), createdAt: new Date(long - TIME.DAY) }),
      expiredLately: invite({ expiresAt: new Date(lately), createdAt: new Date(long - TIME.DAY) }),
      usedUpLongAgo: invite({ maxUses: 2, usesCount: 2, usedUpAt: new Date(long), createdAt: new Date(long - TIME.DAY) }),
      // Made long ago, its last use taken lately: dead for less than the time kept.
      usedUpLately: invite({ maxUses: 2, usesCount: 2, usedUpAt: new Date(lately), createdAt: new Date(long - 300 * TIME.DAY) }),
      liveOld: invite({ createdAt: new Date(long - 300 * TIME.DAY) }),
      notYetUsedUp: invite({ maxUses: 3, usesCount: 2, createdAt: new Date(long) }),
      expiresLater: invite({ expiresAt: new Date(now + TIME.DAY), createdAt: new Date(long) }),
    };
    await db().insert(communityInvites).values(Object.values(rows));
    await runScheduledMaintenance(env, now);
    const left = new Set((await invitesOf(c.id)).map((row) => row.id));
    expect(Object.entries(rows).filter(([, row]) => left.has(row.id)).map(([name]) => name).sort()).toEqual(["expiredLately", "expiresLater", "liveOld", "notYetUsedUp", "usedUpLately"]);
    // Each of its two statements finds its rows by its own partial index, not by reading the table.
    const { spy, captured } = capturingD1();
    await deleteDeadInvites(getDb(spy), now);
    const plans = await Promise.all(captured.filter((statement) => statement.sql.startsWith("DELETE")).map(planOf));
    expect(plans.map((plan) => plan.join(" | "))).toEqual([
      expect.stringMatching(/SEARCH community_invites USING (COVERING )?INDEX community_invites_expired_idx \([^)]*expires_at<\?\)/),
      expect.stringMatching(/SEARCH community_invites USING (COVERING )?INDEX community_invites_used_up_idx \([^)]*used_up_at<\?\)/),
    ]);
    expect(plans.flat().filter((detail) => /^SCAN community_invites\b/.test(detail))).toEqual([]);
  });

  it("an invite that expires in a day works now and is refused ('This invite link has expired') once the day has passed", async () => {
    const creator = await member();
    const early = await member();
    const late = await member();
    const c = await community(creator.user.id, { isPrivate: true });
    const created = await send(`/community/${c.id}/invites`, { intent: "invite-create", expiresInDays: "1", returnTo: `/community/${c.id}/invites` }, creator.cookie);
    expect(toastOf(created)).toBe(INVITE_MESSAGES.created);
    const [invite] = await invitesOf(c.id);
    const expiresAt = invite!.expiresAt!.getTime();
    expect(Math.abs(expiresAt - (Date.now() + TIME.DAY))).toBeLessThan(TIME.MINUTE);

    const page1 = await page(`/invite/${invite!.inviteCode}`, early.cookie);
    expect(page1.status).toBe(200);
    expect(page1.html).toContain(c.name);
    const joined = await send(`/invite/${invite!.inviteCode}`, { intent: "invite-join", code: invite!.inviteCode, returnTo: `/invite/${invite!.inviteCode}` }, early.cookie);
    expect(toastOf(joined)).toBe(INVITE_MESSAGES.welcome(c.name));
    expect(await roleOf(c.id, early.user.id)).toBe("member");

    // By the clock: a minute after the expiry the same invite is refused.
    const later = expiresAt + TIME.MINUTE;
    expect(await joinByInvite(db(), late.user.id, invite!.inviteCode, later)).toMatchObject({ ok: false, message: INVITE_MESSAGES.expiredLink });
    expect(await runRead(invitePageRead(db(), late.user.id, invite!.inviteCode, later))).toMatchObject({ status: "expired" });
    // A moment before it, it still works for the page.
    expect(await runRead(invitePageRead(db(), late.user.id, invite!.inviteCode, expiresAt - TIME.MINUTE))).toMatchObject({ status: "valid" });

    // And through the worker, once its time has passed.
    await db().update(communityInvites).set({ expiresAt: new Date(Date.now() - TIME.SECOND) }).where(eq(communityInvites.id, invite!.id));
    const expiredPage = await page(`/invite/${invite!.inviteCode}`, late.cookie);
    expect(expiredPage.status).toBe(410);
    expect(expiredPage.html).toContain(INVITE_MESSAGES.expiredLink);
    expect(expiredPage.html).not.toContain(c.name);
    const refused = await send(`/invite/${invite!.inviteCode}`, { intent: "invite-join", code: invite!.inviteCode, returnTo: `/invite/${invite!.inviteCode}` }, late.cookie);
    expect(toastOf(refused)).toBe(INVITE_MESSAGES.expiredLink);
    const fetcher = await send(`/invite/${invite!.inviteCode}.data`, { intent: "invite-join", code: invite!.inviteCode }, late.cookie);
    expect(fetcher.status).toBe(409);
    expect(await fetcher.text()).toContain(INVITE_MESSAGES.expiredLink);
    expect(await roleOf(c.id, late.user.id)).toBeNull();
    expect((await invitesOf(c.id))[0]!.usesCount).toBe(1);
    expect((await communityRow(c.id))!.memberCount).toBe(2);
  });
});

describe("Discover", () => {
  it("scores fixed data as the spec says: interests, members and newness; a small community matching an interest outranks a big one without; private ones never appear", async () => {
    // A time after every community of every test: theirs are all old then, and only these are new.
    const now = Date.now() + 900 * 365 * TIME.DAY;
    const creator = await createUser();
    const viewer = await createUser();
    const tagA = word("dinterest");
    const tagB = word("dhobby");
    const tagOld = word("dforgotten");
    // The viewer's posts: the oldest (beyond the last 50) carries tagOld, the 50 newest carry tagA and tagB.
    // Written in the past: far-future posts would be the newest of the shared database, ahead of every
    // feed test's own (only their order among the viewer's matters here).
    const past = Date.now() - 400 * TIME.DAY;
    const viewerPosts = Array.from({ length: 51 }, (_, i) => ({ id: newId(past - (60 - i) * TIME.DAY), i }));
    for (const { id, i } of viewerPosts) {
      await db().insert(posts).values({ id, userId: viewer.id, content: "my post", createdAt: new Date(past) });
      await db().insert(postHashtags).values({ postId: id, hashtag: i === 0 ? tagOld : i % 2 ? tagA : tagB });
    }

    const old = new Date(now - 100 * TIME.DAY);
    const fresh = new Date(now - TIME.DAY);
    const made: Record<string, string> = {};
    const add = async (key: string, name: string, memberCount: number, createdAt: Date, { description = null as string | null, isPrivate = false } = {}) => {
      const id = newId(createdAt.getTime());
      await db()
        .insert(communities)
        .values({ id, name: `${name} ${word("d")}`, description, creatorId: creator.id, isPrivate, memberCount, createdAt, updatedAt: createdAt });
      made[key] = id;
    };
    await add("huge", "Huge", 100_000, old); // 2·ln(100001) ≈ 23.03
    await add("twoInterests", `Both ${tagA} and ${tagB}`, 1, old); // 20 + 2·ln 2 ≈ 21.39
    await add("smallMatching", `Small ${tagA}`, 3, old); // 10 + 2·ln 4 ≈ 12.77
    await add("bigWithout", "Big", 500, old); // 2·ln 501 ≈ 12.43
    await add("byDescription", "Plain", 0, old, { description: `All about ${tagB.toUpperCase()}` }); // 10
    await add("newOne", "Newcomers", 10, fresh); // 5 + 2·ln 11 ≈ 9.80
    await add("forgotten", `Forgotten ${tagOld}`, 0, old); // 0: not an interest (beyond the last 50 posts), not a candidate
    await add("private", `Secret ${tagA} ${tagB}`, 1_000_000, fresh, { isPrivate: true });
    await add("privateSmall", `Quiet ${tagA}`, 2, fresh, { isPrivate: true });

    const shown = await runRead(discoverCommunitiesRead(db(), viewer.id, now));
    const mine = Object.fromEntries(Object.entries(made).map(([key, id]) => [id, key]));
    const order = shown.filter((each) => mine[each.id]).map((each) => mine[each.id]);
    expect(order.slice(0, 6)).toEqual(["huge", "twoInterests", "smallMatching", "bigWithout", "byDescription", "newOne"]);
    // An old, empty community is shown at all only among the biggest when there are few communities,
    // and then last: the hashtag of the 51st newest post is no interest.
    expect(order.slice(6).every((key) => key === "forgotten")).toBe(true);
    expect(shown.every((each) => !each.isPrivate)).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(20);
    // Every community shown is ordered by its score.
    const interestsOf = (each: { name: string; description: string | null }) =>
      [tagA, tagB].filter((tag) => `${each.name} ${each.description ?? ""}`.toLowerCase().includes(tag)).length;
    const scores = shown.map((each) => discoverScore({ interests: interestsOf(each), memberCount: each.memberCount, createdAt: each.createdAt }, now));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // The score itself, on fixed numbers.
    expect(discoverScore({ interests: 1, memberCount: 3, createdAt: old }, now)).toBeCloseTo(10 + 2 * Math.log(4), 10);
    expect(discoverScore({ interests: 0, memberCount: 10, createdAt: fresh }, now)).toBeCloseTo(5 + 2 * Math.log(11), 10);
    expect(discoverScore({ interests: 2, memberCount: 0, createdAt: now - DISCOVER_SCORE.newWithinMs - 1 }, now)).toBe(20);
    expect(discoverScore({ interests: 1, memberCount: 3, createdAt: old }, now)).toBeGreaterThan(discoverScore({ interests: 0, memberCount: 500, createdAt: old }, now));

    // A member without interests: by members and newness alone.
    const stranger = await createUser();
    const theirs = (await runRead(discoverCommunitiesRead(db(), stranger.id, now))).filter((each) => mine[each.id]).map((each) => mine[each.id]);
    expect(theirs.slice(0, 3)).toEqual(["huge", "bigWithout", "newOne"]);
    expect(theirs).not.toContain("private");
  });
});

describe("a community's image", () => {
  it("an edit whose old image R2 will not delete now keeps the new one it saved; the cron deletes the old one later", async () => {
    const creator = await member();
    const created = await multipartPost("/communities/new", fileForm({ intent: "community-create", name: `Pictured ${word("p")}` }, { image: png("old.png") }), {
      Cookie: creator.cookie,
    });
    const id = created.headers.get("Location")!.replace("/community/", "");
    const oldKey = (await communityRow(id))!.imageUrl!.replace("/media/", "");
    const fresh = await storeMedia(db(), env.MEDIA, creator.user.id, png("new.png"), IMAGE_TYPES.png, "communities");
    const refusing = new Proxy(env.MEDIA, { get: (bucket, name) => (name === "delete" ? () => Promise.reject(new Error("R2 is unavailable")) : Reflect.get(bucket, name).bind(bucket)) });
    const edited = await updateCommunity(db(), refusing, creator.user.id, id, { name: `Repictured ${word("r")}`, description: undefined, removeImage: false }, { imageKey: fresh.key });
    expect(edited.ok).toBe(true);
    expect((await communityRow(id))!.imageUrl).toBe(fresh.url);
    expect(await db().select().from(mediaUploads).where(eq(mediaUploads.key, fresh.key)).get()).toBeDefined();
    expect((await get(fresh.url, { Cookie: creator.cookie })).status).toBe(200);
    expect(await env.MEDIA.head(oldKey)).not.toBeNull();
    await emptyMediaTrash(db(), env.MEDIA);
    expect(await env.MEDIA.head(oldKey)).toBeNull();
    expect(await env.MEDIA.head(fresh.key)).not.toBeNull();
  });
});

describe("deleting a community", () => {
  it("takes its members, invites, posts with their comments and likes, and every media object with it", async () => {
    const creator = await member();
    const poster = await member();
    const name = `Doomed ${word("doomed")}`;
    const created = await multipartPost("/communities/new", fileForm({ intent: "community-create", name, description: "Soon gone" }, { image: png("cover.png") }), {
      Cookie: creator.cookie,
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.replace("/community/", "");
    const imageKey = (await communityRow(id))!.imageUrl!.replace("/media/", "");
    expect(await env.MEDIA.head(imageKey)).not.toBeNull();

    expect(await joinCommunity(db(), poster.user.id, id)).toMatchObject({ ok: true });
    const code = await inviteFor(id, creator.user.id, { maxUses: 10 });
    const composed = await multipartPost(
      "/compose",
      fileForm({ intent: "post", content: "a picture for the community", visibility: "everyone", communityId: id, returnTo: `/community/${id}` }, { images: png() }),
      { Cookie: poster.cookie },
    );
    expect(toastOf(composed)).toBe(COMMUNITY_MESSAGES.postedIn);
    const [post] = await db().select().from(posts).where(eq(posts.communityId, id)).all();
    const postKey = post!.mediaUrls![0]!.replace("/media/", "");
    expect(await env.MEDIA.head(postKey)).not.toBeNull();
    expect(await addComment(db(), creator.user.id, post!.id, { content: "lovely" })).toMatchObject({ ok: true });
    expect(await setLike(db(), creator.user.id, post!.id, true)).toMatchObject({ ok: true });
    // Someone else's post outside the community stays.
    const unrelated = await createPost(poster.user.id, { content: "not in any community" });

    const refused = await send(`/community/${id}.data`, { intent: "community-delete" }, poster.cookie);
    expect(refused.status).toBe(403);
    expect(await communityRow(id)).toBeDefined();

    const deleted = await send(`/community/${id}`, { intent: "community-delete", returnTo: `/community/${id}` }, creator.cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe("/communities");
    expect(toastOf(deleted)).toBe(COMMUNITY_MESSAGES.deleted(name));

    expect(await communityRow(id)).toBeUndefined();
    expect(await membersOf(id)).toEqual([]);
    expect(await invitesOf(id)).toEqual([]);
    expect(await db().select().from(communityInvites).where(eq(communityInvites.inviteCode, code)).all()).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.communityId, id)).all()).toEqual([]);
    expect(await db().select().from(posts).where(eq(posts.id, post!.id)).all()).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.postId, post!.id)).all()).toEqual([]);
    expect(await db().select().from(postLikes).where(eq(postLikes.postId, post!.id)).all()).toEqual([]);
    expect(await db().select().from(mediaUploads).where(inArray(mediaUploads.key, [postKey, imageKey])).all()).toEqual([]);
    expect(await env.MEDIA.head(postKey)).toBeNull();
    expect(await env.MEDIA.head(imageKey)).toBeNull();
    expect(await db().select().from(posts).where(eq(posts.id, unrelated.id)).all()).toHaveLength(1);
    expect((await page(`/community/${id}`, creator.cookie)).status).toBe(404);
    expect((await page(`/invite/${code}`, creator.cookie)).status).toBe(404);
  });
});

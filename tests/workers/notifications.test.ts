import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, deleteComment } from "~/.server/comments";
import { getDb } from "~/.server/db/client";
import { runRead, runReads } from "~/.server/db/reads";
import { memberSettings, notifications, posts } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { deleteOldNotifications, markAllNotificationsRead, markNotificationRead, notificationsPageRead } from "~/.server/notifications";
import { createPost as composePost } from "~/.server/posts/create";
import { deletePost } from "~/.server/posts/delete";
import { setLike, setRepost } from "~/.server/posts/interactions";
import { shellReads } from "~/.server/shell";
import { MENTIONS_NOTIFIED, NOTIFICATION_CLEANUP_BATCH, NOTIFICATION_PREVIEW_LENGTH, NOTIFICATION_RETENTION_DAYS, NOTIFICATIONS_PAGE_SIZE, TIME } from "~/lib/constants";
import { NOTIFICATION_MESSAGES } from "~/lib/texts/notification";
import type { NotificationTab } from "~/lib/types/notification";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, planOf, sessionCookieFor, sessionViewerOf } from "./helpers";

/**
 * Notifications (decision 032): written by triggers with their cause (and by the application for a
 * mention in a comment), never for oneself or against the recipient's settings, taken back by an undo
 * while unread; likes and reposts of one post are one item.
 */

type Kind = "like" | "repost" | "comment" | "mention" | "follow" | "subscription";

async function rowsFor(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

async function page(userId: string, tab: NotificationTab = "all", cursor: string | null = null) {
  return runRead(notificationsPageRead(db(), userId, tab, cursor));
}

/**
 * The plans of the named triggers' statements that `pick` chooses, each planned as the trigger runs it
 * (their text from the schema, the row's values in place of NEW and OLD).
 */
async function triggerPlans(names: string[], pick: (statement: string) => boolean): Promise<{ label: string; plan: string }[]> {
  const triggers = await env.DB.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${names.map(() => "?").join(", ")})`)
    .bind(...names)
    .all<{ name: string; sql: string }>();
  expect(triggers.results.map((t) => t.name).sort()).toEqual([...names].sort());
  const plans = [];
  for (const trigger of triggers.results) {
    const body = trigger.sql.slice(trigger.sql.indexOf(" BEGIN") + " BEGIN".length, trigger.sql.lastIndexOf("END"));
    for (const statement of body.split(";").map((part) => part.trim()).filter(pick)) {
      const planned = statement.replace(/\b(NEW|OLD)\.`(\w+)`/g, "'01TESTVALUE'");
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${planned}`).all<{ detail: string }>()).results.map((row) => row.detail).join("\n");
      plans.push({ label: `${trigger.name}: ${statement.slice(0, 80)}`, plan });
    }
  }
  return plans;
}

/** The unread badge as the shell reads it for the member's session. */
async function badge(userId: string) {
  const viewer = await sessionViewerOf(userId);
  const [member] = await runReads(db(), shellReads(db(), viewer.session));
  return member?.unread ?? 0;
}

async function turnOff(userId: string, setting: Partial<typeof memberSettings.$inferInsert>) {
  await db().update(memberSettings).set(setting).where(eq(memberSettings.userId, userId));
}

const kinds = (rows: { type: Kind }[]) => rows.map((row) => row.type);

describe("notifications are written with their cause", () => {
  it("tells a post's author once of each like, repost and comment, and the followed member of a follow", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    expect((await setLike(db(), fan.id, post.id, true)).ok).toBe(true);
    // Liking again changes nothing: still one.
    await setLike(db(), fan.id, post.id, true);
    await setRepost(db(), fan.id, post.id, true);
    await addComment(db(), fan.id, post.id, { content: "Lovely words" });
    await setFollow(db(), fan.id, author.id, true);
    const rows = await rowsFor(author.id);
    expect(kinds(rows).sort()).toEqual(["comment", "follow", "like", "repost"]);
    expect(rows.every((row) => row.relatedUserId === fan.id && !row.isRead)).toBe(true);
    expect(rows.find((row) => row.type === "comment")).toMatchObject({ content: "Lovely words", relatedPostId: post.id });
    expect(rows.find((row) => row.type === "follow")?.relatedPostId).toBeNull();
    // Ids are time-sortable like every other id (26 characters of Crockford base32).
    expect(rows.every((row) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(row.id))).toBe(true);
    expect(await badge(author.id)).toBe(4);
  });

  it("tells the author of the answered comment of a reply, and the post's author of it as a comment", async () => {
    const author = await createUser();
    const first = await createUser();
    const replier = await createUser();
    const post = await createPost(author.id);
    const comment = await addComment(db(), first.id, post.id, { content: "First" });
    if (!comment.ok) throw new Error("comment refused");
    await addComment(db(), replier.id, post.id, { content: "An answer", parentId: comment.commentId });
    const toFirst = await page(first.id);
    expect(toFirst.items).toHaveLength(1);
    expect(toFirst.items[0]).toMatchObject({ type: "comment", reply: true, words: "An answer", actor: { username: replier.username } });
    const toAuthor = await page(author.id);
    expect(toAuthor.items.map((item) => [item.actor.username, item.reply])).toEqual([
      [replier.username, false],
      [first.username, false],
    ]);
    // The post's author answering a comment on their own post tells the comment's author only.
    await addComment(db(), author.id, post.id, { content: "Thanks", parentId: comment.commentId });
    expect((await page(author.id)).items).toHaveLength(2);
    expect((await page(first.id)).items).toHaveLength(2);
  });

  it("tells members mentioned in a post or a comment, not the writer, and only members", async () => {
    const writer = await createUser();
    const named = await createUser();
    const other = await createUser();
    const created = await composePost(db(), writer.id, {
      content: `Hello @${named.username.toUpperCase()} and @${writer.username} and @nobody_here_at_all`,
      imageKeys: [],
      location: undefined,
      visibility: "everyone",
    });
    if (!created.ok) throw new Error("post refused");
    expect((await page(named.id, "mentions")).items).toMatchObject([{ type: "mention", post: { id: created.postId }, words: null }]);
    expect(await rowsFor(writer.id)).toEqual([]);
    // In a comment: the mentioned member hears of it, with the comment's words; the post's author (told
    // of the comment already) is not told twice.
    await addComment(db(), other.id, created.postId, { content: `@${named.username} look, and @${writer.username}` });
    const mentions = (await page(named.id, "mentions")).items;
    expect(mentions).toHaveLength(2);
    expect(mentions[0]).toMatchObject({ type: "mention", words: `@${named.username} look, and @${writer.username}`, actor: { username: other.username } });
    expect(kinds(await rowsFor(writer.id))).toEqual(["comment"]);
  });

  it("tells every member a comment names, each with a notification of their own (a comment naming two was refused whole)", async () => {
    const author = await createUser();
    const [one, two, writer] = await Promise.all([createUser(), createUser(), createUser()]);
    const post = await createPost(author.id);
    const added = await addComment(db(), writer.id, post.id, { content: `@${one.username} and @${two.username}, look` });
    expect(added.ok).toBe(true);
    for (const member of [one, two]) expect(kinds(await rowsFor(member.id))).toEqual(["mention"]);
  });

  it("tells only the first MENTIONS_NOTIFIED members a post or a comment names (one account naming dozens of strangers a post)", async () => {
    const writer = await createUser();
    const named = await Promise.all(Array.from({ length: MENTIONS_NOTIFIED + 2 }, () => createUser()));
    const names = named.map((member) => `@${member.username}`).join(" ");
    const created = await composePost(db(), writer.id, { content: names, imageKeys: [], location: undefined, visibility: "everyone" });
    if (!created.ok) throw new Error("post refused");
    const told = async () => (await Promise.all(named.map(async (member) => (await rowsFor(member.id)).length))).map(Boolean);
    const first = Array.from({ length: named.length }, (_, index) => index < MENTIONS_NOTIFIED);
    expect(await told()).toEqual(first);
    const comment = await addComment(db(), writer.id, created.postId, { content: [...named].reverse().map((member) => `@${member.username}`).join(" ") });
    // The members whose rooms are told to read their count again: those notified, no more.
    expect(comment.ok && comment.told.usernames).toEqual([...named].reverse().slice(0, MENTIONS_NOTIFIED).map((member) => member.username.toLowerCase()));
    // The comment's first ten are the last ten named: the first two are told now, the two before them once.
    const counts = await Promise.all(named.map(async (member) => (await rowsFor(member.id)).length));
    expect(counts).toEqual(named.map((_, index) => (index < 2 ? 1 : index < MENTIONS_NOTIFIED ? 2 : 1)));
  });

  it("never notifies oneself", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    await setLike(db(), author.id, post.id, true);
    await addComment(db(), author.id, post.id, { content: "me again" });
    expect((await setFollow(db(), author.id, author.id, true)).ok).toBe(false);
    expect(await rowsFor(author.id)).toEqual([]);
    expect(await badge(author.id)).toBe(0);
  });

  it("honours the recipient's settings for each kind", async () => {
    const author = await createUser();
    const fan = await createUser();
    await turnOff(author.id, { notifyLikes: false, notifyReposts: false, notifyComments: false, notifyFollows: false, notifyMentions: false });
    const post = await createPost(author.id);
    await setLike(db(), fan.id, post.id, true);
    await setRepost(db(), fan.id, post.id, true);
    await addComment(db(), fan.id, post.id, { content: `hi @${author.username}` });
    await setFollow(db(), fan.id, author.id, true);
    await composePost(db(), fan.id, { content: `hey @${author.username}`, imageKeys: [], location: undefined, visibility: "everyone" });
    expect(await rowsFor(author.id)).toEqual([]);
    // One kind back on: only that kind is told.
    await turnOff(author.id, { notifyLikes: true });
    const another = await createUser();
    await setLike(db(), another.id, post.id, true);
    await setFollow(db(), another.id, author.id, true);
    expect(kinds(await rowsFor(author.id))).toEqual(["like"]);
  });
});

describe("an undo takes its notification back while it is unread", () => {
  it("removes an unread like, repost and follow, so toggling spams no one", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    for (let i = 0; i < 3; i++) {
      await setLike(db(), fan.id, post.id, true);
      await setLike(db(), fan.id, post.id, false);
      await setRepost(db(), fan.id, post.id, true);
      await setRepost(db(), fan.id, post.id, false);
      await setFollow(db(), fan.id, author.id, true);
      await setFollow(db(), fan.id, author.id, false);
    }
    expect(await rowsFor(author.id)).toEqual([]);
    await setLike(db(), fan.id, post.id, true);
    expect(kinds(await rowsFor(author.id))).toEqual(["like"]);
  });

  it("counts a member once in a group when they like again after an undo of a read like", async () => {
    const author = await createUser();
    const fan = await createUser();
    const other = await createUser();
    const post = await createPost(author.id);
    await setLike(db(), other.id, post.id, true);
    await setLike(db(), fan.id, post.id, true);
    await markAllNotificationsRead(db(), author.id);
    await setLike(db(), fan.id, post.id, false);
    await setLike(db(), fan.id, post.id, true);
    const rows = await rowsFor(author.id);
    expect(rows.map((row) => row.relatedUserId).sort()).toEqual([fan.id, other.id].sort());
    expect((await page(author.id)).items).toMatchObject([{ actor: { username: fan.username }, others: 1, read: false }]);
  });

  it("keeps one the member has read", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    await setLike(db(), fan.id, post.id, true);
    await setFollow(db(), fan.id, author.id, true);
    await markAllNotificationsRead(db(), author.id);
    await setLike(db(), fan.id, post.id, false);
    await setFollow(db(), fan.id, author.id, false);
    expect(kinds(await rowsFor(author.id)).sort()).toEqual(["follow", "like"]);
    expect(await badge(author.id)).toBe(0);
  });

  it("marks all read, and a group opened, a part at a time to the last (decision 123)", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const fans = [];
    for (let i = 0; i < 7; i++) fans.push(await createUser());
    for (const fan of fans) await setLike(db(), fan.id, post.id, true);
    const [group] = (await page(author.id)).items;
    // Parts of three: seven rows take three statements, the last one short.
    await markNotificationRead(db(), author.id, group!.id, 3);
    expect((await rowsFor(author.id)).filter((row) => !row.isRead)).toEqual([]);
    for (const fan of fans) await setFollow(db(), fan.id, author.id, true);
    expect(await badge(author.id)).toBe(7);
    await markAllNotificationsRead(db(), author.id, Date.now(), 3);
    expect((await rowsFor(author.id)).filter((row) => !row.isRead)).toEqual([]);
    expect(await badge(author.id)).toBe(0);
  });

  it("tells a member of the same follower once: following again after the notification was read replaces it", async () => {
    const author = await createUser();
    const fan = await createUser();
    for (let i = 0; i < 3; i++) {
      await setFollow(db(), fan.id, author.id, true);
      await markAllNotificationsRead(db(), author.id);
      await setFollow(db(), fan.id, author.id, false);
    }
    await setFollow(db(), fan.id, author.id, true);
    const rows = await rowsFor(author.id);
    expect(rows).toMatchObject([{ type: "follow", relatedUserId: fan.id, isRead: false }]);
    expect((await page(author.id)).items).toHaveLength(1);
    expect(await badge(author.id)).toBe(1);
  });

  it("migration 0038 keeps only the newest follow notification of each pair written before it", async () => {
    const [author, fan, other] = [await createUser(), await createUser(), await createUser()];
    const at = Date.now() - 10_000;
    const row = (userId: string, relatedUserId: string, ms: number, isRead: boolean) => ({ id: newId(at + ms), userId, type: "follow" as const, content: "", relatedUserId, isRead });
    const written = [row(author.id, fan.id, 0, true), row(author.id, fan.id, 1, true), row(author.id, fan.id, 2, false), row(author.id, other.id, 3, true), row(fan.id, other.id, 4, true)];
    await db().batch(written.map((values) => db().insert(notifications).values(values)) as [never, ...never[]]);
    const migration = env.TEST_MIGRATIONS.find((applied) => applied.name.endsWith("_a_follow_notifies_once.sql"))!;
    await env.DB.prepare(migration.queries.at(-1)!).run();
    expect((await rowsFor(author.id)).map((kept) => kept.id)).toEqual([written[2]!.id, written[3]!.id]);
    expect((await rowsFor(fan.id)).map((kept) => kept.id)).toEqual([written[4]!.id]);
  });

  it("goes with the post it is about", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    await setLike(db(), fan.id, post.id, true);
    await addComment(db(), fan.id, post.id, { content: "nice" });
    expect((await deletePost(db(), env.MEDIA, author.id, post.id)).ok).toBe(true);
    expect(await rowsFor(author.id)).toEqual([]);
  });
});

describe("a commenter's unread comments under one post are one item (decision 108)", () => {
  const comment = async (userId: string, postId: string, content: string, parentId?: string) => {
    const added = await addComment(db(), userId, postId, { content, parentId });
    if (!added.ok) throw new Error("comment refused");
    return added.commentId;
  };
  const commentRows = async (userId: string) =>
    (await rowsFor(userId)).filter((row) => row.type === "comment").map((row) => [row.relatedUserId, row.relatedPostId, row.content, row.isRead]);

  it("keeps the newest words unread; one read stays and the next comment is a new item; other commenters and posts are items of their own", async () => {
    const author = await createUser();
    const fan = await createUser();
    const other = await createUser();
    const post = await createPost(author.id);
    const second = await createPost(author.id);
    await comment(fan.id, post.id, "One");
    await comment(fan.id, post.id, "Two");
    expect(await commentRows(author.id)).toEqual([[fan.id, post.id, "Two", false]]);
    expect((await page(author.id)).items).toMatchObject([{ type: "comment", words: "Two", actor: { username: fan.username } }]);
    expect(await badge(author.id)).toBe(1);
    await markAllNotificationsRead(db(), author.id);
    await comment(fan.id, post.id, "Three");
    await comment(other.id, post.id, "Mine");
    await comment(fan.id, second.id, "Elsewhere");
    expect(await commentRows(author.id)).toEqual([
      [fan.id, post.id, "Two", true],
      [fan.id, post.id, "Three", false],
      [other.id, post.id, "Mine", false],
      [fan.id, second.id, "Elsewhere", false],
    ]);
    expect(await badge(author.id)).toBe(3);
  });

  it("collapses a replier's answers to a comment's author the same way, each recipient apart", async () => {
    const author = await createUser();
    const first = await createUser();
    const replier = await createUser();
    const post = await createPost(author.id);
    const answered = await comment(first.id, post.id, "First");
    await comment(replier.id, post.id, "An answer", answered);
    await comment(replier.id, post.id, "Another answer", answered);
    expect(await commentRows(first.id)).toEqual([[replier.id, post.id, "Another answer", false]]);
    expect((await page(first.id)).items).toMatchObject([{ type: "comment", reply: true, words: "Another answer" }]);
    expect(await commentRows(author.id)).toEqual([
      [first.id, post.id, "First", false],
      [replier.id, post.id, "Another answer", false],
    ]);
  });

  it("deleting the comment the item quotes takes the item (decision 094); the writer's earlier comment had given its own up", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    await comment(fan.id, post.id, "Earlier");
    const newest = await comment(fan.id, post.id, "Newest");
    expect((await deleteComment(db(), fan.id, post.id, newest)).ok).toBe(true);
    expect(await commentRows(author.id)).toEqual([]);
    expect(await badge(author.id)).toBe(0);
  });

  it("leaves the unread one in place when the next comment tells no one (the setting turned off meanwhile)", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    await comment(fan.id, post.id, "Before");
    await turnOff(author.id, { notifyComments: false });
    await comment(fan.id, post.id, "After");
    expect(await commentRows(author.id)).toEqual([[fan.id, post.id, "Before", false]]);
  });

  it("migration 0047 keeps only the newest unread comment notification of each writer, post and recipient written before it", async () => {
    const [author, fan, other] = [await createUser(), await createUser(), await createUser()];
    const [post, second] = [await createPost(author.id), await createPost(author.id)];
    const at = Date.now() - 10_000;
    const row = (relatedUserId: string, relatedPostId: string, ms: number, isRead: boolean) =>
      ({ id: newId(at + ms), userId: author.id, type: "comment" as const, content: `at ${ms}`, relatedUserId, relatedPostId, isRead });
    const written = [row(fan.id, post.id, 0, false), row(fan.id, post.id, 1, true), row(fan.id, post.id, 2, false), row(fan.id, post.id, 3, false), row(other.id, post.id, 4, false), row(fan.id, second.id, 5, false)];
    await db().batch(written.map((values) => db().insert(notifications).values(values)) as [never, ...never[]]);
    const migration = env.TEST_MIGRATIONS.find((applied) => applied.name.endsWith("_comment_notifications_collapse.sql"))!;
    await env.DB.prepare(migration.queries.at(-1)!).run();
    expect((await rowsFor(author.id)).map((kept) => kept.id)).toEqual([written[1]!.id, written[3]!.id, written[4]!.id, written[5]!.id]);
  });

  it("a writer's mentions of a member in comments under one post are one unread item too; a post's own mention and other posts stay apart", async () => {
    const writer = await createUser();
    const named = await createUser();
    const other = await createUser();
    const created = await composePost(db(), writer.id, { content: `Hi @${named.username}`, imageKeys: [], location: undefined, visibility: "everyone" });
    if (!created.ok) throw new Error("post refused");
    const elsewhere = await createPost(writer.id);
    await comment(other.id, created.postId, `@${named.username} one`);
    await comment(other.id, created.postId, `@${named.username} two`);
    await comment(writer.id, created.postId, `@${named.username} mine`);
    await comment(other.id, elsewhere.id, `@${named.username} there`);
    const mentions = async () =>
      (await rowsFor(named.id)).filter((row) => row.type === "mention").map((row) => [row.relatedUserId, row.relatedPostId, row.content, row.isRead]);
    expect(await mentions()).toEqual([
      [writer.id, created.postId, "", false],
      [other.id, created.postId, `@${named.username} two`, false],
      [writer.id, created.postId, `@${named.username} mine`, false],
      [other.id, elsewhere.id, `@${named.username} there`, false],
    ]);
    // Read, it stays, and the next is news again.
    await markAllNotificationsRead(db(), named.id);
    await comment(other.id, created.postId, `@${named.username} three`);
    expect((await mentions()).filter(([actor, post]) => actor === other.id && post === created.postId)).toEqual([
      [other.id, created.postId, `@${named.username} two`, true],
      [other.id, created.postId, `@${named.username} three`, false],
    ]);
  });

  it("a comment's mentions find the writer's older ones by the writer, the named and the post, not among the post's every mention", async () => {
    const writer = await createUser();
    const named = await createUser();
    const post = await createPost((await createUser()).id);
    const { spy, captured } = capturingD1();
    await addComment(getDb(spy), writer.id, post.id, { content: `@${named.username} hello` });
    const collapse = captured.find((statement) => statement.sql.startsWith("DELETE FROM \"notifications\""));
    expect(collapse).toBeDefined();
    const plan = (await planOf(collapse!)).join(" | ");
    expect(plan).toContain("SEARCH notifications USING INDEX notifications_actor_idx (related_user_id=? AND user_id=? AND type=? AND related_post_id=?)");
    expect(plan).not.toContain("notifications_post_type_idx");
  });

  it("finds the unread one by its index", async () => {
    const [trigger] = (await env.DB.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'comments_notify'").all<{ sql: string }>()).results;
    const body = trigger!.sql.slice(trigger!.sql.indexOf(" BEGIN") + " BEGIN".length, trigger!.sql.lastIndexOf("END"));
    const deletes = body.split(";").map((part) => part.trim()).filter((statement) => statement.startsWith("DELETE"));
    expect(deletes).toHaveLength(2);
    for (const statement of deletes) {
      const planned = statement.replace(/\bNEW\.`(\w+)`/g, "'01TESTVALUE'");
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${planned}`).all<{ detail: string }>()).results.map((row) => row.detail).join("\n");
      expect(plan).toMatch(/SEARCH notifications USING (COVERING )?INDEX notifications_comment_unread_idx \(user_id=\? AND related_post_id=\? AND related_user_id=\?\)/);
    }
  });
});

describe("likes and reposts of one post are one item", () => {
  it("shows the newest member and how many others, counts one unread item, and shrinks on an undo", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const other = await createPost(author.id);
    const fans = [await createUser(), await createUser(), await createUser()];
    for (const fan of fans) await setLike(db(), fan.id, post.id, true);
    await setLike(db(), fans[0]!.id, other.id, true);
    await setRepost(db(), fans[1]!.id, post.id, true);
    let items = (await page(author.id)).items;
    expect(items.map((item) => [item.type, item.post?.id, item.actor.username, item.others])).toEqual([
      ["repost", post.id, fans[1]!.username, 0],
      ["like", other.id, fans[0]!.username, 0],
      ["like", post.id, fans[2]!.username, 2],
    ]);
    expect(await badge(author.id)).toBe(3);
    // The newest liker takes theirs back: the one before is shown, one fewer.
    await setLike(db(), fans[2]!.id, post.id, false);
    items = (await page(author.id, "likes")).items;
    expect(items.map((item) => [item.post?.id, item.actor.username, item.others])).toEqual([
      [other.id, fans[0]!.username, 0],
      [post.id, fans[1]!.username, 1],
    ]);
    // An older one takes theirs back: the newest stays, one fewer.
    await setLike(db(), fans[0]!.id, post.id, false);
    items = (await page(author.id, "likes")).items;
    expect(items.at(-1)).toMatchObject({ actor: { username: fans[1]!.username }, others: 0 });
    // A new like after the group was read makes it unread again and moves it to the top.
    await markAllNotificationsRead(db(), author.id);
    expect(await badge(author.id)).toBe(0);
    await setLike(db(), fans[2]!.id, post.id, true);
    items = (await page(author.id)).items;
    expect(items[0]).toMatchObject({ type: "like", read: false, others: 1, actor: { username: fans[2]!.username } });
    expect(await badge(author.id)).toBe(1);
  });

  it("marks the whole group read when it is opened, and nothing of anyone else's", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const fans = [await createUser(), await createUser()];
    for (const fan of fans) await setLike(db(), fan.id, post.id, true);
    await setFollow(db(), fans[0]!.id, author.id, true);
    const [follow, group] = (await page(author.id)).items;
    // Someone else cannot mark it.
    await markNotificationRead(db(), fans[0]!.id, group!.id);
    expect(await badge(author.id)).toBe(2);
    await markNotificationRead(db(), author.id, group!.id);
    const rows = await rowsFor(author.id);
    expect(rows.filter((row) => row.type === "like").every((row) => row.isRead)).toBe(true);
    expect(rows.find((row) => row.id === follow!.id)?.isRead).toBe(false);
    expect(await badge(author.id)).toBe(1);
    await markAllNotificationsRead(db(), author.id);
    await markAllNotificationsRead(db(), author.id);
    expect(await badge(author.id)).toBe(0);
  });
});

describe("the unread badge", () => {
  it("counts as far as it shows (99+), never below 0", async () => {
    const popular = await createUser();
    const fan = await createUser();
    expect(await badge(popular.id)).toBe(0);
    // More items than the badge tells apart (written directly: one member follows once).
    const rows = Array.from({ length: 105 }, (_, i) => ({ id: `01M00000000000000000000${String(i).padStart(3, "0")}`, userId: popular.id, type: "follow" as const, content: "", relatedUserId: fan.id }));
    await db().batch(rows.map((row) => db().insert(notifications).values(row)) as [never, ...never[]]);
    expect(await badge(popular.id)).toBe(100);
    await markAllNotificationsRead(db(), popular.id);
    expect(await badge(popular.id)).toBe(0);
  });
});

describe("the notifications page", () => {
  it("pages newest first by tab without repeating or losing an item", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const followers = [];
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 3; i++) {
      const follower = await createUser();
      followers.push(follower);
      await setFollow(db(), follower.id, author.id, true);
    }
    await setLike(db(), followers[0]!.id, post.id, true);
    const first = await page(author.id);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.items[0]?.type).toBe("like");
    const second = await page(author.id, "all", first.nextCursor);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(NOTIFICATIONS_PAGE_SIZE + 4);
    expect(seen).toEqual([...seen].sort().reverse());
    expect((await page(author.id, "likes")).items.map((item) => item.type)).toEqual(["like"]);
    expect((await page(author.id, "mentions")).items).toEqual([]);
  });

  it("never shows the words of a post the member may not see", async () => {
    const writer = await createUser();
    const named = await createUser();
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, writer.id));
    const created = await composePost(db(), writer.id, { content: `secret plans @${named.username}`, imageKeys: [], location: undefined, visibility: "everyone" });
    if (!created.ok) throw new Error("post refused");
    const [item] = (await page(named.id, "mentions")).items;
    expect(item).toMatchObject({ type: "mention", post: { id: created.postId, preview: null } });
    expect(JSON.stringify(item)).not.toContain("secret");
    // Once they follow the writer, the words are theirs to read.
    await setFollow(db(), named.id, writer.id, true);
    expect((await page(named.id, "mentions")).items[0]?.post?.preview).toBe(`secret plans @${named.username}`);
  });

  it("previews a post's and a comment's words in whole characters, from what SQL reads (decision 123)", async () => {
    const writer = await createUser();
    const named = await createUser();
    const mention = `@${named.username} `;
    // The hundredth character is a flag (two code points): cut by code points, half of it was kept.
    const words = `${mention}${"a".repeat(NOTIFICATION_PREVIEW_LENGTH - 1 - mention.length)}🇧🇷 and more`;
    const created = await composePost(db(), writer.id, { content: words, imageKeys: [], location: undefined, visibility: "everyone" });
    if (!created.ok) throw new Error("post refused");
    const [item] = (await page(named.id, "mentions")).items;
    expect(item?.post?.preview).toBe(`${words.slice(0, words.indexOf("🇧🇷"))}🇧🇷…`);
    const family = "👨‍👩‍👧";
    const reply = `${"b".repeat(NOTIFICATION_PREVIEW_LENGTH - 1)}${family}!`;
    const commented = await addComment(db(), named.id, created.postId, { content: reply });
    if (!commented.ok) throw new Error("comment refused");
    const [comment] = (await page(writer.id)).items;
    expect(comment).toMatchObject({ type: "comment", words: `${"b".repeat(NOTIFICATION_PREVIEW_LENGTH - 1)}${family}…` });
  });

  it("tells a member named next to Japanese or Korean words, or with the full-width sign (decision 123)", async () => {
    const writer = await createUser();
    const named = await createUser();
    for (const content of [`@${named.username}さん、ありがとう`, `@${named.username}님 감사합니다`, `谢谢＠${named.username}`]) {
      const created = await composePost(db(), writer.id, { content, imageKeys: [], location: undefined, visibility: "everyone" });
      if (!created.ok) throw new Error("post refused");
    }
    const items = (await page(named.id, "mentions")).items;
    expect(items.map((item) => item.type)).toEqual(["mention", "mention", "mention"]);
  });

  it("renders the items, opens one (read, then where it points) and marks all read, without JavaScript", async () => {
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id, { content: "A post worth liking" });
    await setLike(db(), fan.id, post.id, true);
    await setFollow(db(), fan.id, author.id, true);
    const cookie = await sessionCookieFor(author.id);
    const html = await (await get("/notifications", { Cookie: cookie })).text();
    expect(html).toContain(fan.displayName);
    expect(html).toContain("liked your post");
    expect(html).toContain(NOTIFICATION_MESSAGES.markAllRead);
    expect(html).toContain("A post worth liking");
    const [follow, like] = (await page(author.id)).items;
    const opened = await fetchWorker(formPost("/notifications", { intent: "notification-open", id: like!.id, to: `/post/${post.id}` }, { Cookie: cookie }));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(`/post/${post.id}`);
    expect((await page(author.id)).items.find((item) => item.id === like!.id)?.read).toBe(true);
    // A target elsewhere is refused: the list instead.
    const away = await fetchWorker(formPost("/notifications", { intent: "notification-open", id: follow!.id, to: "//evil.example/x" }, { Cookie: cookie }));
    expect(away.headers.get("Location")).toBe("/notifications");
    const all = await fetchWorker(formPost("/notifications", { intent: "notifications-read", returnTo: "/notifications?tab=likes" }, { Cookie: cookie }));
    expect(all.status).toBe(302);
    expect(all.headers.get("Location")).toBe("/notifications?tab=likes");
    expect(await badge(author.id)).toBe(0);
    const after = await (await get("/notifications", { Cookie: cookie })).text();
    expect(after).not.toContain(NOTIFICATION_MESSAGES.markAllRead);
  });

  it("'Mark all as read' marks what had come when the page was read, not one that came after (a review found it did)", async () => {
    const author = await createUser();
    const post = await createPost(author.id, { content: "liked early and late" });
    await setLike(db(), (await createUser()).id, post.id, true);
    const cookie = await sessionCookieFor(author.id);
    const html = await (await get("/notifications", { Cookie: cookie })).text();
    const through = html.match(/name="through" value="(\d+)"/)?.[1];
    expect(through).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // A follow comes after the page was drawn, before its button is pressed.
    await setFollow(db(), (await createUser()).id, author.id, true);
    const marked = await fetchWorker(formPost("/notifications", { intent: "notifications-read", through: through!, returnTo: "/notifications" }, { Cookie: cookie }));
    expect(marked.status).toBe(302);
    const items = (await page(author.id)).items;
    expect(items.map((item) => [item.type, item.read])).toEqual([
      ["follow", false],
      ["like", true],
    ]);
    expect(await badge(author.id)).toBe(1);
    // An odd value is now.
    await fetchWorker(formPost("/notifications", { intent: "notifications-read", through: "soon", returnTo: "/notifications" }, { Cookie: cookie }));
    expect(await badge(author.id)).toBe(0);
  });

  it("a like, a repost and an undo find their group's head by its index, not by reading every row of the group (a review: 100 ms a like at 20 000)", async () => {
    // A group's rows looked for by their head mark (not a row's own OLD mark, not a SET).
    const plans = await triggerPlans(["post_likes_notify", "post_reposts_notify", "notifications_group_delete"], (statement) => {
      const found = statement.slice(statement.indexOf("WHERE"));
      return /(?<!(?:OLD|NEW)\.)`is_head` = [12]/.test(found) && found.includes("related_post_id");
    });
    for (const { label, plan } of plans) expect(plan, label).toContain("notifications_group_head_idx");
    expect(plans.length).toBeGreaterThanOrEqual(5);
  });

  it("a like's or repost's own row, and an undo's, are found by liker, author, type and post: not among the post's group or the liker's every like of the author (decision 114)", async () => {
    // The statements that look for the member's own row (by `related_user_id`).
    const plans = await triggerPlans(["post_likes_notify", "post_reposts_notify", "post_likes_unnotify", "post_reposts_unnotify"], (statement) =>
      /`related_user_id` = (NEW|OLD)\./.test(statement),
    );
    for (const { label, plan } of plans) expect(plan, label).toContain("notifications_actor_idx (related_user_id=? AND user_id=? AND type=? AND related_post_id=?)");
    expect(plans).toHaveLength(4);
  });

  it("opening a like group marks its unread rows by the group's index, not by reading its read ones (decision 114)", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    for (const fan of [await createUser(), await createUser()]) expect((await setLike(db(), fan.id, post.id, true)).ok).toBe(true);
    // Opened through a row of the group that is not its head: any row names the group.
    const rest = await db().select({ id: notifications.id }).from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.relatedPostId, post.id), eq(notifications.isHead, false))).all();
    expect(rest).toHaveLength(1);
    const { spy, captured } = capturingD1();
    await markNotificationRead(getDb(spy), author.id, rest[0]!.id);
    const group = captured.find((statement) => statement.sql.includes("INDEXED BY notifications_group_head_idx"));
    expect(group).toBeDefined();
    expect((await planOf(group!)).join(" | ")).toContain("notifications_group_head_idx (user_id=? AND type=? AND related_post_id=? AND is_head=? AND is_read=?)");
    expect((await db().select({ read: notifications.isRead }).from(notifications).where(and(eq(notifications.userId, author.id), eq(notifications.relatedPostId, post.id))).all()).map((row) => row.read)).toEqual([true, true]);
  });

  it("sends a visitor to sign in, and says a session ended to 'Load more'", async () => {
    const visit = await get("/notifications");
    expect(visit.status).toBe(302);
    expect(visit.headers.get("Location")).toContain("/auth?returnTo=%2Fnotifications");
    const more = await get("/notifications.data?cursor=01JAAAAAAAAAAAAAAAAAAAAAAA&_routes=routes%2F_app.notifications", {
      Cookie: "session=made-up",
    });
    const body = await more.text();
    expect(body).toContain(NOTIFICATION_MESSAGES.sessionExpired);
  });

  it("shows 'No notifications yet' when there are none, and refuses another member's form", async () => {
    const loner = await createUser();
    const cookie = await sessionCookieFor(loner.id);
    const html = await (await get("/notifications?tab=mentions", { Cookie: cookie })).text();
    expect(html).toContain(NOTIFICATION_MESSAGES.empty);
    expect(html).toContain('aria-current="page"');
    const refused = await fetchWorker(formPost("/notifications", { intent: "like" }, { Cookie: cookie }));
    expect(refused.status).toBe(400);
  });
});

describe("the group's bookkeeping", () => {
  it("keeps one head per group and its size equal to its rows through any order of likes and undos", async () => {
    const author = await createUser();
    const post = await createPost(author.id);
    const fans = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const liked = new Set<string>();
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let step = 0; step < 40; step++) {
      const fan = fans[Math.floor(random() * fans.length)]!;
      const wanted = !liked.has(fan.id);
      await setLike(db(), fan.id, post.id, wanted);
      if (wanted) liked.add(fan.id);
      else liked.delete(fan.id);
    }
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.type, "like")));
    const heads = rows.filter((row) => row.isHead);
    if (rows.length === 0) {
      expect(liked.size).toBe(0);
      return;
    }
    expect(heads).toHaveLength(1);
    expect(heads[0]!.groupSize).toBe(rows.length);
    expect(new Set(rows.map((row) => row.relatedUserId))).toEqual(liked);
    const [stored] = await db().select({ likes: posts.likesCount }).from(posts).where(eq(posts.id, post.id));
    expect(stored?.likes).toBe(liked.size);
  });
});

describe("old notifications are deleted (decision 093)", () => {
  const RETENTION = NOTIFICATION_RETENTION_DAYS * TIME.DAY;
  // Tests share the database: each test runs the job at a time of its own, earlier than every test's
  // before it, so that only its own rows are older than the retention then.
  let nowOfTest = Date.now() - 40 * 365 * TIME.DAY;
  const anotherNow = () => (nowOfTest -= 3 * RETENTION);

  /** A like or repost group's rows, oldest first (its head last), or any member's rows of a kind. */
  async function rowsOf(userId: string, type: Kind, postId?: string) {
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, type), postId ? eq(notifications.relatedPostId, postId) : undefined));
    return rows.sort((a, b) => Number(a.isHead) - Number(b.isHead) || a.id.localeCompare(b.id));
  }

  /** Rows made `at` instead, a millisecond apart in their order (ids begin with their time, as the triggers' do). */
  async function madeAt(rows: { id: string }[], at: number) {
    await db().batch(
      rows.map((row, i) => db().update(notifications).set({ id: newId(at + i).slice(0, 10) + row.id.slice(10), createdAt: new Date(at + i) }).where(eq(notifications.id, row.id))) as [never],
    );
  }

  async function likedBy(post: { id: string }, count: number) {
    for (let i = 0; i < count; i++) await setLike(db(), (await createUser()).id, post.id, true);
  }

  it("deletes an item whole once its newest row is past the retention, read or not, and keeps a recent group with its old rows, its count and the badge right", async () => {
    const now = anotherNow();
    const author = await createUser();
    const [oldPost, livelyPost] = [await createPost(author.id), await createPost(author.id)];
    // An old group of three likes, read; an old comment, unread.
    await likedBy(oldPost, 3);
    await markNotificationRead(db(), author.id, (await rowsOf(author.id, "like", oldPost.id))[0]!.id);
    await madeAt(await rowsOf(author.id, "like", oldPost.id), now - RETENTION - 3 * TIME.DAY);
    await addComment(db(), (await createUser()).id, oldPost.id, { content: "Long ago" });
    await madeAt(await rowsOf(author.id, "comment"), now - RETENTION - TIME.DAY);
    // A group whose first two likes are old and whose newest came within the retention: one item.
    await likedBy(livelyPost, 2);
    await madeAt(await rowsOf(author.id, "like", livelyPost.id), now - RETENTION - 2 * TIME.DAY);
    await likedBy(livelyPost, 1);
    await madeAt((await rowsOf(author.id, "like", livelyPost.id)).slice(-1), now - RETENTION + TIME.MINUTE);
    // And a follow of today.
    await setFollow(db(), (await createUser()).id, author.id, true);
    expect((await page(author.id)).items.map((item) => [item.type, item.others, item.read])).toEqual([
      ["follow", 0, false],
      ["like", 2, false],
      ["comment", 0, false],
      ["like", 2, true],
    ]);
    expect(await badge(author.id)).toBe(3);
    const lively = await rowsOf(author.id, "like", livelyPost.id);

    expect(await deleteOldNotifications(db(), now)).toBe(4);
    expect(await rowsOf(author.id, "like", oldPost.id)).toEqual([]);
    expect(await rowsOf(author.id, "comment")).toEqual([]);
    // The recent group is as it was: its old rows, its head and its size.
    expect(await rowsOf(author.id, "like", livelyPost.id)).toEqual(lively);
    expect(lively.map((row) => row.isHead)).toEqual([false, false, true]);
    expect(lively.at(-1)!.groupSize).toBe(3);
    expect((await page(author.id)).items.map((item) => [item.type, item.others, item.read])).toEqual([
      ["follow", 0, false],
      ["like", 2, false],
    ]);
    expect(await badge(author.id)).toBe(2);
    expect(await deleteOldNotifications(db(), now)).toBe(0);
  });

  it("takes at most a batch of items and a batch of their rows a run, oldest first; a group longer than that keeps its count until its last run", async () => {
    const now = anotherNow();
    const author = await createUser();
    const post = await createPost(author.id);
    await likedBy(post, 6);
    await madeAt(await rowsOf(author.id, "like", post.id), now - RETENTION - 3 * TIME.DAY);
    await setFollow(db(), (await createUser()).id, author.id, true);
    await madeAt(await rowsOf(author.id, "follow"), now - RETENTION - 2 * TIME.DAY);
    await addComment(db(), (await createUser()).id, post.id, { content: "Old words" });
    await madeAt(await rowsOf(author.id, "comment"), now - RETENTION - TIME.DAY);
    const shown = async () => (await page(author.id)).items.map((item) => [item.type, item.others]);
    expect(await shown()).toEqual([
      ["comment", 0],
      ["follow", 0],
      ["like", 5],
    ]);

    // The two oldest items: two of the group's other rows, and the follow whole.
    expect(await deleteOldNotifications(db(), now, { batch: 2 })).toBe(3);
    expect(await shown()).toEqual([
      ["comment", 0],
      ["like", 5],
    ]);
    expect(await badge(author.id)).toBe(2);
    // The group's head is the same row, its size as it was: the page says what it said.
    const head = (await rowsOf(author.id, "like", post.id)).at(-1)!;
    expect([head.isHead, head.groupSize, (await rowsOf(author.id, "like", post.id)).length]).toEqual([true, 6, 4]);
    expect(await deleteOldNotifications(db(), now, { batch: 2 })).toBe(3);
    expect(await shown()).toEqual([["like", 5]]);
    expect(await deleteOldNotifications(db(), now, { batch: 2 })).toBe(2);
    expect(await shown()).toEqual([]);
    expect(await badge(author.id)).toBe(0);
    expect(await deleteOldNotifications(db(), now, { batch: 2 })).toBe(0);
    // No head is left held (is_head 2) by any run.
    const held = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE is_head = 2 AND is_head > 0").first<{ n: number }>();
    expect(held?.n).toBe(0);
  });

  it("deletes an old group of 20 000 likes a batch of rows a run, its count unchanged until the last", async () => {
    const now = anotherNow();
    const author = await createUser();
    const fan = await createUser();
    const post = await createPost(author.id);
    const size = 20_000;
    // Written straight into the table (the triggers would take 20 000 members): one millisecond, ids in order, the last the head.
    const prefix = newId(now - RETENTION - TIME.DAY).slice(0, 10);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO notifications (id, user_id, type, content, related_user_id, related_post_id, is_head, group_size, created_at)
       SELECT ?2 || printf('%016d', i), ?3, 'like', '', ?4, ?5, i = ?1, CASE WHEN i = ?1 THEN ?1 ELSE 1 END, ?6 FROM n`,
    )
      .bind(size, prefix, author.id, fan.id, post.id, now - RETENTION - TIME.DAY)
      .run();
    expect((await page(author.id)).items.map((item) => item.others)).toEqual([size - 1]);

    let runs = 0;
    for (;;) {
      const gone = await deleteOldNotifications(db(), now);
      if (gone === 0) break;
      runs += 1;
      expect(gone).toBeLessThanOrEqual(2 * NOTIFICATION_CLEANUP_BATCH);
      const left = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND type = 'like' AND type IN ('like', 'repost') AND related_post_id = ?")
        .bind(author.id, post.id)
        .first<{ n: number }>();
      if (left!.n > 0) expect((await page(author.id)).items.map((item) => item.others)).toEqual([size - 1]);
      else expect(await page(author.id)).toMatchObject({ items: [] });
    }
    expect(runs).toBe(Math.ceil((size - 1) / NOTIFICATION_CLEANUP_BATCH));
  });

  it("is one of the cron's five-minute jobs", async () => {
    const author = await createUser();
    await setFollow(db(), (await createUser()).id, author.id, true);
    await madeAt(await rowsOf(author.id, "follow"), Date.now() - RETENTION - TIME.DAY);
    await runScheduledMaintenance(env, Date.now(), { all: false });
    expect(await rowsOf(author.id, "follow")).toHaveLength(1);
    await runScheduledMaintenance(env, Date.now());
    expect(await rowsOf(author.id, "follow")).toEqual([]);
  });

  it("finds the old items and their groups' rows by their indexes, never reading every old row", async () => {
    const { spy, captured } = capturingD1();
    await deleteOldNotifications(getDb(spy), anotherNow());
    expect(captured).toHaveLength(4);
    for (const statement of captured) {
      const plan = (await planOf(statement)).join(" | ");
      expect(plan, statement.sql).not.toMatch(/SCAN (notifications|held|other)\b(?! USING)/);
      expect(plan, statement.sql).not.toContain("TEMP B-TREE");
    }
    // The old heads, and the held ones, from the index of heads by age; a group's rows from the group head index.
    const plans = await Promise.all(captured.map(async (statement) => (await planOf(statement)).join(" | ")));
    expect(plans[0]).toMatch(/notifications_heads_by_age_idx \(is_head=\? AND id<\?\)/);
    expect(plans[1]).toMatch(/SEARCH held USING (COVERING )?INDEX notifications_heads_by_age_idx \(is_head=\?\).*SEARCH other USING INDEX notifications_group_head_idx \(user_id=\? AND type=\? AND related_post_id=\? AND is_head=\?\)/);
    expect(plans[2]).toMatch(/notifications_heads_by_age_idx \(is_head=\?\).*notifications_group_head_idx/);
    expect(plans[3]).toMatch(/notifications_heads_by_age_idx \(is_head=\?\)/);
  });
});

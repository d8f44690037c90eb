import { and, count, eq, inArray, isNotNull, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, commentPageRead, setCommentLike } from "~/.server/comments";
import { peopleRead } from "~/.server/explore";
import { runRead } from "~/.server/db/reads";
import { blockMember } from "~/.server/blocks";
import { getDb } from "~/.server/db/client";
import { blocks, creatorSubscriptions, follows, memberSettings, notifications, postReposts, posts, users } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { subjects } from "~/.server/limits";
import { sendMessage, startConversation } from "~/.server/messages";
import { getCard } from "~/.server/posts/cards";
import { getFollowingFeed } from "~/.server/posts/following";
import { getForYouFeed } from "~/.server/posts/for-you";
import { setLike, setRepost } from "~/.server/posts/interactions";
import { profilePostsRead } from "~/.server/profiles";
import { RATE_LIMITS, TIME } from "~/lib/constants";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { POST_LOCK_MESSAGES } from "~/lib/texts/post-lock";
import { BLOCK_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import type { FeedPage } from "~/lib/types/post";
import { uniqueLetters } from "../fixtures/factories";
import { capturingD1, composedPost, createPost, createUser, db, fetchWorker, formPost, get, limiter, member, planOf, toastOf } from "./helpers";

/**
 * Blocks (docs/decisions/100): a member blocks another; from then on neither sees the other's posts or
 * comments, follows, messages or subscribes to the other, or is told of what the other does, until
 * the blocker unblocks. Refused on the server, whatever the page showed.
 */

const blockPath = (username: string) => `/profile/${username}/block`;

/** Without JavaScript: the confirmation page's form, back to the profile. */
const blockWithoutJs = (username: string, cookie: string, intent: "block" | "unblock" = "block") =>
  fetchWorker(formPost(blockPath(username), { intent, returnTo: `/profile/${username}` }, { Cookie: cookie }));

/** With JavaScript: the dialog's (or Unblock's) fetcher, answered as data. */
const blockWithJs = (username: string, cookie: string, intent: "block" | "unblock" = "block") =>
  fetchWorker(formPost(`${blockPath(username)}.data`, { intent }, { Cookie: cookie }));

/** A text as React writes it into HTML. */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

const ids = (page: FeedPage) => page.items.map((item) => item.id);

const blocksCountOf = async (userId: string) =>
  (await db().select({ n: memberSettings.blocksCount }).from(memberSettings).where(eq(memberSettings.userId, userId)).get())?.n;

async function followCounts(memberId: string) {
  const row = await db().select({ followers: users.followersCount, following: users.followingCount }).from(users).where(eq(users.id, memberId)).get();
  const followers = await db().select({ n: count() }).from(follows).where(eq(follows.followingId, memberId)).get();
  const following = await db().select({ n: count() }).from(follows).where(eq(follows.followerId, memberId)).get();
  return { followers: [row!.followers, followers!.n], following: [row!.following, following!.n] };
}

async function mutualFollow(one: string, other: string) {
  for (const [a, b] of [
    [one, other],
    [other, one],
  ] as const) {
    const done = await setFollow(db(), a, b, true);
    if (!done.ok) throw new Error(done.message ?? "follow refused");
  }
}

let year = 0;
/** A time after every other test's posts, so this test's are the newest (For you reads the newest). */
function future() {
  year += 1;
  return Date.now() + (300 + year) * 365 * TIME.DAY;
}

describe("a member blocks another (decision 100)", () => {
  it("without JavaScript: the toast, both follows gone with counts equal to rows, the notifications between them gone, both counted", async () => {
    const priya = await member();
    const troll = await member();
    await mutualFollow(priya.user.id, troll.user.id);
    expect(await db().select().from(notifications).where(eq(notifications.userId, priya.user.id)).all()).toHaveLength(1);

    const response = await blockWithoutJs(troll.user.username, priya.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/profile/${troll.user.username}`);
    expect(toastOf(response)).toBe(BLOCK_TEXTS.blocked(troll.user.username));
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, priya.user.id)).all()).toMatchObject([{ blockedId: troll.user.id }]);
    expect(await followCounts(priya.user.id)).toEqual({ followers: [0, 0], following: [0, 0] });
    expect(await followCounts(troll.user.id)).toEqual({ followers: [0, 0], following: [0, 0] });
    const between = or(
      and(eq(notifications.userId, priya.user.id), eq(notifications.relatedUserId, troll.user.id)),
      and(eq(notifications.userId, troll.user.id), eq(notifications.relatedUserId, priya.user.id)),
    );
    expect(await db().select().from(notifications).where(between).all()).toEqual([]);
    expect(await blocksCountOf(priya.user.id)).toBe(1);
    expect(await blocksCountOf(troll.user.id)).toBe(1);

    // A second block changes nothing; with JavaScript the answer is data.
    const again = await blockWithJs(troll.user.username, priya.cookie);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain(BLOCK_TEXTS.blocked(troll.user.username));
    expect(await blocksCountOf(priya.user.id)).toBe(1);
  });

  it("hides each one's posts from the other everywhere, and the post's page and the profiles say why", async () => {
    const at = future();
    const priya = await member();
    const troll = await member();
    const friend = await createUser();
    const word = uniqueLetters("blockword");
    const hers = await createPost(priya.user.id, { content: `hers ${word}`, createdAt: new Date(at) });
    const his = await createPost(troll.user.id, { content: `his ${word}`, createdAt: new Date(at + 1) });
    const friends = await createPost(friend.id, { content: `friend ${word}`, createdAt: new Date(at + 2) });
    await mutualFollow(priya.user.id, troll.user.id);
    const now = at + TIME.MINUTE;
    expect(ids(await getFollowingFeed(db(), troll.user.id, { now }))).toContain(hers.id);
    expect(ids(await getForYouFeed(db(), priya.user.id, { query: word, now }))).toEqual(expect.arrayContaining([his.id, friends.id]));

    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);

    for (const [viewer, theirs] of [
      [troll.user.id, hers.id],
      [priya.user.id, his.id],
    ] as const) {
      expect(ids(await getFollowingFeed(db(), viewer, { now }))).not.toContain(theirs);
      const search = ids(await getForYouFeed(db(), viewer, { query: word, now }));
      expect(search).not.toContain(theirs);
      expect(search).toContain(friends.id);
      expect(ids(await getForYouFeed(db(), viewer, { now }))).not.toContain(theirs);
      const card = await getCard(db(), viewer, theirs, now);
      expect(card?.post.locked).toBe(true);
      expect(card?.post.content).toBe("");
    }
    expect((await runRead(profilePostsRead(db(), troll.user.id, { username: priya.user.username }, { now }))).items).toEqual([]);
    // The blocked member's side: the post's page is locked and says so; the profile says so, without Follow or Message.
    const page = await (await get(`/post/${hers.id}`, { Cookie: troll.cookie })).text();
    expect(page).not.toContain(`hers ${word}`);
    expect(page).toContain(POST_LOCK_MESSAGES.blocksYou(priya.user.username));
    const profile = await (await get(`/profile/${priya.user.username}`, { Cookie: troll.cookie })).text();
    expect(profile).toContain(escaped(BLOCK_TEXTS.blocksYouTitle));
    expect(profile).not.toContain(`aria-label="Follow @${priya.user.username}"`);
    // The blocker's side: Unblock, and what the block does.
    const own = await (await get(`/profile/${troll.user.username}`, { Cookie: priya.cookie })).text();
    expect(own).toContain(BLOCK_TEXTS.youBlockedTitle);
    expect(own).toContain(`aria-label="${BLOCK_TEXTS.unblockName(troll.user.username)}"`);
    expect(own).not.toContain(`his ${word}`);
    // Visitors are not members: a public post stays public (as on X and Mastodon).
    expect(await (await get(`/post/${hers.id}`)).text()).toContain(`hers ${word}`);
    // A friend of both sees both.
    expect((await getCard(db(), friend.id, hers.id, now))?.post.locked).toBe(false);
  });

  it("refuses what either would do to the other: follow, like, comment, answer a comment, message, subscribe; and tells neither of a mention", async () => {
    const priya = await member();
    const troll = await member();
    const host = await createUser();
    const hers = await createPost(priya.user.id, { content: "Mine" });
    const hosts = await createPost(host.id, { content: "A thread for all" });
    const herComment = await addComment(db(), priya.user.id, hosts.id, { content: "Her comment" });
    if (!herComment.ok) throw new Error("no comment");
    // Another thread of the host's: her comment, a third member's reply under it, and the host's own comment.
    const hostsOther = await createPost(host.id, { content: "Another thread" });
    const herOther = await addComment(db(), priya.user.id, hostsOther.id, { content: "Her word there" });
    if (!herOther.ok) throw new Error("no comment");
    const underHers = await addComment(db(), host.id, hostsOther.id, { content: "The host answers her", parentId: herOther.commentId });
    const hostsComment = await addComment(db(), host.id, hostsOther.id, { content: "The host's own word" });
    if (!underHers.ok || !hostsComment.ok) throw new Error("no comment");
    const conversation = await startConversation(db(), troll.user.id, priya.user.username);
    if (!conversation.ok) throw new Error("no conversation");
    // Hers to him lapsed (Stripe still retrying its card, decision 095): a retry that succeeds must not bring it back.
    await db().insert(creatorSubscriptions).values({
      id: newId(),
      subscriberId: priya.user.id,
      subscribedToId: troll.user.id,
      status: "cancelled",
      plan: "monthly",
      amountCents: 499,
      expiresAt: new Date(Date.now() - TIME.DAY),
      provider: "test",
    });
    await db().insert(creatorSubscriptions).values({
      id: newId(),
      subscriberId: troll.user.id,
      subscribedToId: priya.user.id,
      status: "active",
      plan: "monthly",
      amountCents: 499,
      expiresAt: new Date(Date.now() + TIME.DAY * 20),
      provider: "test",
    });

    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);

    // Follows, either way.
    for (const [who, whom] of [
      [troll, priya],
      [priya, troll],
    ] as const) {
      const follow = await fetchWorker(formPost(`/profile/${whom.user.username}.data`, { intent: "follow", follow: "true" }, { Cookie: who.cookie }));
      expect(follow.status).toBe(403);
      expect(await follow.text()).toContain(BLOCK_TEXTS.cannotFollow(whom.user.username));
    }
    expect(await followCounts(priya.user.id)).toEqual({ followers: [0, 0], following: [0, 0] });
    // Her post: no like, no comment.
    expect((await setLike(db(), troll.user.id, hers.id, true)).ok).toBe(false);
    expect((await fetchWorker(formPost(`/post/${hers.id}.data`, { intent: "comment", content: "Let me in" }, { Cookie: troll.cookie }))).status).toBe(404);
    // Her comment elsewhere: not shown to him, and not there to answer.
    const thread = await runRead(commentPageRead(db(), troll.user.id, hosts.id));
    expect(thread.comments.map((comment) => comment.id)).not.toContain(herComment.commentId);
    expect((await addComment(db(), troll.user.id, hosts.id, { content: "A reply", parentId: herComment.commentId })).ok).toBe(false);
    // Nor is anything under one: a third member's reply is hidden with it, so not his to answer or like.
    expect((await runRead(commentPageRead(db(), troll.user.id, hostsOther.id))).comments.map((comment) => comment.content)).toEqual(["The host's own word"]);
    expect((await addComment(db(), troll.user.id, hostsOther.id, { content: "A reply deeper", parentId: underHers.commentId })).ok).toBe(false);
    expect((await setCommentLike(db(), troll.user.id, underHers.commentId, true)).ok).toBe(false);
    // The host's own comment is his to answer and like.
    expect((await addComment(db(), troll.user.id, hostsOther.id, { content: "A reply to the host", parentId: hostsComment.commentId })).ok).toBe(true);
    expect((await setCommentLike(db(), troll.user.id, hostsComment.commentId, true)).ok).toBe(true);
    expect((await runRead(commentPageRead(db(), host.id, hosts.id))).comments.map((comment) => comment.id)).toContain(herComment.commentId);
    // His comment on the host's post: there for the host, not for her (nor on the card's top comments).
    const hisComment = await addComment(db(), troll.user.id, hosts.id, { content: "His comment" });
    expect(hisComment.ok).toBe(true);
    expect((await runRead(commentPageRead(db(), priya.user.id, hosts.id))).comments.map((comment) => comment.content)).toEqual(["Her comment"]);
    expect((await getCard(db(), priya.user.id, hosts.id))?.post.topComments.map((comment) => comment.content)).toEqual(["Her comment"]);
    expect((await getCard(db(), host.id, hosts.id))?.post.topComments).toHaveLength(2);
    // Messages: the conversation stays, nothing goes through either way; no new one.
    for (const sender of [troll.user.id, priya.user.id]) {
      const sent = await sendMessage(db(), sender, conversation.conversationId, { content: "Hello?", clientId: crypto.randomUUID() });
      expect(sent.ok).toBe(false);
      expect(sent.ok ? null : sent.message).toBe(DM_MESSAGES.blocked(sender === troll.user.id ? priya.user.displayName : troll.user.displayName));
    }
    const other = await startConversation(db(), priya.user.id, troll.user.username);
    expect(other.ok).toBe(true); // the one they had opens, as a conversation the other member closed to new messages does
    // Its page says why, in place of 'Start a new message', to each of them.
    for (const [cookie, name] of [
      [priya.cookie, troll.user.displayName],
      [troll.cookie, priya.user.displayName],
    ] as const) {
      const page = await (await get(`/messages/${conversation.conversationId}`, { Cookie: cookie })).text();
      expect(page).toContain(escaped(DM_MESSAGES.blocked(name)));
      expect(page).not.toContain(`name="content"`);
    }
    // A message sent without JavaScript from a page loaded before the block: refused, its text kept in the field.
    const late = await fetchWorker(formPost(`/messages/${conversation.conversationId}`, { intent: "message-send", content: "Typed before the block", clientId: crypto.randomUUID() }, { Cookie: troll.cookie }));
    expect(late.status).toBe(403);
    const lateText = await late.text();
    expect(lateText).toContain(escaped(DM_MESSAGES.blocked(priya.user.displayName)));
    expect(lateText).toMatch(/<textarea[^>]*name="content"[^>]*>Typed before the block<\/textarea>/);
    // The subscription's renewal stopped; subscribing again is refused.
    for (const subscriber of [troll.user.id, priya.user.id]) {
      const subscription = await db().select().from(creatorSubscriptions).where(eq(creatorSubscriptions.subscriberId, subscriber)).get();
      expect(subscription?.cancelledAt, subscriber).not.toBeNull();
    }
    const subscribe = await fetchWorker(formPost(`/profile/${priya.user.username}.data`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, { Cookie: troll.cookie }));
    expect(subscribe.status).toBe(403);
    expect(await subscribe.text()).toContain(SUBSCRIPTION_MESSAGES.blocked(priya.user.displayName));
    // Neither is offered to the other as an @mention.
    const suggested = async (cookie: string, name: string) =>
      ((await (await get(`/api/mentions?q=${name}`, { Cookie: cookie })).json()) as { people: { username: string }[] }).people.map((one) => one.username);
    expect(await suggested(troll.cookie, priya.user.username)).not.toContain(priya.user.username);
    expect(await suggested(priya.cookie, troll.user.username)).not.toContain(troll.user.username);
    // Nor found by a search for people; a third member finds both.
    const found = async (viewer: string, name: string) => (await runRead(peopleRead(db(), viewer, name)!)).map((one) => one.username);
    expect(await found(troll.user.id, priya.user.username)).not.toContain(priya.user.username);
    expect(await found(priya.user.id, troll.user.username)).not.toContain(troll.user.username);
    expect(await found(host.id, priya.user.username)).toContain(priya.user.username);
    // A post naming her tells her nothing.
    await composedPost(troll.user.id, `Hey @${priya.user.username} look`);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, priya.user.id), eq(notifications.relatedUserId, troll.user.id))).all()).toEqual([]);
  });

  it("takes away what he left on her posts and spread of them: his comments there are hidden from everyone, the reposts between them go; her lists are kept from him", async () => {
    const priya = await member();
    const troll = await member();
    const friend = await createUser();
    const hers = await createPost(priya.user.id, { content: "My news" });
    const his = await createPost(troll.user.id, { content: "His news" });
    const abuse = await addComment(db(), troll.user.id, hers.id, { content: "Abusive words" });
    const kind = await addComment(db(), friend.id, hers.id, { content: "Kind words" });
    if (!abuse.ok || !kind.ok) throw new Error("no comment");
    const answered = await addComment(db(), friend.id, hers.id, { content: "Answering the abuse", parentId: abuse.commentId });
    if (!answered.ok) throw new Error("no reply");
    expect((await setRepost(db(), troll.user.id, hers.id, true)).ok).toBe(true);
    expect((await setRepost(db(), priya.user.id, his.id, true)).ok).toBe(true);
    expect((await setRepost(db(), friend.id, hers.id, true)).ok).toBe(true);

    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);

    // His comment under her post: for nobody, visitors included, on the card and in the thread.
    for (const viewer of [friend.id, priya.user.id, null]) {
      expect((await runRead(commentPageRead(db(), viewer, hers.id))).comments.map((comment) => comment.content)).toEqual(["Kind words"]);
      expect((await getCard(db(), viewer, hers.id))?.post.topComments.map((comment) => comment.content)).toEqual(["Kind words"]);
    }
    // The reposts between them went (entries and counts); the friend's stays.
    const reposts = await db().select({ userId: postReposts.userId, postId: postReposts.postId }).from(postReposts).where(or(eq(postReposts.postId, hers.id), eq(postReposts.postId, his.id))).all();
    expect(reposts).toEqual([{ userId: friend.id, postId: hers.id }]);
    const entries = await db().select({ userId: posts.userId }).from(posts).where(or(eq(posts.repostedFromPostId, hers.id), eq(posts.repostedFromPostId, his.id))).all();
    expect(entries).toEqual([{ userId: friend.id }]);
    expect((await db().select({ n: posts.repostsCount }).from(posts).where(eq(posts.id, hers.id)).get())?.n).toBe(1);
    expect((await db().select({ n: posts.repostsCount }).from(posts).where(eq(posts.id, his.id)).get())?.n).toBe(0);
    // Her follow lists are kept from him (the profile shows the counts without links); his are not from her.
    for (const list of ["followers", "following"]) {
      const refused = await get(`/profile/${priya.user.username}/${list}`, { Cookie: troll.cookie });
      expect(refused.status, list).toBe(403);
      expect(await refused.text()).toContain(escaped(BLOCK_TEXTS.blocksYou(priya.user.username)));
      expect((await get(`/profile/${troll.user.username}/${list}`, { Cookie: priya.cookie })).status, list).toBe(200);
    }
    const profile = await (await get(`/profile/${priya.user.username}`, { Cookie: troll.cookie })).text();
    expect(profile).not.toContain(`href="/profile/${priya.user.username}/followers"`);
    // His hidden comment is no one's to like or answer.
    expect((await setCommentLike(db(), friend.id, abuse.commentId, true)).ok).toBe(false);
    expect((await addComment(db(), friend.id, hers.id, { content: "Replying to it", parentId: abuse.commentId })).ok).toBe(false);
    // Nor is a reply under it, written before the block.
    expect((await setCommentLike(db(), friend.id, answered.commentId, true)).ok).toBe(false);
    expect((await addComment(db(), friend.id, hers.id, { content: "Replying deeper", parentId: answered.commentId })).ok).toBe(false);
    expect((await setCommentLike(db(), friend.id, kind.commentId, true)).ok).toBe(true);
    // He blocks her back: her lists stay closed to him, though his view of her now says he blocked her.
    expect((await blockWithJs(priya.user.username, troll.cookie)).status).toBe(200);
    expect((await get(`/profile/${priya.user.username}/followers`, { Cookie: troll.cookie })).status).toBe(403);
    const back = await (await get(`/profile/${priya.user.username}`, { Cookie: troll.cookie })).text();
    expect(back).toContain(BLOCK_TEXTS.youBlockedTitle);
    expect(back).not.toContain(`href="/profile/${priya.user.username}/followers"`);
  });

  it("a comment the block hides is hidden in a third member's notifications and data file too, and shown again on unblock", async () => {
    const priya = await member();
    const troll = await member();
    const friend = await member();
    const hers = await createPost(priya.user.id, { content: "My news" });
    const kind = await addComment(db(), friend.user.id, hers.id, { content: "Kind words" });
    if (!kind.ok) throw new Error("no comment");
    // His reply to the friend's comment and his mention of the friend: both tell the friend his words.
    expect((await addComment(db(), troll.user.id, hers.id, { content: "Abusive reply", parentId: kind.commentId })).ok).toBe(true);
    expect((await addComment(db(), troll.user.id, hers.id, { content: `Abusive mention @${friend.user.username}` })).ok).toBe(true);
    const shown = async () => {
      const page = await (await get("/notifications", { Cookie: friend.cookie })).text();
      const file = (await (await get("/settings/account/export", { Cookie: friend.cookie, "Sec-Fetch-Site": "same-origin" })).json()) as { notifications: { text: string }[] };
      return { page: ["Abusive reply", "Abusive mention"].filter((words) => page.includes(words)), file: file.notifications.map((item) => item.text).filter((text) => text.startsWith("Abusive")) };
    };
    expect(await shown()).toEqual({ page: ["Abusive reply", "Abusive mention"], file: expect.arrayContaining(["Abusive reply", `Abusive mention @${friend.user.username}`]) });

    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);
    expect(await shown()).toEqual({ page: [], file: [] });
    expect((await blockWithJs(troll.user.username, priya.cookie, "unblock")).status).toBe(200);
    expect(await shown()).toEqual({ page: ["Abusive reply", "Abusive mention"], file: expect.arrayContaining(["Abusive reply", `Abusive mention @${friend.user.username}`]) });
  });

  it("finds the reposts between the two from their repost rows, not by reading either member's every post", async () => {
    const priya = await member();
    const troll = await member();
    const friend = await createUser();
    const hers = await createPost(priya.user.id, { content: "Hers" });
    const his = await createPost(troll.user.id, { content: "His" });
    const friends = await createPost(friend.id, { content: "The friend's" });
    for (const [who, what] of [
      [troll.user.id, hers.id],
      [priya.user.id, his.id],
      [troll.user.id, friends.id],
      [priya.user.id, friends.id],
    ] as const) {
      expect((await setRepost(db(), who, what, true)).ok).toBe(true);
    }
    const { spy, captured } = capturingD1();
    const blocked = await blockMember(getDb(spy), priya.user.id, troll.user.username);
    if (!blocked.ok) throw new Error("not blocked");
    expect(blocked.takenBack.map((entry) => entry.userId).sort()).toEqual([priya.user.id, troll.user.id].sort());
    // Each one's repost of the friend's post stays, with its entry.
    const left = await db().select({ userId: postReposts.userId, postId: postReposts.postId }).from(postReposts).where(inArray(postReposts.userId, [priya.user.id, troll.user.id])).all();
    expect(left.map((row) => row.postId)).toEqual([friends.id, friends.id]);
    expect(await db().select({ id: posts.id }).from(posts).where(and(inArray(posts.userId, [priya.user.id, troll.user.id]), isNotNull(posts.repostedFromPostId))).all()).toHaveLength(2);
    for (const table of ["posts", "post_reposts"]) {
      const statement = captured.find((query) => query.sql.startsWith(`DELETE FROM "${table}"`));
      const plan = (await planOf(statement!)).join("\n");
      expect(plan, table).not.toMatch(/\bSCAN\b/);
      expect(plan, table).toMatch(/SEARCH mine USING COVERING INDEX post_reposts_user_idx \(user_id=\?\)/);
      // Each original by its key (the planner may take the author's index, whose author is known).
      expect(plan, table).toMatch(/SEARCH reposted USING .*\bid=\?\)/);
    }
    const entries = (await planOf(captured.find((query) => query.sql.startsWith('DELETE FROM "posts"'))!))[0];
    expect(entries).toBe("SEARCH posts USING COVERING INDEX posts_repost_unique (reposted_from_post_id=? AND user_id=?)");
  });

  it("hides under a post only the comments of those its author blocked: a blocker's comment under the blocked member's post stays for others", async () => {
    const priya = await member();
    const troll = await member();
    const friend = await createUser();
    const his = await createPost(troll.user.id, { content: "His thread" });
    const hers = await addComment(db(), priya.user.id, his.id, { content: "Her reply there" });
    if (!hers.ok) throw new Error("no comment");
    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);
    expect((await runRead(commentPageRead(db(), friend.id, his.id))).comments.map((comment) => comment.content)).toEqual(["Her reply there"]);
    expect((await runRead(commentPageRead(db(), troll.user.id, his.id))).comments).toEqual([]);
  });

  it("unblocking (with JavaScript) lets them see and follow each other again; only the blocker can undo it", async () => {
    const priya = await member();
    const troll = await member();
    const hers = await createPost(priya.user.id, { content: "Back again" });
    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);
    // His unblock of her undoes nothing of hers.
    expect((await blockWithJs(priya.user.username, troll.cookie, "unblock")).status).toBe(200);
    expect((await getCard(db(), troll.user.id, hers.id))?.post.locked).toBe(true);

    const response = await blockWithJs(troll.user.username, priya.cookie, "unblock");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(BLOCK_TEXTS.unblocked(troll.user.username));
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, priya.user.id)).all()).toEqual([]);
    expect(await blocksCountOf(priya.user.id)).toBe(0);
    expect(await blocksCountOf(troll.user.id)).toBe(0);
    expect((await getCard(db(), troll.user.id, hers.id))?.post.locked).toBe(false);
    expect((await setFollow(db(), troll.user.id, priya.user.id, true)).ok).toBe(true);
    // Without JavaScript: back to the page with the toast.
    expect((await blockWithJs(troll.user.username, priya.cookie)).status).toBe(200);
    const noJs = await blockWithoutJs(troll.user.username, priya.cookie, "unblock");
    expect(noJs.status).toBe(302);
    expect(toastOf(noJs)).toBe(BLOCK_TEXTS.unblocked(troll.user.username));
  });

  it("refuses oneself (400) and an unknown member (404); the confirmation page is for members; a deleted account leaves no count behind", async () => {
    const priya = await member();
    const self = await blockWithJs(priya.user.username, priya.cookie);
    expect(self.status).toBe(400);
    expect(await self.text()).toContain(BLOCK_TEXTS.self);
    const unknown = await blockWithJs("nobody_at_all_here", priya.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(PROFILE_MESSAGES.notFound);
    expect((await blockWithJs("not-a-name!", priya.cookie)).status).toBe(404);
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, priya.user.id)).all()).toEqual([]);

    const troll = await createUser({ displayName: "Troll Person" });
    const page = await get(`${blockPath(troll.username)}?returnTo=${encodeURIComponent(`/profile/${troll.username}`)}`, { Cookie: priya.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(BLOCK_TEXTS.question(troll.username));
    expect(html).toContain(`name="returnTo" value="/profile/${troll.username}"`);
    expect((await get(blockPath(troll.username))).status).toBe(302);
    expect((await get(blockPath(priya.user.username), { Cookie: priya.cookie })).status).toBe(400);

    // The blocked account goes: the blocker's count goes back with its rows.
    expect((await blockWithJs(troll.username, priya.cookie)).status).toBe(200);
    expect(await blocksCountOf(priya.user.id)).toBe(1);
    await db().delete(users).where(eq(users.id, troll.id));
    expect(await blocksCountOf(priya.user.id)).toBe(0);
  });

  it("Settings lists the blocked accounts with Unblock, newest first, and says when there are none", async () => {
    const priya = await member();
    const first = await createUser({ displayName: "First Blocked" });
    const second = await createUser({ displayName: "Second Blocked" });
    const empty = await (await get("/settings/blocked", { Cookie: priya.cookie })).text();
    expect(empty).toContain(escaped(BLOCK_TEXTS.listEmpty));
    for (const one of [first, second]) expect((await blockWithJs(one.username, priya.cookie)).status).toBe(200);
    const html = await (await get("/settings/blocked", { Cookie: priya.cookie })).text();
    expect(html.indexOf("Second Blocked")).toBeGreaterThan(-1);
    expect(html.indexOf("Second Blocked")).toBeLessThan(html.indexOf("First Blocked"));
    expect(html).toContain(`aria-label="${BLOCK_TEXTS.unblockName(first.username)}"`);
    expect((await get("/settings/blocked")).status).toBe(302);
    expect(await (await get("/settings/privacy", { Cookie: priya.cookie })).text()).toContain('href="/settings/blocked"');
  });

  it("counts against a 'block' limit of its own: 429 with Retry-After once spent, and nothing changes", async () => {
    const priya = await member();
    const troll = await createUser();
    // The follows' limit spent: a block still goes through.
    expect(await limiter().hit([subjects.member(priya.user.id)], "follow", { count: RATE_LIMITS.follow.max })).toEqual({ allowed: true });
    expect((await blockWithJs(troll.username, priya.cookie)).status).toBe(200);
    expect((await blockWithJs(troll.username, priya.cookie, "unblock")).status).toBe(200);
    expect(await limiter().hit([subjects.member(priya.user.id)], "block", { count: RATE_LIMITS.block.max - 2 })).toEqual({ allowed: true });
    const response = await blockWithJs(troll.username, priya.cookie);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, priya.user.id)).all()).toEqual([]);
  });
});

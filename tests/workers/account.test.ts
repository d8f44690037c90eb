import { env } from "cloudflare:workers";
import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { deleteAccount } from "~/.server/account-deletion";
import { requestPasswordReset } from "~/.server/auth/accounts";
import { TrustedDevices } from "~/.server/auth/devices";
import { verifyPassword } from "~/.server/auth/password";
import { validateSessionToken } from "~/.server/auth/session";
import { addComment, setCommentLike } from "~/.server/comments";
import { createCommunity, joinCommunity } from "~/.server/communities";
import {
  blocks,
  comments,
  communities,
  communityMembers,
  conversationMembers,
  conversations,
  creatorSubscriptions,
  emailOutbox,
  follows,
  mediaTrash,
  mediaUploads,
  memberSettings,
  messages,
  mutes,
  notifications,
  passwordResetTokens,
  postBookmarks,
  postLikes,
  postReposts,
  posts,
  postShares,
  sessions,
  supportRequests,
  userActivity,
  users,
  verifiedSubscriptions,
} from "~/.server/db/schema";
import { readConfig, type AppConfig } from "~/.server/env";
import { setFollow } from "~/.server/follows";
import { newId } from "~/.server/ids";
import { subjects } from "~/.server/limits";
import { createOutboxMailer } from "~/.server/mail";
import { storeMedia } from "~/.server/media";
import { sendSupportRequest } from "~/.server/support";
import { sendMessage, startConversation } from "~/.server/messages";
import { recordView, setLike, setRepost } from "~/.server/posts/interactions";
import { ACCOUNT_DELETION_BATCH, RATE_LIMITS, SESSION_CHECK_PATH, TIME } from "~/lib/constants";
import { IMAGE_TYPES } from "~/lib/media-types";
import { AUTH_MESSAGES } from "~/lib/messages";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import { unique } from "../fixtures/factories";
import { capturingD1, createUser, db, fetchWorker, formPost, get, limiter, member, ORIGIN, planOf, sessionCookieFor, TEST_PASSWORD, TINY_PNG, toastOf, actedOnOthers, composedPost } from "./helpers";
import { disagreements } from "./consistency";
import { getDb } from "~/.server/db/client";

/**
 * Settings › Account (docs/decisions/074), through the real worker where a browser would go: a new
 * password ends every other session and trusted browser and keeps this one; deleting the account takes
 * every row that names the member, keeps every counter of other members equal to its rows, tells the
 * payment provider first, and signs out. Each password tried there counts as a sign-in attempt.
 */

const ip = () => unique("ip-");
const NEW_PASSWORD = "a brand new password";

/** A form to /settings/account as a page without JavaScript sends it (returnTo), or with it (.data). */
function accountPost(fields: Record<string, string>, cookie: string, { js = false, address = ip(), headers = {} }: { js?: boolean; address?: string; headers?: Record<string, string> } = {}) {
  const path = js ? "/settings/account.data" : "/settings/account";
  const body = js ? fields : { ...fields, returnTo: "/settings/account" };
  return fetchWorker(formPost(path, body, { Cookie: cookie, "CF-Connecting-IP": address, ...headers }));
}

const changeForm = (fields: Partial<Record<"currentPassword" | "password" | "confirmPassword", string>> = {}) => ({
  intent: "password-change",
  currentPassword: TEST_PASSWORD,
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
  ...fields,
});

const deleteForm = (password = TEST_PASSWORD) => ({ intent: "account-delete", password });

async function passwordOf(id: string) {
  return (await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, id)).get())!.hash;
}

const tokenOf = (cookie: string) => cookie.slice("session=".length);
const stillSignedIn = async (cookie: string) => (await validateSessionToken(db(), tokenOf(cookie))).session !== null;
const setCookie = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(";")[0];

function signInForm(email: string, password: string, address: string, cookie?: string) {
  return fetchWorker(formPost("/auth", { mode: "sign-in", email, password }, { "CF-Connecting-IP": address, ...(cookie ? { Cookie: cookie } : {}) }));
}

describe("the Account tab", () => {
  it("is a settings page of its own, in the settings' tabs, with both forms and real labels", async () => {
    const { cookie } = await member();
    const response = await get("/settings/account", { Cookie: cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/settings\/account"|<a[^>]*href="\/settings\/account"[^>]*aria-current="page"/);
    for (const label of ["Current Password", "New Password", "Confirm New Password", "Password"]) expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}</label>`));
    expect(html).toContain("Change Password");
    expect(html).toContain("Delete Account");
    expect(html).toContain(ACCOUNT_MESSAGES.deleteIntro);
    // Read with the session: one D1 round trip.
    expect(Number(response.headers.get("X-D1-Depth"))).toBe(1);
  });

  it("a visitor is sent to sign in, and their forms change nothing", async () => {
    const page = await get("/settings/account");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/auth\?returnTo=%2Fsettings%2Faccount/);
    for (const fields of [changeForm(), deleteForm()]) {
      const response = await fetchWorker(formPost("/settings/account.data", fields, { "CF-Connecting-IP": ip() }));
      expect(response.status).toBe(401);
      const signedOut = await fetchWorker(formPost("/settings/account", { ...fields, returnTo: "/settings/account" }, { "CF-Connecting-IP": ip() }));
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    }
  });

  it("a form that is neither, or odd input, is a 400 that changes nothing, never a 500", async () => {
    const { user, cookie } = await member();
    const before = await passwordOf(user.id);
    const odd: Record<string, string>[] = [
      { intent: "password-change" },
      { intent: "account-delete" },
      { intent: "account-delete", password: "" },
      { intent: "password-change", currentPassword: "x".repeat(10_000), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { intent: "profile-settings", displayName: "Someone Else" },
      { intent: "nonsense" },
    ];
    for (const fields of odd) {
      const response = await accountPost(fields, cookie, { js: true });
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
    }
    expect(await passwordOf(user.id)).toBe(before);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(await stillSignedIn(cookie)).toBe(true);
  });
});

describe("changing the password", () => {
  it("replaces the hash, ends every session and the reset links, and gives this browser a new session: 'Password changed'", async () => {
    const { user, cookie } = await member();
    const otherBrowser = await sessionCookieFor(user.id);
    await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email: user.email, origin: "https://murmur.test", ip: ip() });
    const bystander = await member();

    const response = await accountPost(changeForm(), cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/account");
    expect(toastOf(response)).toBe(ACCOUNT_MESSAGES.passwordChanged);

    expect(await verifyPassword(NEW_PASSWORD, await passwordOf(user.id))).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, await passwordOf(user.id))).toBe(false);
    // A token copied before the change works no more, this browser's own included (decision 083).
    expect(await stillSignedIn(cookie)).toBe(false);
    expect(await stillSignedIn(otherBrowser)).toBe(false);
    const renewed = setCookie(response, "session")!;
    expect(renewed).toMatch(/^session=.+/);
    expect(renewed).not.toBe(cookie);
    expect(await stillSignedIn(renewed)).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
    // Nobody else's session is touched.
    expect(await stillSignedIn(bystander.cookie)).toBe(true);
    // This browser goes on with its new cookie; the old one is a visitor's.
    expect((await get("/settings/account", { Cookie: renewed })).status).toBe(200);
    expect((await get("/settings/account", { Cookie: cookie })).status).toBe(302);
    // The new password signs in; the old one does not.
    expect((await signInForm(user.email, NEW_PASSWORD, ip())).status).toBe(302);
    expect((await signInForm(user.email, TEST_PASSWORD, ip())).status).toBe(400);
  });

  it("with JavaScript: the same, answered as data with the toast's text and the new session's cookie", async () => {
    const { user, cookie } = await member();
    const otherBrowser = await sessionCookieFor(user.id);
    const response = await accountPost(changeForm(), cookie, { js: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(ACCOUNT_MESSAGES.passwordChanged);
    const renewed = setCookie(response, "session")!;
    expect(await stillSignedIn(renewed)).toBe(true);
    expect(await stillSignedIn(cookie)).toBe(false);
    expect(await stillSignedIn(otherBrowser)).toBe(false);
  });

  it("without JavaScript and without a place to return to, the page drawn after the change is the member's, with the new cookie", async () => {
    const { user, cookie } = await member();
    const response = await fetchWorker(formPost("/settings/account", changeForm(), { Cookie: cookie, "CF-Connecting-IP": ip() }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(ACCOUNT_MESSAGES.passwordChanged);
    const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
    expect(cookies.filter((c) => c.startsWith("session="))).toHaveLength(1);
    expect(cookies.some((c) => c.startsWith("device="))).toBe(true);
    expect(await stillSignedIn(setCookie(response, "session")!)).toBe(true);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("/api/session says which member the browser is signed in as: the new cookie's, none for the old", async () => {
    const { user, cookie } = await member();
    const ask = async (with_: string) => (await (await get(SESSION_CHECK_PATH, { Cookie: with_ })).json()) as { member: string | null };
    expect(await ask(cookie)).toEqual({ member: user.id });
    const response = await accountPost(changeForm(), cookie, { js: true });
    expect(await ask(setCookie(response, "session")!)).toEqual({ member: user.id });
    expect(await ask(cookie)).toEqual({ member: null });
    const visitor = await get(SESSION_CHECK_PATH);
    expect(visitor.headers.get("Cache-Control")).toBe("no-store");
    expect(await visitor.json()).toEqual({ member: null });
  });

  it("a wrong current password is refused beside its field, and nothing changes", async () => {
    const { user, cookie } = await member();
    const otherBrowser = await sessionCookieFor(user.id);
    const before = await passwordOf(user.id);
    const page = await accountPost(changeForm({ currentPassword: "not my password" }), cookie);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(html).toMatch(/id="[^"]*currentPassword"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="[^"]*currentPassword"/);
    // Passwords never come back in the page.
    expect(html).not.toContain("not my password");
    expect(html).not.toContain(NEW_PASSWORD);
    const data = await accountPost(changeForm({ currentPassword: "not my password" }), cookie, { js: true });
    expect(data.status).toBe(400);
    expect(await data.text()).toContain(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect(await passwordOf(user.id)).toBe(before);
    expect(await stillSignedIn(otherBrowser)).toBe(true);
  });

  it.each([
    ["a short new password", { password: "short", confirmPassword: "short" }, "Password must be at least 6 characters"],
    ["confirmation that differs", { confirmPassword: "something else" }, "Passwords must match"],
    ["no current password", { currentPassword: "" }, ACCOUNT_MESSAGES.currentPasswordRequired],
    ["no new password", { password: "", confirmPassword: "" }, "Password is required"],
    ["the same password again", { password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, ACCOUNT_MESSAGES.samePassword],
  ])("%s: sign-up's rules and texts, 400, nothing changes", async (_what, fields, message) => {
    const { user, cookie } = await member();
    const before = await passwordOf(user.id);
    const page = await accountPost(changeForm(fields), cookie);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(message.replaceAll("'", "&#x27;"));
    expect(await passwordOf(user.id)).toBe(before);
  });

  it("wrong current passwords count toward sign-in's limit for the account: a guessing session locks sign-in out too, and the other way round", async () => {
    const { user, cookie } = await member();
    const before = await passwordOf(user.id);
    // A stolen session guessing from many addresses: each try is the account's too. The account's
    // tries all but spent (each real try costs a password hash), the tab's two wrong guesses spend it.
    expect(await limiter().hit([subjects.account(user.email)], "signIn", { count: RATE_LIMITS.signIn.max - 2 })).toEqual({ allowed: true });
    for (let i = 0; i < 2; i++) {
      expect((await accountPost(changeForm({ currentPassword: `guess-${i}` }), cookie, { js: true })).status).toBe(400);
    }
    const held = await accountPost(changeForm(), cookie, { js: true });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await held.text()).toMatch(/You're doing that too often/);
    expect(await passwordOf(user.id)).toBe(before);
    // Sign-in with the right password from a fresh address waits as well.
    expect((await signInForm(user.email, TEST_PASSWORD, ip())).status).toBe(429);

    // The other way round: sign-in's guesses hold the Account tab's password checks.
    const second = await member();
    expect(await limiter().hit([subjects.account(second.user.email)], "signIn", { count: RATE_LIMITS.signIn.max - 2 })).toEqual({ allowed: true });
    for (let i = 0; i < 2; i++) expect((await signInForm(second.user.email, `guess-${i}`, ip())).status).not.toBe(429);
    const page = await accountPost(changeForm(), second.cookie);
    expect(page.status).toBe(429);
    expect(await page.text()).toMatch(/You(&#x27;|')re doing that too often/);
    const refused = await accountPost(deleteForm(), second.cookie, { js: true });
    expect(refused.status).toBe(429);
    expect(await db().select().from(users).where(eq(users.id, second.user.id)).get()).toBeDefined();
  });

  it("is limited like every settings write", async () => {
    const { user, cookie } = await member();
    expect(await limiter().hit([subjects.member(user.id)], "settings", { count: RATE_LIMITS.settings.max })).toEqual({ allowed: true });
    const response = await accountPost(changeForm(), cookie, { js: true });
    expect(response.status).toBe(429);
    expect(await verifyPassword(TEST_PASSWORD, await passwordOf(user.id))).toBe(true);
  });

  it("ends the trust of every other browser that signed in with the old password; this browser stays trusted", async () => {
    const user = await createUser();
    const elsewhere = await signInForm(user.email, TEST_PASSWORD, ip());
    const here = await signInForm(user.email, TEST_PASSWORD, ip());
    const [oldDevice, hereDevice, hereSession] = [setCookie(elsewhere, "device")!, setCookie(here, "device")!, setCookie(here, "session")!];
    const changed = await accountPost(changeForm(), `${hereSession}; ${hereDevice}`);
    expect(changed.status).toBe(302);
    const newDevice = setCookie(changed, "device")!;
    expect(await stillSignedIn(setCookie(changed, "session")!)).toBe(true);
    expect(newDevice).toMatch(/^device=.+/);
    // Strangers guess until the account waits; a browser still trusted signs in regardless.
    for (let i = 0; i < RATE_LIMITS.signIn.max; i++) await signInForm(user.email, `guess-${i}`, ip());
    expect((await signInForm(user.email, NEW_PASSWORD, ip(), oldDevice)).status).toBe(429);
    expect((await signInForm(user.email, NEW_PASSWORD, ip(), newDevice)).status).toBe(302);
    // A dozen scrypt hashes: 9 s alone on a slow host, over 30 s beside other test files there.
  }, 90_000);
});

/** Every row in the database that still names the member. */
async function rowsNaming(memberId: string, email: string) {
  const counts = await db().batch([
    db().select({ n: sql<number>`count(*)` }).from(users).where(eq(users.id, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(memberSettings).where(eq(memberSettings.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(sessions).where(eq(sessions.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(posts).where(eq(posts.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(comments).where(eq(comments.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(postLikes).where(eq(postLikes.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(postReposts).where(eq(postReposts.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(postBookmarks).where(eq(postBookmarks.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(postShares).where(eq(postShares.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(userActivity).where(eq(userActivity.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(follows).where(or(eq(follows.followerId, memberId), eq(follows.followingId, memberId))),
    db().select({ n: sql<number>`count(*)` }).from(notifications).where(or(eq(notifications.userId, memberId), eq(notifications.relatedUserId, memberId))),
    db().select({ n: sql<number>`count(*)` }).from(conversations).where(or(eq(conversations.participant1Id, memberId), eq(conversations.participant2Id, memberId))),
    db().select({ n: sql<number>`count(*)` }).from(conversationMembers).where(or(eq(conversationMembers.userId, memberId), eq(conversationMembers.otherId, memberId))),
    db().select({ n: sql<number>`count(*)` }).from(messages).where(eq(messages.senderId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(communities).where(eq(communities.creatorId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(communityMembers).where(eq(communityMembers.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(creatorSubscriptions).where(or(eq(creatorSubscriptions.subscriberId, memberId), eq(creatorSubscriptions.subscribedToId, memberId))),
    db().select({ n: sql<number>`count(*)` }).from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(mediaUploads).where(eq(mediaUploads.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, memberId)),
    db().select({ n: sql<number>`count(*)` }).from(emailOutbox).where(eq(emailOutbox.toAddress, email)),
    db().select({ n: sql<number>`count(*)` }).from(supportRequests).where(eq(supportRequests.userId, memberId)),
  ]);
  return counts.reduce((sum, [row]) => sum + Number(row!.n), 0);
}

/** A member with a bit of everything, and two others who interacted with them. */
async function busyMember() {
  const me = await member();
  const [alice, bob] = [await member(), await member()];
  const id = me.user.id;
  const photo = await storeMedia(db(), env.MEDIA, id, new File([TINY_PNG], "a.png"), IMAGE_TYPES.png, "posts");
  const avatar = await storeMedia(db(), env.MEDIA, id, new File([TINY_PNG], "me.png"), IMAGE_TYPES.png, "avatars");
  await db().update(users).set({ avatarUrl: avatar.url }).where(eq(users.id, id));
  const post = (author: string, content: string, imageKeys: string[] = [], communityId?: string) => composedPost(author, content, { imageKeys, communityId });
  const mine = await post(id, `Mine #${unique("tag")} @${alice.user.username}`, [photo.key]);
  const alices = await post(alice.user.id, "Alice's");
  const bobs = await post(bob.user.id, "Bob's");

  // What the member did to the others.
  const { myComment } = await actedOnOthers(id, { alice: alice.user.id, alices, bobs });
  const replyToLeaver = `A reply to the leaver, @${alice.user.username} ${unique("w")}`;
  await addComment(db(), bob.user.id, alices, { content: replyToLeaver, parentId: myComment });
  // What the others did to the member.
  await setLike(db(), alice.user.id, mine, true);
  await setLike(db(), bob.user.id, mine, true);
  await setRepost(db(), alice.user.id, mine, true);
  await addComment(db(), bob.user.id, mine, { content: "Hello" });
  await setCommentLike(db(), alice.user.id, myComment, true);
  await setFollow(db(), bob.user.id, id, true);
  await setFollow(db(), alice.user.id, id, true);
  // Communities: Alice's, which the member joined and posted in; one of the member's own, alone.
  const shared = await createCommunity(db(), alice.user.id, { name: unique("Shared "), description: undefined, isPrivate: false });
  const alone = await createCommunity(db(), id, { name: unique("Alone "), description: undefined, isPrivate: false });
  if (!shared.ok || !alone.ok) throw new Error("no community");
  await joinCommunity(db(), id, shared.communityId);
  await joinCommunity(db(), bob.user.id, shared.communityId);
  await post(id, "In Alice's community", [], shared.communityId);
  await post(id, "In my own", [], alone.communityId);
  // A conversation with Alice, an unread message each way.
  const started = await startConversation(db(), id, alice.user.username);
  if (!started.ok) throw new Error("no conversation");
  await sendMessage(db(), id, started.conversationId, { content: "Hi Alice", clientId: newId() });
  await sendMessage(db(), alice.user.id, started.conversationId, { content: "Hi back", clientId: newId() });
  // Money: the member pays Bob; Alice pays the member; the member's badge (all test mode).
  const month = Date.now() + 30 * TIME.DAY;
  await db().insert(creatorSubscriptions).values([
    { id: newId(), subscriberId: id, subscribedToId: bob.user.id, amountCents: 499, expiresAt: new Date(month) },
    { id: newId(), subscriberId: alice.user.id, subscribedToId: id, amountCents: 499, expiresAt: new Date(month) },
  ]);
  await db().insert(verifiedSubscriptions).values({ id: newId(), userId: id, amountCents: 999, expiresAt: new Date(month) });
  await requestPasswordReset(db(), limiter(), createOutboxMailer(db()), { email: me.user.email, origin: "https://murmur.test", ip: ip() });
  // A message to support (decision 078).
  if (!(await sendSupportRequest(db(), id, { topic: "account", message: "How do I leave?" })).ok) throw new Error("no support message");
  return { me, alice, bob, mine, alices, bobs, photo, avatar, shared: shared.communityId, alone: alone.communityId, conversation: started.conversationId, replyToLeaver };
}

describe("deleting the account", () => {
  it("deletes every row that names the member and their media, keeps every other member's counters equal to their rows, and signs out", async () => {
    const world = await busyMember();
    const { me, alice, bob } = world;
    const otherBrowser = await sessionCookieFor(me.user.id);
    expect(await disagreements({ members: [alice.user.id, bob.user.id, me.user.id], communities: [world.shared, world.alone] })).toEqual([]);
    const before = (await db().select().from(users).where(inArray(users.id, [alice.user.id, bob.user.id]))).map((u) => [u.followersCount, u.followingCount, u.subscribersCount]);
    expect(before).toEqual(expect.arrayContaining([[1, 1, 0], [0, 1, 1]]));

    // Bob's reply to the member's comment told Alice (her post); its words go with the reply (the leaver's comment's cascade).
    const quotingTheReply = () => db().select().from(notifications).where(eq(notifications.content, world.replyToLeaver));
    expect(await quotingTheReply()).not.toEqual([]);

    const response = await accountPost(deleteForm(), me.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(await quotingTheReply()).toEqual([]);
    // A new document (its rooms start afresh), without the session.
    expect(response.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(setCookie(response, "session")).toBe("session=");
    expect(toastOf(response)).toBe(ACCOUNT_MESSAGES.accountDeleted);

    expect(await rowsNaming(me.user.id, me.user.email)).toBe(0);
    expect(await db().select().from(posts).where(eq(posts.id, world.mine)).get()).toBeUndefined();
    expect(await db().select().from(communities).where(eq(communities.id, world.alone)).get()).toBeUndefined();
    expect(await db().select().from(communities).where(eq(communities.id, world.shared)).get()).toBeDefined();
    // Alice's repost of the member's post, and Bob's reply to the member's comment, went with them.
    expect(await db().select().from(posts).where(eq(posts.repostedFromPostId, world.mine))).toEqual([]);
    expect(await db().select().from(comments).where(eq(comments.postId, world.alices))).toHaveLength(1);
    // Media: records, objects and their trash.
    for (const key of [world.photo.key, world.avatar.key]) {
      expect(await env.MEDIA.head(key)).toBeNull();
      expect(await db().select().from(mediaTrash).where(eq(mediaTrash.key, key)).get()).toBeUndefined();
    }
    expect(await stillSignedIn(me.cookie)).toBe(false);
    expect(await stillSignedIn(otherBrowser)).toBe(false);

    expect(await disagreements({ members: [alice.user.id, bob.user.id], communities: [world.shared] })).toEqual([]);
    const after = await db().select().from(users).where(inArray(users.id, [alice.user.id, bob.user.id]));
    const [a, b] = [after.find((u) => u.id === alice.user.id)!, after.find((u) => u.id === bob.user.id)!];
    expect([a.followersCount, a.followingCount, b.followersCount, b.followingCount, b.subscribersCount]).toEqual([0, 0, 0, 0, 0]);
    const alicesPost = (await db().select().from(posts).where(eq(posts.id, world.alices)).get())!;
    expect([alicesPost.likesCount, alicesPost.repostsCount, alicesPost.commentsCount]).toEqual([0, 0, 1]);
    expect((await db().select().from(posts).where(eq(posts.id, world.bobs)).get())!.sharesCount).toBe(0);
    expect((await db().select().from(communities).where(eq(communities.id, world.shared)).get())!).toMatchObject({ memberCount: 2, postsCount: 0 });
  });

  it("a second member's pages are whole afterwards, and the member's profile is gone", async () => {
    const world = await busyMember();
    const { me, alice } = world;
    // With JavaScript: single fetch's redirect (202), to a new document.
    const answer = await accountPost(deleteForm(), me.cookie, { js: true });
    expect(answer.status).toBe(202);
    expect(await answer.text()).toContain("/auth");
    for (const path of ["/", "/notifications", "/messages", `/post/${world.alices}`, `/community/${world.shared}`, `/profile/${alice.user.username}`, "/settings/account"]) {
      const page = await get(path, { Cookie: alice.cookie });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).not.toContain(me.user.displayName);
    }
    expect((await get(`/messages/${world.conversation}`, { Cookie: alice.cookie })).status).toBe(404);
    expect((await get(`/@${me.user.username}`)).status).toBe(404);
    expect((await get(`/profile/${me.user.username}`, { Cookie: alice.cookie })).status).toBe(404);
    // The old cookie is a visitor's now.
    expect((await get("/settings/account", { Cookie: me.cookie })).status).toBe(302);
  });

  it("the account's last statement finds every row that names the member by an index, never by reading a table (decision 114)", async () => {
    // SQLite plans each foreign key's cascade with the statement: a table without an index led by its
    // column is read whole for every account deleted.
    const plan = (await env.DB.prepare("EXPLAIN QUERY PLAN DELETE FROM users WHERE id = ?").bind(newId()).all<{ detail: string }>()).results.map((row) => row.detail);
    expect(plan.length).toBeGreaterThan(10);
    expect(plan.filter((detail) => /^SCAN /.test(detail))).toEqual([]);
    const uploads = (await env.DB.prepare("EXPLAIN QUERY PLAN SELECT key FROM media_uploads WHERE user_id = ?").bind(newId()).all<{ detail: string }>()).results;
    expect(uploads.map((row) => row.detail).join(" | ")).toContain("media_uploads_user_idx (user_id=?)");
    // A member leaving (or demoted in) a community loses their invites there (migration 0027's triggers).
    const invites = (await env.DB.prepare("EXPLAIN QUERY PLAN DELETE FROM community_invites WHERE community_id = ? AND inviter_id = ?").bind(newId(), newId()).all<{ detail: string }>()).results;
    expect(invites.map((row) => row.detail).join(" | ")).toContain("community_invites_inviter_idx (inviter_id=? AND community_id=?)");
  });

  it("a wrong password is refused beside its field and nothing is deleted; tries count as sign-in attempts", async () => {
    const { user, cookie } = await member();
    await createPost_(user.id);
    const page = await accountPost(deleteForm("not my password"), cookie);
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain(ACCOUNT_MESSAGES.passwordWrong);
    expect(html).not.toContain("not my password");
    const data = await accountPost(deleteForm("not my password"), cookie, { js: true });
    expect(data.status).toBe(400);
    expect(await data.text()).toContain(ACCOUNT_MESSAGES.passwordWrong);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(await db().select().from(posts).where(eq(posts.userId, user.id))).toHaveLength(1);
    expect(await stillSignedIn(cookie)).toBe(true);
    // Two tries spent above; all but two more as if made (each real try costs a password hash), then those two.
    expect(await limiter().hit([subjects.account(user.email)], "signIn", { count: RATE_LIMITS.signIn.max - 4 })).toEqual({ allowed: true });
    for (let i = 0; i < 2; i++) expect((await accountPost(deleteForm(`guess-${i}`), cookie, { js: true })).status).toBe(400);
    expect((await accountPost(deleteForm(), cookie, { js: true })).status).toBe(429);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    const signIn = await signInForm(user.email, TEST_PASSWORD, ip());
    expect(signIn.status).toBe(429);
    expect(await signIn.text()).toContain(AUTH_MESSAGES.tooManyAttempts);
  });

  it("refuses while a community the member created has other members, naming it; then nothing is deleted", async () => {
    const { user, cookie } = await member();
    const other = await member();
    const name = unique("Busy ");
    const created = await createCommunity(db(), user.id, { name, description: undefined, isPrivate: false });
    if (!created.ok) throw new Error("no community");
    await joinCommunity(db(), other.user.id, created.communityId);
    await setFollow(db(), other.user.id, user.id, true);
    const page = await get("/settings/account", { Cookie: cookie });
    expect(await page.text()).toContain(`href="/community/${created.communityId}"`);
    const response = await accountPost(deleteForm(), cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(name);
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(await db().select().from(follows).where(eq(follows.followingId, user.id))).toHaveLength(1);
    expect(await db().select().from(communities).where(eq(communities.id, created.communityId)).get()).toBeDefined();
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it("goes a part at a time: with parts of two rows (and one post) every row still goes, and the counters agree", async () => {
    const world = await busyMember();
    const { me, alice, bob } = world;
    for (let i = 0; i < 5; i++) await createPost_(me.user.id);
    for (let i = 0; i < 5; i++) {
      const fan = await createUser();
      const theirs = await createPost_(fan.id);
      await setLike(db(), me.user.id, theirs, true);
      await setFollow(db(), fan.id, me.user.id, true);
      await setFollow(db(), me.user.id, fan.id, true);
    }
    const place = { db: db(), bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    const batches: number[] = [];
    const counting = new Proxy(db(), { get: (target, name) => (name === "batch" ? (items: unknown[]) => (batches.push(items.length), target.batch(items as never)) : Reflect.get(target, name)) });
    const outcome = await deleteAccount({ ...place, db: counting }, me.user, TEST_PASSWORD, { ip: ip(), devices: [] }, { batch: { rows: 2, posts: 1 } });
    expect(outcome).toEqual({ ok: true });
    expect(await rowsNaming(me.user.id, me.user.email)).toBe(0);
    expect(await disagreements({ members: [alice.user.id, bob.user.id], communities: [world.shared] })).toEqual([]);
    // Several rounds, each statement bounded.
    expect(batches.length).toBeGreaterThan(5);
    expect(ACCOUNT_DELETION_BATCH.rows).toBeGreaterThan(ACCOUNT_DELETION_BATCH.posts);
  });

  it("deletes a post's likes, views, reposts, comments and notifications in parts before the post itself (decision 123)", async () => {
    const { user } = await member();
    const popular = await createPost_(user.id);
    for (let i = 0; i < 5; i++) {
      const fan = await createUser();
      await setLike(db(), fan.id, popular, true);
      await recordView(db(), fan.id, popular);
      if (i < 2) await setRepost(db(), fan.id, popular, true);
      const said = await addComment(db(), fan.id, popular, { content: `Comment ${i}` });
      if (!said.ok) throw new Error("comment refused");
    }
    const othersRowsOf = async (postId: string) => {
      const [likes, views, reposts, said, told] = await Promise.all([
        db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId)).get(),
        db().select({ n: count() }).from(userActivity).where(eq(userActivity.postId, postId)).get(),
        db().select({ n: count() }).from(posts).where(eq(posts.repostedFromPostId, postId)).get(),
        db().select({ n: count() }).from(comments).where(eq(comments.postId, postId)).get(),
        db().select({ n: count() }).from(notifications).where(eq(notifications.relatedPostId, postId)).get(),
      ]);
      return [likes!.n, views!.n, reposts!.n, said!.n, told!.n];
    };
    expect((await othersRowsOf(popular)).every((n) => n > 0)).toBe(true);
    // What is left of the post's rows each time a statement deletes the member's posts themselves.
    const leftWhenPostsGo: number[][] = [];
    const sqlOf = (item: { getQuery?: () => { sql: string }; toSQL?: () => { sql: string } }) => (item.getQuery?.() ?? item.toSQL?.())?.sql ?? "";
    const watching = new Proxy(db(), {
      get: (target, name) =>
        name === "batch"
          ? async (items: { getQuery?: () => { sql: string }; toSQL?: () => { sql: string } }[]) => {
              if (items.some((item) => /^DELETE FROM "posts" WHERE "posts"\."id" IN/.test(sqlOf(item)))) {
                leftWhenPostsGo.push(await othersRowsOf(popular));
              }
              return target.batch(items as never);
            }
          : Reflect.get(target, name),
    });
    const place = { db: watching, bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, user, TEST_PASSWORD, { ip: ip(), devices: [] }, { batch: { rows: 2, posts: 1 } })).toEqual({ ok: true });
    expect(leftWhenPostsGo).toEqual([[0, 0, 0, 0, 0]]);
    // One statement for the one post: the part of one is not asked again.
    expect(await othersRowsOf(popular)).toEqual([0, 0, 0, 0, 0]);
  });

  it("a part whose rows take others of it with them (a comment its reply) is not taken for the last: every comment goes in parts, none is left to the account's own statement (decision 114)", async () => {
    const { user } = await member();
    const post = await createPost_((await createUser()).id);
    const said = async (content: string, parentId?: string) => {
      const added = await addComment(db(), user.id, post, { content, ...(parentId ? { parentId } : {}) });
      if (!added.ok) throw new Error("comment refused");
      return added.commentId;
    };
    // By rowid: a comment and its reply first (one part of two: the reply goes with the comment), then three more.
    await said("thread", await said("top"));
    for (const words of ["b", "c", "d"]) await said(words);
    let leftAtTheEnd: number | null = null;
    const watching = new Proxy(db(), {
      get: (target, name) =>
        name === "batch"
          ? async (items: { toSQL?: () => { sql: string } }[]) => {
              if (items.some((item) => item.toSQL?.().sql.startsWith('delete from "users"'))) {
                leftAtTheEnd = (await db().select({ n: count() }).from(comments).where(eq(comments.userId, user.id)).get())!.n;
              }
              return target.batch(items as never);
            }
          : Reflect.get(target, name),
    });
    const place = { db: watching, bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, user, TEST_PASSWORD, { ip: ip(), devices: [] }, { batch: { rows: 2, posts: 2 } })).toEqual({ ok: true });
    expect(leftAtTheEnd).toBe(0);
    expect(await db().select().from(comments).where(eq(comments.userId, user.id)).all()).toEqual([]);
  });

  it("blocks and mutes either way and the member's shares go in parts too: none is left to the account's own statement, and the blocks' counts agree", async () => {
    const { user } = await member();
    const others = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    for (const other of others) {
      await db().insert(blocks).values([{ id: newId(), blockerId: user.id, blockedId: other.id }, { id: newId(), blockerId: other.id, blockedId: user.id }]);
      await db().insert(mutes).values([{ id: newId(), muterId: user.id, mutedId: other.id }, { id: newId(), muterId: other.id, mutedId: user.id }]);
      await db().insert(postShares).values({ id: newId(), postId: await createPost_(other.id), userId: user.id, platform: "twitter" });
    }
    const leftOf = async () => {
      const [blocked, muted, shared] = await db().batch([
        db().select({ n: count() }).from(blocks).where(or(eq(blocks.blockerId, user.id), eq(blocks.blockedId, user.id))),
        db().select({ n: count() }).from(mutes).where(or(eq(mutes.muterId, user.id), eq(mutes.mutedId, user.id))),
        db().select({ n: count() }).from(postShares).where(eq(postShares.userId, user.id)),
      ]);
      return [blocked[0]!.n, muted[0]!.n, shared[0]!.n];
    };
    expect(await leftOf()).toEqual([10, 10, 5]);
    const blocksCounts = async () =>
      (await db().select({ n: memberSettings.blocksCount }).from(memberSettings).where(inArray(memberSettings.userId, others.map((other) => other.id)))).map((row) => row.n);
    expect((await blocksCounts()).filter((n) => n > 0)).toHaveLength(others.length);
    let leftAtTheEnd: number[] | null = null;
    const watching = new Proxy(db(), {
      get: (target, name) =>
        name === "batch"
          ? async (items: { toSQL?: () => { sql: string } }[]) => {
              if (items.some((item) => item.toSQL?.().sql.startsWith('delete from "users"'))) leftAtTheEnd = await leftOf();
              return target.batch(items as never);
            }
          : Reflect.get(target, name),
    });
    const place = { db: watching, bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, user, TEST_PASSWORD, { ip: ip(), devices: [] }, { batch: { rows: 2, posts: 1 } })).toEqual({ ok: true });
    expect(leftAtTheEnd).toEqual([0, 0, 0]);
    expect((await blocksCounts()).every((n) => n === 0)).toBe(true);
  });

  it("the notifications quoting others' replies are found from each post's comment and mention rows, never by reading the table or a post's rows once per reply", async () => {
    const world = await busyMember();
    const { spy, captured } = capturingD1();
    const place = { db: getDb(spy), bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    expect(await deleteAccount(place, world.me.user, TEST_PASSWORD, { ip: ip(), devices: [] })).toEqual({ ok: true });
    const quoting = captured.find((statement) => statement.sql.startsWith('DELETE FROM "notifications"') && statement.sql.includes("WITH RECURSIVE thread"));
    expect(quoting).toBeDefined();
    const details = await planOf(quoting!);
    expect(details.some((d) => /SEARCH quoting USING INDEX notifications_post_type_idx \(related_post_id=\? AND type=\?\)/.test(d)), details.join("\n")).toBe(true);
    expect(details.filter((d) => /SEARCH (quoting|notifications) USING INDEX notifications_actor_idx/.test(d)), details.join("\n")).toEqual([]);
    expect(details.filter((d) => /^SCAN (notifications|comments|quoting|said|mine|reply)\b/.test(d)), details.join("\n")).toEqual([]);
  });

  // Joined as the member's other rows go (a batch of some twenty kinds' counts and deletes), or as the
  // blocks and mutes themselves are about to go (a batch of four kinds').
  it.each([
    ["as the member's rows go", (size: number) => size > 20],
    ["as the blocks go", (size: number) => size === 8],
  ] as const)("blocks and mutes stay when the account does: a community of the member's that someone joined meanwhile (%s) refuses the deletion before they go", async (_, moment) => {
    const { user } = await member();
    const [blocked, muter, joiner] = [await createUser(), await createUser(), await createUser()];
    await db().insert(blocks).values({ id: newId(), blockerId: user.id, blockedId: blocked.id });
    await db().insert(mutes).values({ id: newId(), muterId: muter.id, mutedId: user.id });
    const name = unique("Made meanwhile ");
    // Once the member's rows have started to go, a community of theirs (another tab's) gets a member.
    let joined = false;
    const watching = new Proxy(db(), {
      get: (target, property) =>
        property === "batch"
          ? async (items: unknown[]) => {
              if (!joined && moment(items.length)) {
                joined = true;
                const made = await createCommunity(db(), user.id, { name, description: undefined, isPrivate: false });
                if (!made.ok || !(await joinCommunity(db(), joiner.id, made.communityId)).ok) throw new Error("no community");
              }
              return target.batch(items as never);
            }
          : Reflect.get(target, property),
    });
    const place = { db: watching, bucket: env.MEDIA, config: readConfig(env), limiter: limiter() };
    const outcome = await deleteAccount(place, user, TEST_PASSWORD, { ip: ip(), devices: [] });
    expect(joined).toBe(true);
    expect(outcome).toMatchObject({ ok: false, status: 409, message: ACCOUNT_MESSAGES.ownsCommunities([name]) });
    expect(await db().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, user.id))).toHaveLength(1);
    expect(await db().select().from(mutes).where(eq(mutes.mutedId, user.id))).toHaveLength(1);
  });

  it("this browser's trusted-device cookie no longer names the deleted account; the others it signed in to stay trusted", async () => {
    const devices = new TrustedDevices({ secret: readConfig(env).cookieSecret, secure: false });
    const remembered = async (cookie: string) => (await devices.read(new Request(ORIGIN, { headers: { Cookie: cookie } }))).map((device) => device.u);
    const [kept, leaving] = [await createUser(), await createUser()];
    const first = await signInForm(kept.email, TEST_PASSWORD, ip());
    const second = await signInForm(leaving.email, TEST_PASSWORD, ip(), setCookie(first, "device"));
    const [bothDevice, session] = [setCookie(second, "device")!, setCookie(second, "session")!];
    expect(await remembered(bothDevice)).toEqual([leaving.id, kept.id]);

    const deleted = await accountPost(deleteForm(), `${session}; ${bothDevice}`);
    expect(deleted.status).toBe(302);
    const keptDevice = setCookie(deleted, "device")!;
    expect(await remembered(keptDevice)).toEqual([kept.id]);
    // Still trusted for the other account: once strangers' guesses used up its sign-ins, this browser still signs in.
    // (Its first sign-in above was one of them.)
    expect(await limiter().hit([subjects.account(kept.email)], "signIn", { count: RATE_LIMITS.signIn.max - 1 })).toEqual({ allowed: true });
    expect((await signInForm(kept.email, TEST_PASSWORD, ip())).status).toBe(429);
    expect((await signInForm(kept.email, TEST_PASSWORD, ip(), keptDevice)).status).toBe(302);

    // The last account it named: the cookie goes.
    const alone = await createUser();
    const signedIn = await signInForm(alone.email, TEST_PASSWORD, ip());
    const gone = await accountPost(deleteForm(), `${setCookie(signedIn, "session")}; ${setCookie(signedIn, "device")}`, { js: true });
    expect(gone.status).toBe(202);
    const cleared = gone.headers.getSetCookie().find((c) => c.startsWith("device="))!;
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await remembered(cleared.split(";")[0]!)).toEqual([]);
  });
});

const createPost_ = (userId: string) => composedPost(userId, unique("post "));

describe("deleting an account with subscriptions at Stripe", () => {
  const config: AppConfig = { ...readConfig(env), stripe: { secretKey: "sk_test_x", webhookSecret: "whsec_x" } };

  async function stripeWorld() {
    const me = await member();
    const [creator, fan] = [await createUser(), await createUser()];
    const month = new Date(Date.now() + 30 * TIME.DAY);
    const references = { paying: `sub_${crypto.randomUUID()}`, paidTo: `sub_${crypto.randomUUID()}`, badge: `sub_${crypto.randomUUID()}` };
    await db().insert(creatorSubscriptions).values([
      { id: newId(), subscriberId: me.user.id, subscribedToId: creator.id, amountCents: 499, expiresAt: month, provider: "stripe", providerReference: references.paying },
      { id: newId(), subscriberId: fan.id, subscribedToId: me.user.id, amountCents: 499, expiresAt: month, provider: "stripe", providerReference: references.paidTo },
    ]);
    await db().insert(verifiedSubscriptions).values({ id: newId(), userId: me.user.id, amountCents: 999, expiresAt: month, provider: "stripe", providerReference: references.badge });
    return { me, creator, fan, references };
  }

  const place = () => ({ db: db(), bucket: env.MEDIA, config, limiter: limiter() });
  const from = () => ({ ip: ip(), devices: [] });

  it("stops every renewal at Stripe first, both ways, then deletes; one Stripe no longer has counts as stopped", async () => {
    const { me, creator, references } = await stripeWorld();
    const calls: string[] = [];
    const stripe = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(`${init?.method} ${String(input)} ${String(init?.body)}`);
      return String(input).endsWith(references.badge) ? Response.json({ error: { code: "resource_missing" } }, { status: 404 }) : Response.json({ id: "sub", cancel_at_period_end: true });
    });
    try {
      expect(await deleteAccount(place(), me.user, TEST_PASSWORD, from())).toEqual({ ok: true });
    } finally {
      stripe.mockRestore();
    }
    expect(calls.sort()).toEqual(
      Object.values(references)
        .map((reference) => `POST https://api.stripe.com/v1/subscriptions/${reference} cancel_at_period_end=true`)
        .sort(),
    );
    expect(await rowsNaming(me.user.id, me.user.email)).toBe(0);
    expect((await db().select().from(users).where(eq(users.id, creator.id)).get())!.subscribersCount).toBe(0);
  });

  it("stops at Stripe the renewals the cron had yet to stop there (a creator who stopped offering just before: decision 123)", async () => {
    const { me, references } = await stripeWorld();
    // The member stopped offering: the renewal paid to them is stopped here, its stop at Stripe pending.
    await db()
      .update(creatorSubscriptions)
      .set({ cancelledAt: new Date(), stopPending: true })
      .where(eq(creatorSubscriptions.providerReference, references.paidTo));
    const calls: string[] = [];
    const stripe = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      calls.push(String(input));
      return Response.json({ id: "sub", cancel_at_period_end: true });
    });
    try {
      expect(await deleteAccount(place(), me.user, TEST_PASSWORD, from())).toEqual({ ok: true });
    } finally {
      stripe.mockRestore();
    }
    expect(calls).toContain(`https://api.stripe.com/v1/subscriptions/${references.paidTo}`);
  });

  it("when Stripe cannot be reached, nothing is deleted and the member is told to try again", async () => {
    const { me, fan } = await stripeWorld();
    const stripe = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ error: { message: "unavailable" } }, { status: 503 }));
    try {
      expect(await deleteAccount(place(), me.user, TEST_PASSWORD, from())).toEqual({ ok: false, status: 503, message: ACCOUNT_MESSAGES.subscriptionsNotStopped });
    } finally {
      stripe.mockRestore();
    }
    expect(await db().select().from(users).where(eq(users.id, me.user.id)).get()).toBeDefined();
    const running = await db()
      .select()
      .from(creatorSubscriptions)
      .where(and(eq(creatorSubscriptions.subscriberId, fan.id), eq(creatorSubscriptions.subscribedToId, me.user.id)))
      .get();
    expect(running).toMatchObject({ status: "active", cancelledAt: null });
    expect(await stillSignedIn(me.cookie)).toBe(true);
  });

  it("keeps each cancel Stripe confirmed when another fails: the next try asks only for the rest, then deletes", async () => {
    const { me, references } = await stripeWorld();
    const asked: string[] = [];
    const answer = (failing: string | null) => async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return failing && String(input).endsWith(failing) ? Response.json({ error: { message: "slow down" } }, { status: 429 }) : Response.json({ id: "sub", cancel_at_period_end: true });
    };
    const first = vi.spyOn(globalThis, "fetch").mockImplementation(answer(references.badge));
    try {
      expect(await deleteAccount(place(), me.user, TEST_PASSWORD, from())).toMatchObject({ ok: false, status: 503 });
    } finally {
      first.mockRestore();
    }
    expect(asked).toHaveLength(3);
    asked.length = 0;
    const second = vi.spyOn(globalThis, "fetch").mockImplementation(answer(null));
    try {
      expect(await deleteAccount(place(), me.user, TEST_PASSWORD, from())).toEqual({ ok: true });
    } finally {
      second.mockRestore();
    }
    expect(asked).toEqual([`https://api.stripe.com/v1/subscriptions/${references.badge}`]);
  });
});

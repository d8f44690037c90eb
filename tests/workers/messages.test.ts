import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { runRead, runReads } from "~/.server/db/reads";
import { blocks, conversationMembers, follows, memberSettings, messages, users } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { conversationCountsRead, conversationListRead, memberBadges, sendMessage, startConversation } from "~/.server/messages";
import { searchQueryOf } from "~/.server/posts/search";
import { shellReads } from "~/.server/shell";
import { ACTIVE_NOW_WITHIN_MS, ACTIVITY_RECORD_EVERY_MS, CONVERSATIONS_PAGE_SIZE, MESSAGE_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH, TIME } from "~/lib/constants";
import { INTENTS } from "~/lib/intents";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { capturingD1, createUser, db, fetchWorker, formPost, get, ORIGIN, planOf, sessionCookieFor, sessionViewerOf, toastOf } from "./helpers";
import { getDb } from "~/.server/db/client";

async function started(fromId: string, to: { username: string }) {
  const outcome = await startConversation(db(), fromId, to.username);
  if (!outcome.ok) throw new Error(outcome.message ?? "not started");
  return outcome.conversationId;
}

/** A message, then a few milliseconds: what is written next is newer, never at the same instant. */
async function write(conversationId: string, senderId: string, content: string) {
  const outcome = await sendMessage(db(), senderId, conversationId, { content, clientId: crypto.randomUUID() });
  await tick();
  return outcome;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/** The navigation badge as the shell reads it for the member's session. */
async function badge(userId: string) {
  const viewer = await sessionViewerOf(userId);
  const [member] = await runReads(db(), shellReads(db(), viewer.session));
  return member?.unreadMessages ?? 0;
}

describe("starting a conversation", () => {
  it("finds or makes the one conversation of a pair, whoever starts it, and never with oneself", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const first = await started(ana.id, ben);
    expect(await started(ben.id, ana)).toBe(first);
    const twice = await Promise.all([startConversation(db(), ana.id, ben.username.toUpperCase()), startConversation(db(), ben.id, ana.username)]);
    expect(twice.map((outcome) => outcome.ok && outcome.conversationId)).toEqual([first, first]);
    expect(await startConversation(db(), ana.id, ana.username)).toMatchObject({ ok: false, status: 400, message: DM_MESSAGES.notYourself });
    expect(await startConversation(db(), ana.id, "nobody-here-at-all")).toMatchObject({ ok: false, status: 404 });
  });

  it("lists a new conversation for its starter only until something is written; the other pressing Message lists it for both", async () => {
    const [ana, ben, cy] = [await createUser(), await createUser(), await createUser()];
    const listed = async (userId: string) => {
      const viewer = await sessionViewerOf(userId);
      const list = await runRead(conversationListRead(db(), viewer, "all", null, null));
      return { ids: list.conversations.map((row) => row.id), all: (await runRead(conversationCountsRead(db(), viewer))).all };
    };
    const withBen = await started(ana.id, ben);
    expect(await listed(ana.id)).toEqual({ ids: [withBen], all: 1 });
    expect(await listed(ben.id)).toEqual({ ids: [], all: 0 });
    // Ben presses Message on Ana's profile: the conversation is new to him, and now in both lists.
    expect(await startConversation(db(), ben.id, ana.username)).toMatchObject({ ok: true, conversationId: withBen, created: true });
    expect(await listed(ben.id)).toEqual({ ids: [withBen], all: 1 });
    expect(await startConversation(db(), ana.id, ben.username)).toMatchObject({ ok: true, conversationId: withBen, created: false });

    // Both pressing Message at the same moment: one conversation, in both lists.
    const [dee, eli] = [await createUser(), await createUser()];
    const [one, other] = await Promise.all([startConversation(db(), dee.id, eli.username), startConversation(db(), eli.id, dee.username)]);
    expect(one.ok && other.ok && one.conversationId === other.conversationId).toBe(true);
    expect((await listed(dee.id)).all).toBe(1);
    expect((await listed(eli.id)).all).toBe(1);

    const withCy = await started(ana.id, cy);
    expect(await listed(cy.id)).toEqual({ ids: [], all: 0 });
    await write(withCy, ana.id, "hello Cy");
    expect(await listed(cy.id)).toEqual({ ids: [withCy], all: 1 });
    expect(await badge(cy.id)).toBe(1);
  });

  it("honours the recipient's allowDirectMessages: everyone, following (people they follow) or none", async () => {
    const [writer, picky, closed] = [await createUser(), await createUser(), await createUser()];
    await db().update(memberSettings).set({ allowDirectMessages: "following" }).where(eq(memberSettings.userId, picky.id));
    await db().update(memberSettings).set({ allowDirectMessages: "none" }).where(eq(memberSettings.userId, closed.id));
    expect(await startConversation(db(), writer.id, closed.username)).toMatchObject({ ok: false, status: 403, message: DM_MESSAGES.notAccepting(closed.displayName) });
    expect(await startConversation(db(), writer.id, picky.username)).toMatchObject({ ok: false, status: 403, message: DM_MESSAGES.followersOnly(picky.displayName) });
    await db().insert(follows).values({ id: newId(), followerId: picky.id, followingId: writer.id });
    const conversationId = await started(writer.id, picky);
    expect((await write(conversationId, writer.id, "Thanks for the follow")).ok).toBe(true);
    // Changing their mind later stops new messages, with the reason.
    await db().update(memberSettings).set({ allowDirectMessages: "none" }).where(eq(memberSettings.userId, picky.id));
    expect(await write(conversationId, writer.id, "Still there?")).toMatchObject({ ok: false, status: 403, message: DM_MESSAGES.notAccepting(picky.displayName) });
    expect(await db().select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(1);
    // The conversation's page says so in place of 'Start a new message'; the other member can still write.
    const pageOf = async (memberId: string) => (await get(`/messages/${conversationId}`, { Cookie: await sessionCookieFor(memberId) })).text();
    const writers = await pageOf(writer.id);
    expect(writers).toContain(DM_MESSAGES.notAccepting(picky.displayName).replaceAll("'", "&#x27;"));
    expect(writers).not.toContain(`name="content"`);
    expect(await pageOf(picky.id)).toContain(`name="content"`);
  });

  it("over HTTP: opens the conversation with 'Started conversation with {name}' (an existing one without), or says why not", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const cookie = await sessionCookieFor(ana.id);
    const answer = await fetchWorker(formPost("/messages", { intent: "conversation-start", username: ben.username, returnTo: `/profile/${ben.username}` }, { Cookie: cookie }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/messages\/[0-9A-Z]{26}$/);
    expect(toastOf(answer)).toBe(DM_MESSAGES.started(ben.displayName));
    // Pressing Message again opens the same conversation; nothing was started, so no toast says so.
    const again = await fetchWorker(formPost("/messages", { intent: "conversation-start", username: ben.username, returnTo: `/profile/${ben.username}` }, { Cookie: cookie }));
    expect(again.headers.get("Location")).toBe(answer.headers.get("Location"));
    expect(toastOf(again)).toBeNull();
    const self = await fetchWorker(formPost("/messages", { intent: "conversation-start", username: ana.username, returnTo: `/profile/${ana.username}` }, { Cookie: cookie }));
    expect(self.headers.get("Location")).toBe(`/profile/${ana.username}`);
    expect(toastOf(self)).toBe(DM_MESSAGES.notYourself);
  });
});

describe("sending", () => {
  it("refuses anyone but the participants, and empty or too long messages, storing nothing", async () => {
    const [ana, ben, eve] = [await createUser(), await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    expect(await write(conversationId, eve.id, "Let me in")).toMatchObject({ ok: false, status: 404 });
    const eveCookie = await sessionCookieFor(eve.id);
    const refused = await fetchWorker(formPost(`/messages/${conversationId}/send`, { intent: "message-send", content: "hi", clientId: "abc" }, { Cookie: eveCookie }));
    expect(refused.status).toBe(404);
    const cookie = await sessionCookieFor(ana.id);
    for (const [content, message] of [
      ["   ", DM_MESSAGES.contentRequired],
      ["x".repeat(MESSAGE_MAX_LENGTH + 1), DM_MESSAGES.tooLong(MESSAGE_MAX_LENGTH)],
    ] as const) {
      const answer = await fetchWorker(formPost(`/messages/${conversationId}/send`, { intent: "message-send", content, clientId: crypto.randomUUID() }, { Cookie: cookie }));
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(message);
    }
    // A client id that is not one of ours is refused, not stored.
    const odd = await fetchWorker(formPost(`/messages/${conversationId}/send`, { intent: "message-send", content: "hi", clientId: "<script>" }, { Cookie: cookie }));
    expect(odd.status).toBe(400);
    expect(await db().select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
  });

  it("without JavaScript (the form posts to the page), comes back to the conversation, where the message is shown escaped", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    const cookie = await sessionCookieFor(ana.id);
    const answer = await fetchWorker(formPost(`/messages/${conversationId}`, { intent: "message-send", content: "<b>bold</b> & true", clientId: crypto.randomUUID() }, { Cookie: cookie }));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/messages/${conversationId}`);
    const page = await (await get(`/messages/${conversationId}`, { Cookie: cookie })).text();
    expect(page).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; true");
    expect(page).not.toContain("<b>bold</b>");
  });

  it("without JavaScript, a refused message comes back in the field under its refusal; another member's post is refused", async () => {
    const [ana, ben, eve] = [await createUser(), await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    const cookie = await sessionCookieFor(ana.id);
    const draft = `<i>${"y".repeat(MESSAGE_MAX_LENGTH)}</i>`;
    const answer = await fetchWorker(formPost(`/messages/${conversationId}`, { intent: "message-send", content: draft, clientId: crypto.randomUUID() }, { Cookie: cookie }));
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain(DM_MESSAGES.tooLong(MESSAGE_MAX_LENGTH));
    expect(page).toContain(`&lt;i&gt;${"y".repeat(MESSAGE_MAX_LENGTH)}&lt;/i&gt;</textarea>`);
    const intruder = await fetchWorker(formPost(`/messages/${conversationId}`, { intent: "message-send", content: "Let me in", clientId: crypto.randomUUID() }, { Cookie: await sessionCookieFor(eve.id) }));
    expect(intruder.status).toBe(404);
    expect(await intruder.text()).not.toContain("Let me in");
    // A body that is not a form: 400, never an error page of 500.
    for (const [body, type] of [[JSON.stringify({ intent: "message-send", content: "hi" }), "application/json"], ["content=hi", "text/plain"]] as const) {
      const odd = await fetchWorker(
        new Request(`${ORIGIN}/messages/${conversationId}`, { method: "POST", body, headers: { Origin: ORIGIN, Host: "localhost", Cookie: cookie, "Content-Type": type }, redirect: "manual" }),
      );
      expect(odd.status, type).toBe(400);
    }
    // A session that has ended: to sign-in and back, told why.
    const signedOut = await fetchWorker(formPost(`/messages/${conversationId}`, { intent: "message-send", content: "Still here?", clientId: crypto.randomUUID() }));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/auth?${new URLSearchParams({ returnTo: `/messages/${conversationId}` })}`);
    expect(toastOf(signedOut)).toBe(INTENTS["message-send"].signIn);
    expect(await db().select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
  });
});

describe("unread messages", () => {
  it("count conversations in the badge, and opening one marks it read (the sender's 'Seen')", async () => {
    const [ana, ben, cy] = [await createUser(), await createUser(), await createUser()];
    const withBen = await started(ana.id, ben);
    const withCy = await started(cy.id, ana);
    await write(withBen, ben.id, "one");
    await write(withBen, ben.id, "two");
    await write(withCy, cy.id, "three");
    await write(withCy, ana.id, "my own is never unread for me");
    expect(await badge(ana.id)).toBe(2);
    expect(await badge(ben.id)).toBe(0);
    const rows = await db().select().from(conversationMembers).where(eq(conversationMembers.userId, ana.id));
    expect(Object.fromEntries(rows.map((row) => [row.conversationId, row.unreadCount]))).toEqual({ [withBen]: 2, [withCy]: 1 });

    // Opening it (a plain GET, as without JavaScript) marks Ben's messages read; the page's badge already says so.
    const page = await get(`/messages/${withBen}`, { Cookie: await sessionCookieFor(ana.id) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('aria-label="1 unread conversation"');
    expect(await badge(ana.id)).toBe(1);
    const read = await db().select({ isRead: messages.isRead }).from(messages).where(eq(messages.conversationId, withBen));
    expect(read.every((row) => row.isRead)).toBe(true);
    // A participant's own messages show 'Seen' once read.
    expect(await (await get(`/messages/${withBen}`, { Cookie: await sessionCookieFor(ben.id) })).text()).toContain("Seen");
  });

  it("count in the badge only while the member's Direct Messages setting is on; the list marks them unread either way", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const conversationId = await started(ben.id, ana);
    await write(conversationId, ben.id, "are you there?");
    const cookie = await sessionCookieFor(ana.id);
    // Off through the real form: the shell's badge and the member room's count (memberBadges) say nothing.
    const saved = await fetchWorker(formPost("/settings/notifications", { intent: "notification-settings", likes: "on", returnTo: "/settings/notifications" }, { Cookie: cookie }));
    expect(saved.status).toBe(302);
    expect(await badge(ana.id)).toBe(0);
    expect((await memberBadges(db(), ana.id)).messages).toBe(0);
    const list = await get("/messages", { Cookie: cookie });
    const html = await list.text();
    expect(html).not.toContain('aria-label="1 unread conversation"');
    const [row] = (await runRead(conversationListRead(db(), await sessionViewerOf(ana.id), "all", null, null))).conversations;
    expect(row?.unread).toBe(1);
    // On again: counted.
    await db().update(memberSettings).set({ notifyDirectMessages: true }).where(eq(memberSettings.userId, ana.id));
    expect(await badge(ana.id)).toBe(1);
    expect((await memberBadges(db(), ana.id)).messages).toBe(1);
    expect(await (await get("/bookmarks", { Cookie: cookie })).text()).toContain('aria-label="1 unread conversation"');
  });

  it("the shell still reads the badge in the session's one statement (the setting is a probe of its row's key)", async () => {
    const { spy, captured } = capturingD1();
    const viewer = await sessionViewerOf((await createUser()).id);
    await runReads(getDb(spy), shellReads(getDb(spy), viewer.session));
    const member = captured.find((statement) => statement.sql.includes("shell_unread_messages"))!;
    const plan = (await planOf(member)).join("\n");
    expect(plan).toMatch(/member_settings USING INDEX sqlite_autoindex_member_settings_1/);
    expect(plan).toMatch(/USING (COVERING )?INDEX conversation_members_unread_idx/);
    expect(plan).not.toMatch(/SCAN (member_settings|conversation_members)\b/);
  });

  it("a conversation that is not yours is a 404, and reads nothing", async () => {
    const [ana, ben, eve] = [await createUser(), await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    await write(conversationId, ana.id, "private words");
    const page = await get(`/messages/${conversationId}`, { Cookie: await sessionCookieFor(eve.id) });
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("private words");
    const unknown = await get(`/messages/not-a-conversation`, { Cookie: await sessionCookieFor(eve.id) });
    expect(unknown.status).toBe(404);
    const visitor = await get(`/messages/${conversationId}`);
    expect(visitor.status).toBe(302);
  });
});

describe("the conversation list", () => {
  it("lists newest message first with 'You: ' previews, filters Verified Only with counts, searches names and words", async () => {
    const me = await createUser();
    const plain = await createUser({ displayName: "Plain Person" });
    const verified = await createUser({ displayName: "Checked Person", verifiedType: "user" });
    const quiet = await createUser({ displayName: "Quiet Person" });
    const toPlain = await started(me.id, plain);
    const toVerified = await started(verified.id, me);
    const toQuiet = await started(me.id, quiet);
    await tick();
    await write(toPlain, plain.id, "about the zebra crossing");
    await write(toVerified, me.id, "see you at noon");
    const viewer = await sessionViewerOf(me.id);
    const all = await runRead(conversationListRead(db(), viewer, "all", null, null));
    // Newest first: the verified one had the last message; a conversation without messages lists by when it began.
    expect(all.conversations.map((row) => row.id)).toEqual([toVerified, toPlain, toQuiet]);
    expect(all.conversations[0]!.last).toEqual({ content: "see you at noon", mine: true });
    expect(all.conversations[1]).toMatchObject({ unread: 1, last: { content: "about the zebra crossing", mine: false } });
    expect(all.conversations[2]!.last).toBeNull();
    expect(await runRead(conversationCountsRead(db(), viewer))).toEqual({ all: 3, verified: 1 });
    const onlyVerified = await runRead(conversationListRead(db(), viewer, "verified", null, null));
    expect(onlyVerified.conversations.map((row) => row.id)).toEqual([toVerified]);
    for (const [term, expected] of [
      ["zebra", [toPlain]],
      ["quiet", [toQuiet]],
      ["PERSON", [toVerified, toPlain, toQuiet]],
      ["100%", []],
      // A username as each row shows it, with its '@' (decision 106); '@' alone is no username.
      [`@${quiet.username}`, [toQuiet]],
      [`@${quiet.username.toUpperCase()}`, [toQuiet]],
      [`@${quiet.username}zz`, []],
      ["@", []],
    ] as const) {
      const found = await runRead(conversationListRead(db(), viewer, "all", term, null));
      expect(found.conversations.map((row) => row.id), term).toEqual(expected);
    }
  });

  it("searches with terms of any length, taking % and _ literally, and folding letters both as SQLite and as JavaScript do", async () => {
    const me = await createUser();
    const emile = await createUser({ displayName: "Émile Zola" });
    const other = await createUser({ displayName: "Someone Else" });
    const toEmile = await started(me.id, emile);
    await started(me.id, other);
    const long = `${"a long message that goes on ".repeat(4)}with 100% of snake_case words, from émile`;
    expect((await write(toEmile, emile.id, long)).ok).toBe(true);
    const viewer = await sessionViewerOf(me.id);
    for (const [term, expected] of [
      // Longer than the 50 bytes D1 allows a LIKE pattern.
      [long.slice(-SEARCH_QUERY_MAX_LENGTH), [toEmile]],
      ["100%", [toEmile]],
      ["snake_case", [toEmile]],
      ["snake%case", []],
      ["Émile", [toEmile]],
      ["ÉMILE ZOLA", [toEmile]],
      // Folded as JavaScript folds: the message's 'émile'.
      ["FROM ÉMILE", [toEmile]],
      [`${"é".repeat(40)}`, []],
    ] as const) {
      const found = await runRead(conversationListRead(db(), viewer, "all", term, null));
      expect(found.conversations.map((row) => row.id), term).toEqual(expected);
    }
    // A term cut at its length keeps an emoji at the cut whole, and still finds the message.
    const emoji = `${"b".repeat(SEARCH_QUERY_MAX_LENGTH - 1)}😀 and more`;
    expect((await write(toEmile, emile.id, emoji)).ok).toBe(true);
    const cut = searchQueryOf(emoji);
    expect(cut).toBe(`${"b".repeat(SEARCH_QUERY_MAX_LENGTH - 1)}😀`);
    expect((await runRead(conversationListRead(db(), viewer, "all", cut, null))).conversations.map((row) => row.id)).toEqual([toEmile]);
  });

  it("pages by keyset without repeats, and reads one member's rows by index", async () => {
    const me = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < CONVERSATIONS_PAGE_SIZE + 3; i++) {
      const other = await createUser();
      const conversationId = await started(other.id, me);
      await write(conversationId, other.id, `hello ${i}`);
      ids.push(conversationId);
    }
    const viewer = await sessionViewerOf(me.id);
    const first = await runRead(conversationListRead(db(), viewer, "all", null, null));
    expect(first.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    const second = await runRead(conversationListRead(db(), viewer, "all", null, first.nextCursor));
    expect(second.nextCursor).toBeNull();
    expect([...first.conversations, ...second.conversations].map((row) => row.id)).toEqual([...ids].reverse());
    // The plan: the member's inbox rows by their index, never a scan of conversations or messages.
    const { spy, captured } = capturingD1();
    await runRead(conversationListRead(getDb(spy), viewer, "all", null, first.nextCursor));
    const plan = (await planOf(captured[0]!)).join("\n");
    expect(plan).toMatch(/conversation_members USING (COVERING )?INDEX conversation_members_list_idx/);
    expect(plan).not.toMatch(/SCAN (messages|conversations|conversation_members)\b/);
  });
});

describe("the inbox triggers", () => {
  it("find a conversation's two inbox rows by index, never a scan of every inbox", async () => {
    const plan = (await planOf({ sql: "UPDATE conversation_members SET unread_count = unread_count + 1 WHERE conversation_id = ?", params: ["x"] })).join("\n");
    expect(plan).toMatch(/conversation_members USING INDEX conversation_members_conversation_idx/);
  });
});

describe("a member who is deleted", () => {
  it("takes their conversations from the other's list", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    await write(conversationId, ben.id, "bye");
    await db().delete(users).where(eq(users.id, ben.id));
    const list = await runRead(conversationListRead(db(), await sessionViewerOf(ana.id), "all", null, null));
    expect(list.conversations).toEqual([]);
  });
});

describe("activity status (decision 076)", () => {
  /** A page as the member's browser asks for it, its after-the-answer work (recording activity) awaited. */
  async function visit(path: string, cookie: string) {
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, { headers: { Host: new URL(ORIGIN).host, Cookie: cookie }, redirect: "manual" });
    const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], env, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return html;
  }

  const lastActiveOf = async (id: string) => (await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, id)).get())!.at?.getTime() ?? null;
  const setLastActive = (id: string, at: number | null) => db().update(users).set({ lastActiveAt: at === null ? null : new Date(at) }).where(eq(users.id, id));
  const setShowActivity = (id: string, on: boolean) => db().update(memberSettings).set({ showActivity: on }).where(eq(memberSettings.userId, id));
  const activityLine = (html: string) => html.match(/>(Active [^<]+)</)?.[1] ?? null;

  it("a member's requests record when they were last active, at most once an ACTIVITY_RECORD_EVERY_MS", async () => {
    const ana = await createUser();
    const cookie = await sessionCookieFor(ana.id);
    expect(await lastActiveOf(ana.id)).toBeNull();
    const before = Date.now();
    await visit("/bookmarks", cookie);
    const first = await lastActiveOf(ana.id);
    expect(first).toBeGreaterThanOrEqual(before);
    // Recorded a moment ago: the next pages write nothing.
    const recent = Date.now() - ACTIVITY_RECORD_EVERY_MS / 2;
    await setLastActive(ana.id, recent);
    await visit("/bookmarks", cookie);
    expect(await lastActiveOf(ana.id)).toBe(recent);
    // Once the interval has passed, written again.
    await setLastActive(ana.id, Date.now() - ACTIVITY_RECORD_EVERY_MS - 1);
    const again = Date.now();
    await visit("/bookmarks", cookie);
    expect(await lastActiveOf(ana.id)).toBeGreaterThanOrEqual(again);
  });

  it("activity is recorded only while the member shares it; turning it off forgets it (decision 082)", async () => {
    const ana = await createUser();
    const cookie = await sessionCookieFor(ana.id);
    await setShowActivity(ana.id, false);
    await visit("/bookmarks", cookie);
    expect(await lastActiveOf(ana.id)).toBeNull();
    await setShowActivity(ana.id, true);
    await visit("/bookmarks", cookie);
    expect(await lastActiveOf(ana.id)).not.toBeNull();
    // Turned off in Privacy & Safety: the time goes with it.
    const saved = await fetchWorker(
      formPost("/settings/privacy", { intent: "privacy-settings", profileVisibility: "public", postVisibility: "public", allowDirectMessages: "everyone", returnTo: "/settings/privacy" }, { Cookie: cookie }),
    );
    expect(saved.status).toBe(302);
    expect((await db().select({ show: memberSettings.showActivity }).from(memberSettings).where(eq(memberSettings.userId, ana.id)).get())?.show).toBe(false);
    expect(await lastActiveOf(ana.id)).toBeNull();
  });

  it("a conversation's header shows when the other member was last active, once they have written in it, only while both share their activity status", async () => {
    const [ana, ben] = [await createUser(), await createUser()];
    const conversationId = await started(ana.id, ben);
    const cookie = await sessionCookieFor(ana.id);
    const open = async () => activityLine(await visit(`/messages/${conversationId}`, cookie));
    // Pressing Message tells Ana nothing about Ben, however recent, while he has not written to her
    // (decision 082: "people you message"); her own message changes nothing.
    await setLastActive(ben.id, Date.now() - ACTIVE_NOW_WITHIN_MS / 2);
    expect(await open()).toBeNull();
    await write(conversationId, ana.id, "Are you there?");
    expect(await open()).toBeNull();
    await write(conversationId, ben.id, "Yes");
    expect(await open()).toBe("Active now");
    // Not seen since Murmur began recording it: nothing to say.
    await setLastActive(ben.id, null);
    expect(await open()).toBeNull();
    await setLastActive(ben.id, Date.now() - ACTIVE_NOW_WITHIN_MS / 2);
    expect(await open()).toBe("Active now");
    await setLastActive(ben.id, Date.now() - 3 * TIME.HOUR - TIME.MINUTE);
    expect(await open()).toBe("Active 3h ago");
    await setLastActive(ben.id, Date.UTC(2024, 0, 4, 12));
    expect(await open()).toBe("Active Jan 4, 2024");
    await setLastActive(ben.id, Date.now() - 10 * TIME.MINUTE);
    expect(await open()).toBe("Active 10m ago");
    // Ben hides his: Ana sees nothing.
    await setShowActivity(ben.id, false);
    expect(await open()).toBeNull();
    // Ana hides hers: she sees no one's, Ben's either.
    await setShowActivity(ben.id, true);
    await setShowActivity(ana.id, false);
    expect(await open()).toBeNull();
    // And Ben, who shares his, does not see hers.
    await setShowActivity(ana.id, true);
    expect(await open()).toBe("Active 10m ago");
    await setShowActivity(ana.id, false);
    expect(activityLine(await visit(`/messages/${conversationId}`, await sessionCookieFor(ben.id)))).toBeNull();
    // A block between them, either way, ends it for both (decision 120): the conversation stays readable.
    await setShowActivity(ana.id, true);
    await write(conversationId, ana.id, "Still there?");
    const benSees = async () => activityLine(await visit(`/messages/${conversationId}`, await sessionCookieFor(ben.id)));
    expect(await benSees()).not.toBeNull();
    for (const [blockerId, blockedId] of [[ben.id, ana.id], [ana.id, ben.id]] as const) {
      await db().insert(blocks).values({ id: newId(), blockerId, blockedId, createdAt: new Date() });
      expect(await open()).toBeNull();
      expect(await benSees()).toBeNull();
      await db().delete(blocks).where(eq(blocks.blockerId, blockerId));
    }
    // Unblocked, it shows again (Ben's own visits above were recorded).
    expect(await open()).toBe("Active now");
  });
});

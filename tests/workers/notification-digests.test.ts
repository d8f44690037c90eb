import { env } from "cloudflare:workers";
import { eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, memberSettings, notifications } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { readConfig } from "~/.server/env";
import { firstIdAt } from "~/.server/ids";
import { createOutboxMailer, MailError, type Mailer } from "~/.server/mail";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { sendNotificationDigests } from "~/.server/notification-digests";
import { unsubscribeToken } from "~/.server/unsubscribe";
import { setLike } from "~/.server/posts/interactions";
import { DIGEST_BATCH, DIGEST_ITEMS, DIGEST_PERIOD_MS, TIME } from "~/lib/constants";
import { getDb } from "~/.server/db/client";
import { capturingD1, createPost, createUser, db, fetchWorker, planOf } from "./helpers";

/**
 * Email Notifications (spec document 2 §3; decision 076): a digest of new unread notifications, at
 * most once a DIGEST_PERIOD_MS, through the Mailer (the outbox here, as in the cron). The database is
 * shared with other files' tests, whose members may have e-mail on: each test first lets every digest
 * due at its start go (`drain`), so what it counts is its own.
 */

const ORIGIN = "https://murmur.test";

/** The cron signs each digest's unsubscribe link with the cookie secret (decision 085). */
const secret = () => readConfig(env).cookieSecret;

function run(now: number, mailer: Mailer = createOutboxMailer(db())) {
  return sendNotificationDigests(db(), mailer, { origin: ORIGIN, now, secret: secret() });
}

/** Runs the job until every digest due at `now` is checked (a run checks DIGEST_BATCH at most). */
async function drain(now: number) {
  while ((await run(now)).checked === DIGEST_BATCH);
}

async function withEmail(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  await db().update(memberSettings).set({ emailNotifications: true }).where(eq(memberSettings.userId, user.id));
  return user;
}

const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(emailOutbox.id);

/** A moment later than every notification written so far (their ids carry D1's clock, ms). */
async function later() {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return Date.now();
}

describe("the notification digest", () => {
  it("the cron e-mails a member with Email Notifications on their new unread notifications once, with a link to /notifications, and not again within the period", async () => {
    await drain(Date.now());
    const author = await withEmail({ displayName: "Author Ada" });
    const [fan, liker] = [await createUser({ displayName: "Fan Fred" }), await createUser({ displayName: "Liker Lou" })];
    const post = await createPost(author.id);
    await setFollow(db(), fan.id, author.id, true);
    await setLike(db(), liker.id, post.id, true);
    const first = await later();

    await runScheduledMaintenance(env, first, { all: false });
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("2 new notifications on Murmur");
    const text = mails[0]!.textBody;
    expect(text).toContain("Hi Author Ada,");
    expect(text).toContain(`- Liker Lou (@${liker.username}) liked your post`);
    expect(text).toContain(`- Fan Fred (@${fan.username}) followed you`);
    expect(text).toContain(`See them all: ${readLink()}`);

    // Within the period: nothing more, even with something new.
    await setFollow(db(), liker.id, author.id, true);
    await runScheduledMaintenance(env, (await later()) + TIME.MINUTE, { all: false });
    await runScheduledMaintenance(env, first + DIGEST_PERIOD_MS - 1, { all: false });
    expect(await mailsTo(author.email)).toHaveLength(1);

    // A period later: one more, with only what is new since the first (Fan Fred's follow is still unread).
    await drain(first + DIGEST_PERIOD_MS);
    const after = await mailsTo(author.email);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe("1 new notification on Murmur");
    expect(after[1]!.textBody).toContain(`- Liker Lou (@${liker.username}) followed you`);
    expect(after[1]!.textBody).not.toContain("Fan Fred");

    // The same run again (a retried cron), or the next with nothing new: no mail.
    await drain(first + DIGEST_PERIOD_MS);
    await drain(first + 2 * DIGEST_PERIOD_MS);
    expect(await mailsTo(author.email)).toHaveLength(2);
  });

  it("names each member by their display name and @username, so a name cannot pass for Murmur", async () => {
    await drain(Date.now());
    const author = await withEmail();
    const impostor = await createUser({ displayName: "Murmur Safety: verify at https://evil.example" });
    await setFollow(db(), impostor.id, author.id, true);
    await drain(await later());
    const [mail] = await mailsTo(author.email);
    expect(mail!.textBody.split("\n")).toContain(`- Murmur Safety: verify at https://evil.example (@${impostor.username}) followed you`);
  });

  it("carries a link that stops it without signing in, in its text and in List-Unsubscribe with one-click (RFC 8058), which the outbox keeps", async () => {
    await drain(Date.now());
    const author = await withEmail();
    await setFollow(db(), (await createUser()).id, author.id, true);
    await drain(await later());
    const [mail] = await mailsTo(author.email);
    const link = new RegExp(`^Not your account, or no time to sign in\\? Stop these e-mails here: (${ORIGIN}/unsubscribe\\?t=[\\w.-]+)$`, "m").exec(mail!.textBody)?.[1];
    expect(link).toBeDefined();
    expect(link).toBe(`${ORIGIN}/unsubscribe?t=${await unsubscribeToken(secret(), author)}`);
    expect(mail!.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // The provider's one-click POST to it (the test worker answers at localhost) turns the digest off.
    const { pathname, search } = new URL(link!);
    const oneClick = await fetchWorker(
      new Request(`http://localhost${pathname}${search}`, {
        method: "POST",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
        headers: { Host: "localhost", "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(oneClick.status).toBe(200);
    const settings = await db().select().from(memberSettings).where(eq(memberSettings.userId, author.id)).get();
    expect(settings!.emailNotifications).toBe(false);
  });

  it("goes only to members with Email Notifications on, lists what their per-type toggles let be made, skips what they read, and sends nothing when nothing is new", async () => {
    await drain(Date.now());
    const off = await createUser();
    const noLikes = await withEmail();
    await db().update(memberSettings).set({ notifyLikes: false }).where(eq(memberSettings.userId, noLikes.id));
    const quiet = await withEmail();
    const allRead = await withEmail();
    const fan = await createUser({ displayName: "Fan Flo" });
    for (const member of [off, noLikes, allRead]) {
      await setFollow(db(), fan.id, member.id, true);
      await setLike(db(), fan.id, (await createPost(member.id)).id, true);
    }
    await db().update(notifications).set({ isRead: true }).where(eq(notifications.userId, allRead.id));

    await drain(await later());
    expect(await mailsTo(off.email)).toHaveLength(0);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    expect(await mailsTo(allRead.email)).toHaveLength(0);
    const [mail] = await mailsTo(noLikes.email);
    expect(mail?.textBody).toContain(`- Fan Flo (@${fan.username}) followed you`);
    expect(mail?.textBody).not.toContain("liked");
  });

  it(`lists at most ${DIGEST_ITEMS} items, then 'and more'`, async () => {
    await drain(Date.now());
    const author = await withEmail();
    for (let i = 0; i <= DIGEST_ITEMS; i++) await setFollow(db(), (await createUser()).id, author.id, true);
    await drain(await later());
    const [mail] = await mailsTo(author.email);
    expect(mail!.subject).toBe(`${DIGEST_ITEMS}+ new notifications on Murmur`);
    expect(mail!.textBody.match(/^- /gm)).toHaveLength(DIGEST_ITEMS);
    expect(mail!.textBody).toContain("…and more.");
  });

  it(`checks at most ${DIGEST_BATCH} members a run, each mailed once however many runs it takes`, async () => {
    await drain(Date.now());
    const fan = await createUser();
    const members: Awaited<ReturnType<typeof withEmail>>[] = [];
    for (let i = 0; i < DIGEST_BATCH + 3; i++) members.push(await withEmail());
    for (const member of members) await setFollow(db(), fan.id, member.id, true);
    const now = await later();
    const sentFrom = firstIdAt(now - TIME.MINUTE);

    expect(await run(now)).toEqual({ checked: DIGEST_BATCH, sent: DIGEST_BATCH });
    expect(await run(now)).toEqual({ checked: 3, sent: 3 });
    expect(await run(now)).toEqual({ checked: 0, sent: 0 });
    const outbox = await db().select({ to: emailOutbox.toAddress }).from(emailOutbox).where(gte(emailOutbox.id, sentFrom));
    const ours = outbox.filter((mail) => members.some((member) => member.email === mail.to));
    expect(ours).toHaveLength(members.length);
    expect(new Set(ours.map((mail) => mail.to)).size).toBe(members.length);
  });

  it("a mail that fails goes again at the next run, and only it: the others are not sent twice", async () => {
    await drain(Date.now());
    const fan = await createUser();
    const [ana, ben, cy] = [await withEmail(), await withEmail(), await withEmail()];
    for (const member of [ana, ben, cy]) await setFollow(db(), fan.id, member.id, true);
    const now = await later();
    const outbox = createOutboxMailer(db());
    const failingForBen: Mailer = {
      send: (message) => (message.to === ben.email ? Promise.reject(new Error("the provider is down")) : outbox.send(message)),
    };
    await expect(run(now, failingForBen)).rejects.toThrow("1 of 3 notification digests were not sent");
    expect((await mailsTo(ana.email)).length + (await mailsTo(cy.email)).length).toBe(2);
    expect(await mailsTo(ben.email)).toHaveLength(0);
    const benRow = await db().select().from(memberSettings).where(eq(memberSettings.userId, ben.id)).get();
    expect(benRow!.emailDigestThrough).toBe(0);

    expect(await run(now)).toEqual({ checked: 1, sent: 1 });
    for (const member of [ana, ben, cy]) expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it("a provider that asks to slow down (429) is not asked again this run: every digest not sent goes at the next", async () => {
    await drain(Date.now());
    const fan = await createUser();
    const members = [await withEmail(), await withEmail(), await withEmail()];
    for (const member of members) await setFollow(db(), fan.id, member.id, true);
    const now = await later();
    let asked = 0;
    const busy: Mailer = {
      send: () => {
        asked += 1;
        return Promise.reject(new MailError(429, "The mail provider answered 429"));
      },
    };
    await expect(run(now, busy)).rejects.toThrow("3 of 3 notification digests were not sent");
    expect(asked).toBe(1);
    expect(await run(now)).toEqual({ checked: 3, sent: 3 });
    for (const member of members) expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it("reads the due members from their index and each member's new items as a range of theirs, never a scan", async () => {
    await drain(Date.now());
    const author = await withEmail();
    await setFollow(db(), (await createUser()).id, author.id, true);
    const { spy, captured } = capturingD1();
    await sendNotificationDigests(getDb(spy), createOutboxMailer(db()), { origin: ORIGIN, now: await later(), secret: secret() });
    const due = captured.find((statement) => /^select/i.test(statement.sql) && statement.sql.includes('"member_settings"'))!;
    const items = captured.find((statement) => /^select/i.test(statement.sql) && statement.sql.includes('"notifications"'))!;
    expect((await planOf(due)).join("\n")).toMatch(/member_settings USING INDEX member_settings_digest_idx \(email_digest_through<\?\)/);
    const itemsPlan = (await planOf(items)).join("\n");
    expect(itemsPlan).toMatch(/notifications USING INDEX notifications_heads_idx \(user_id=\? AND id>\? AND id<\?\)/);
    expect(itemsPlan).not.toMatch(/SCAN|TEMP B-TREE/);
  });
});

/** The cron builds its links from the site's own address (APP_ORIGIN). */
const readLink = () => `${readConfig(env).origin}/notifications`;

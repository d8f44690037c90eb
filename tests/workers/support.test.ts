import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { emailOutbox, supportRequests, users } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { subjects } from "~/.server/limits";
import { createOutboxMailer, MailError } from "~/.server/mail";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { deleteOldSupportRequests, mailSupportRequests, sendSupportRequest } from "~/.server/support";
import { RATE_LIMITS, TEAM_MAIL_BATCH, TEAM_MAIL_CLAIM_STALE_MS, TEAM_MAIL_RETRY_AFTER_MS, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_REQUEST_RETENTION_MS, TIME } from "~/lib/constants";
import { SUPPORT_MESSAGES } from "~/lib/texts/support";
import { unique } from "../fixtures/factories";
import { createUser, db, deployedEnv, expectRetentionInBatches, fetchWorker, formPost, get, limiter, member, toastOf, keepingMailer } from "./helpers";

/**
 * Contact support in the Help Center (decision 078), the verified badge's Priority Support: a member's
 * message is stored once per send, with priority when they hold the badge, answered in both modes,
 * refused with the form's own texts when odd, limited; the team's mail goes once, priority first,
 * and one that failed goes again with the cron.
 */

const form = (fields: Record<string, string>, returnTo?: string) => ({
  intent: "support-request",
  topic: "account",
  message: "I cannot change my e-mail address.",
  ...fields,
  ...(returnTo ? { returnTo } : {}),
});

const requestsOf = (userId: string) => db().select().from(supportRequests).where(eq(supportRequests.userId, userId)).orderBy(supportRequests.id).all();

describe("contact support: the form", () => {
  it("stores the message (no priority without the badge); with JavaScript the answer is data and the form empties, without it a redirect with the toast", async () => {
    const { user, cookie } = await member();
    const fetched = await fetchWorker(formPost("/settings/help.data", form({ clientId: unique("send-") }), { Cookie: cookie }));
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toContain(SUPPORT_MESSAGES.sent(user.email));
    const posted = await fetchWorker(formPost("/settings/help", form({ topic: "problem", message: "The feed\n\nis empty." }, "/settings/help"), { Cookie: cookie }));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/settings/help");
    expect(toastOf(posted)).toBe(SUPPORT_MESSAGES.sent(user.email));
    expect((await requestsOf(user.id)).map(({ topic, message, priority }) => ({ topic, message, priority }))).toEqual([
      { topic: "account", message: "I cannot change my e-mail address.", priority: false },
      { topic: "problem", message: "The feed\n\nis empty.", priority: false },
    ]);
    // The team's mail went after the answer, to the local SUPPORT_EMAIL (the outbox).
    const to = readConfig(env).supportEmail!;
    await vi.waitFor(async () => {
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).all();
      expect(mails.filter((mail) => mail.textBody.includes(`<${user.email}>`)).map((mail) => mail.subject).sort()).toEqual([
        "Support: Account and sign-in",
        "Support: Something isn't working",
      ]);
    });
    // The Help Center lists them, newest first, in the session's one round trip; another member's never.
    const page = await get("/settings/help", { Cookie: cookie });
    expect(Number(page.headers.get("X-D1-Depth"))).toBe(1);
    const html = await page.text();
    expect(html).toContain(SUPPORT_MESSAGES.yours);
    expect(html.indexOf("The feed")).toBeLessThan(html.indexOf("I cannot change my e-mail address."));
    expect(html).toContain(SUPPORT_MESSAGES.priorityOffer);
    const other = await member();
    const theirs = await (await get("/settings/help", { Cookie: other.cookie })).text();
    expect(theirs).not.toContain("I cannot change my e-mail address.");
    expect(theirs).not.toContain(SUPPORT_MESSAGES.yours);
  });

  it("a verified member's message has priority, and says so", async () => {
    const { user, cookie } = await member({ verifiedType: "user" });
    const fetched = await fetchWorker(formPost("/settings/help.data", form({}), { Cookie: cookie }));
    expect(await fetched.text()).toContain(SUPPORT_MESSAGES.sentPriority(user.email));
    expect((await requestsOf(user.id))[0]?.priority).toBe(true);
    const html = await (await get("/settings/help", { Cookie: cookie })).text();
    expect(html).toContain(SUPPORT_MESSAGES.priority);
    expect(html).toContain(`>${SUPPORT_MESSAGES.priorityTag}</span>`);
  });

  it("odd input gets the form's texts and stores nothing", async () => {
    const { user, cookie } = await member();
    for (const [fields, text] of [
      [{ topic: "" }, SUPPORT_MESSAGES.topicRequired],
      [{ topic: "refund-me-now" }, SUPPORT_MESSAGES.topicRequired],
      [{ message: "   \n  " }, SUPPORT_MESSAGES.messageRequired],
      [{ message: "x".repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1) }, SUPPORT_MESSAGES.messageTooLong],
      [{ clientId: "not an id!" }, null],
    ] as const) {
      const response = await fetchWorker(formPost("/settings/help", form(fields, "/settings/help"), { Cookie: cookie }));
      expect(response.status, JSON.stringify(fields)).toBe(400);
      if (text) expect(await response.text()).toContain(text);
    }
    expect(await requestsOf(user.id)).toEqual([]);
  });

  it("a send repeated after a lost answer is stored once; other words under a used id are a message of their own", async () => {
    const { user, cookie } = await member();
    const clientId = unique("send-");
    for (let i = 0; i < 2; i++) {
      const response = await fetchWorker(formPost("/settings/help.data", form({ clientId }), { Cookie: cookie }));
      expect(await response.text()).toContain(SUPPORT_MESSAGES.sent(user.email));
    }
    expect(await requestsOf(user.id)).toHaveLength(1);
    await fetchWorker(formPost("/settings/help.data", form({ clientId, message: "Another question." }), { Cookie: cookie }));
    expect((await requestsOf(user.id)).map((row) => row.message)).toEqual(["I cannot change my e-mail address.", "Another question."]);
  });

  it("a visitor is refused (and sent to sign in without JavaScript); a spent limit answers 429 and stores nothing", async () => {
    const refused = await fetchWorker(formPost("/settings/help.data", form({})));
    expect(refused.status).toBe(401);
    const page = await fetchWorker(formPost("/settings/help", form({}, "/settings/help")));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/auth\?returnTo=/);
    const { user, cookie } = await member();
    expect(await limiter().hit([subjects.member(user.id)], "support", { count: RATE_LIMITS.support.max })).toEqual({ allowed: true });
    const spent = await fetchWorker(formPost("/settings/help.data", form({}), { Cookie: cookie }));
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await requestsOf(user.id)).toEqual([]);
  });

  it("a message whose member went meanwhile is not stored", async () => {
    const user = await createUser();
    await db().delete(users).where(eq(users.id, user.id));
    const outcome = await sendSupportRequest(db(), user.id, { topic: "other", message: "Hello?" });
    expect(outcome.ok).toBe(false);
    expect(await requestsOf(user.id)).toEqual([]);
  });
});

describe("contact support: the team's mail", () => {
  it("goes to SUPPORT_EMAIL with the member's address to reply to, their badge, the topic and the words; once", async () => {
    const user = await createUser({ verifiedType: "user" });
    const now = Date.now();
    const sent = await sendSupportRequest(db(), user.id, { topic: "payments", message: "I was charged twice.\nPlease help." }, now);
    if (!sent.ok) throw new Error("not stored");
    const mailer = keepingMailer();
    expect(await mailSupportRequests(db(), mailer, "support@murmur.example", { now, ids: [sent.id] })).toBe(1);
    expect(mailer.sent).toEqual([
      expect.objectContaining({ to: "support@murmur.example", replyTo: user.email, subject: "[Priority] Support: Payments and subscriptions" }),
    ]);
    const text = mailer.sent[0]!.text;
    for (const line of [`From: ${user.displayName} (@${user.username}) <${user.email}>`, "Verified member: yes (Priority Support)", `Reference: ${sent.id}`, "I was charged twice.\nPlease help."]) {
      expect(text).toContain(line);
    }
    // Claimed: neither the same call again nor the cron sends it twice.
    expect(await mailSupportRequests(db(), mailer, "support@murmur.example", { now, ids: [sent.id] })).toBe(0);
    // (The cron may find other tests' messages whose mail is still on its way: only this one matters.)
    const cron = keepingMailer();
    await mailSupportRequests(db(), cron, "support@murmur.example", { now: now + TEAM_MAIL_RETRY_AFTER_MS + 1 });
    expect(cron.sent.filter((mail) => mail.text.includes(`Reference: ${sent.id}`))).toEqual([]);
    expect(mailer.sent).toHaveLength(1);
  });

  it("the cron sends those whose mail failed, priority first, TEAM_MAIL_BATCH a run; a failure gives the claim back", async () => {
    // Alone in the queue: earlier tests' messages are mailed or not yet due.
    const base = Date.now() + 10 * TIME.DAY;
    while ((await mailSupportRequests(db(), createOutboxMailer(db()), "support@murmur.example", { now: base })) > 0);
    const plain = await createUser();
    const verified = await createUser({ verifiedType: "business" });
    const ids: string[] = [];
    for (let i = 0; i < TEAM_MAIL_BATCH; i++) {
      const outcome = await sendSupportRequest(db(), plain.id, { topic: "other", message: `Plain ${i}` }, base + i);
      if (outcome.ok) ids.push(outcome.id);
    }
    const urgent = await sendSupportRequest(db(), verified.id, { topic: "account", message: "Locked out" }, base + TEAM_MAIL_BATCH);
    expect(urgent.ok && urgent.priority).toBe(true);
    const later = base + TEAM_MAIL_BATCH + TEAM_MAIL_RETRY_AFTER_MS + 1;
    // Not yet due: a message that just arrived is its own answer's to mail.
    expect(await mailSupportRequests(db(), keepingMailer(), "support@murmur.example", { now: base + TEAM_MAIL_BATCH })).toBe(0);

    // The provider fails the third: that one and the rest wait (a 429 stops the run), the first two went.
    const failing = keepingMailer((_, index) => (index === 2 ? new MailError(429, "slow down") : null));
    await expect(mailSupportRequests(db(), failing, "support@murmur.example", { now: later })).rejects.toThrow(/were not mailed/);
    expect(failing.sent.map((mail) => mail.text.split("\n").at(-4))).toEqual(["Locked out", "Plain 0"]);

    const working = keepingMailer();
    expect(await mailSupportRequests(db(), working, "support@murmur.example", { now: later + 1 })).toBe(TEAM_MAIL_BATCH - 1);
    expect(working.sent.map((mail) => mail.text.split("\n").at(-4))).toEqual(Array.from({ length: TEAM_MAIL_BATCH - 1 }, (_, i) => `Plain ${i + 1}`));
    const rows = await db().select({ mailedAt: supportRequests.mailedAt }).from(supportRequests).where(eq(supportRequests.userId, plain.id)).all();
    expect(rows.every((row) => row.mailedAt !== null)).toBe(true);
  });

  it("a claim whose run ended before sending (the isolate stopped) is taken again once stale, and not before (decision 082)", async () => {
    const user = await createUser();
    const now = Date.now() + 30 * TIME.DAY;
    const outcome = await sendSupportRequest(db(), user.id, { topic: "other", message: "Lost in a claim" }, now);
    if (!outcome.ok) throw new Error("not stored");
    const later = now + TEAM_MAIL_RETRY_AFTER_MS + 1;
    // A run claimed it, then stopped: no mail, no claim given back.
    await db().update(supportRequests).set({ mailClaimedAt: new Date(later) }).where(eq(supportRequests.id, outcome.id));
    const mailer = keepingMailer();
    expect(await mailSupportRequests(db(), mailer, "support@murmur.example", { now: later + TEAM_MAIL_CLAIM_STALE_MS - 1 })).toBe(0);
    expect(await mailSupportRequests(db(), mailer, "support@murmur.example", { now: later + TEAM_MAIL_CLAIM_STALE_MS + 1 })).toBe(1);
    expect(mailer.sent.map((mail) => mail.text)).toEqual([expect.stringContaining("Lost in a claim")]);
    // Sent: never again, however old its claim grows.
    expect(await mailSupportRequests(db(), mailer, "support@murmur.example", { now: later + 10 * TEAM_MAIL_CLAIM_STALE_MS })).toBe(0);
  });

  it("the scheduled maintenance mails them to SUPPORT_EMAIL through the mailer every sender uses (locally, the outbox)", async () => {
    const user = await createUser();
    const now = Date.now() + 20 * TIME.DAY;
    const outcome = await sendSupportRequest(db(), user.id, { topic: "safety", message: `Report ${unique("r-")}` }, now);
    if (!outcome.ok) throw new Error("not stored");
    await runScheduledMaintenance(env, now + TEAM_MAIL_RETRY_AFTER_MS + 1);
    const to = readConfig(env).supportEmail!;
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).all();
    expect(mails.some((mail) => mail.subject === "Support: Safety and reports" && mail.textBody.includes(outcome.id))).toBe(true);
  });

  it("a deploy refuses to start without SUPPORT_EMAIL, or with something that is not an address", () => {
    expect(readConfig(deployedEnv()).supportEmail).toBe("support@murmur.example");
    expect(() => readConfig(deployedEnv({ SUPPORT_EMAIL: undefined }))).toThrow(/SUPPORT_EMAIL must be set in production/);
    expect(() => readConfig(deployedEnv({ SUPPORT_EMAIL: "support@<your domain>" }))).toThrow(/SUPPORT_EMAIL must be an address/);
  });
});

describe("contact support: how long a message is kept", () => {
  /** Stores a message sent at `at`, answering its id. */
  async function sentAt(userId: string, at: number, message: string) {
    const outcome = await sendSupportRequest(db(), userId, { topic: "privacy", message }, at);
    if (!outcome.ok) throw new Error("not stored");
    return outcome.id;
  }

  it("a message sent over a year ago is deleted, the oldest first and a bounded number a run; a younger one stays", async () => {
    const user = await createUser();
    await expectRetentionInBatches({
      retention: SUPPORT_REQUEST_RETENTION_MS,
      make: (at, n) => sentAt(user.id, at, n ? `Old ${n}` : "Not a year old"),
      left: async () => (await requestsOf(user.id)).map((row) => row.id),
      deleteOld: (now, options) => deleteOldSupportRequests(db(), now, options),
    });
  });

  it("the scheduled maintenance deletes them", async () => {
    const user = await createUser();
    const now = Date.now();
    await sentAt(user.id, now - SUPPORT_REQUEST_RETENTION_MS - TIME.MINUTE, "A year and a minute ago");
    const kept = await sentAt(user.id, now - SUPPORT_REQUEST_RETENTION_MS + TIME.HOUR, "Almost a year ago");
    await runScheduledMaintenance(env, now);
    expect((await requestsOf(user.id)).map((row) => row.id)).toEqual([kept]);
  });
});

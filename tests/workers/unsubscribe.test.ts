import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberSettings, users } from "~/.server/db/schema";
import { readConfig } from "~/.server/env";
import { unsubscribeToken } from "~/.server/unsubscribe";
import { RATE_LIMITS } from "~/lib/constants";
import { UNSUBSCRIBE_TEXTS } from "~/lib/texts/notification";
import { unique } from "../fixtures/factories";
import { createUser, db, fetchWorker, formPost, get, ORIGIN } from "./helpers";

/**
 * A notification digest's unsubscribe link (decision 085): no session, a signed link; opening it
 * changes nothing, its button and a mail provider's RFC 8058 one-click POST turn the digest off, and a
 * link that is not valid changes nothing.
 */

const secret = () => readConfig(env).cookieSecret;

/** A member with Email Notifications on (the digest), and their link's token. */
async function subscribed() {
  const user = await createUser();
  await db().update(memberSettings).set({ emailNotifications: true }).where(eq(memberSettings.userId, user.id));
  return { user, token: await unsubscribeToken(secret(), user) };
}

const settingsOf = async (userId: string) => (await db().select().from(memberSettings).where(eq(memberSettings.userId, userId)).get())!;

/** What a page says, as React writes it. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

/** RFC 8058's one-click request, as a mail provider's server sends it: no Origin, no cookie. */
function oneClick(token: string, { multipart = false, ip = unique("ip"), origin }: { multipart?: boolean; ip?: string; origin?: string } = {}) {
  const body = new FormData();
  body.set("List-Unsubscribe", "One-Click");
  return fetchWorker(
    new Request(`${ORIGIN}/unsubscribe?t=${token}`, {
      method: "POST",
      body: multipart ? body : new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      headers: {
        Host: new URL(ORIGIN).host,
        "CF-Connecting-IP": ip,
        ...(multipart ? {} : { "Content-Type": "application/x-www-form-urlencoded" }),
        ...(origin ? { Origin: origin } : {}),
      },
    }),
  );
}

/** The page's own button, without JavaScript: a same-origin form post to the link's address. */
const pressButton = (token: string) => fetchWorker(formPost(`/unsubscribe?t=${token}`, {}, { "CF-Connecting-IP": unique("ip") }));

describe("the digest's unsubscribe link", () => {
  it("opening it changes nothing: the page says what its button will do, with no sign-in", async () => {
    const { user, token } = await subscribed();
    const response = await get(`/unsubscribe?t=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain(UNSUBSCRIBE_TEXTS.heading);
    expect(page).toContain(UNSUBSCRIBE_TEXTS.explain);
    expect(page).toContain(`action="/unsubscribe?t=${token}"`);
    expect(page).toContain(UNSUBSCRIBE_TEXTS.button);
    // Opened again (a mail scanner, then the person): still on.
    expect((await get(`/unsubscribe?t=${token}`)).status).toBe(200);
    expect((await settingsOf(user.id)).emailNotifications).toBe(true);
  });

  it("its button turns the digest off and says so; the other settings stay", async () => {
    const { user, token } = await subscribed();
    await db().update(memberSettings).set({ notifyLikes: false }).where(eq(memberSettings.userId, user.id));
    const response = await pressButton(token);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(html(UNSUBSCRIBE_TEXTS.done));
    const settings = await settingsOf(user.id);
    expect(settings.emailNotifications).toBe(false);
    expect(settings.notifyLikes).toBe(false);
    expect(settings.notifyFollows).toBe(true);
    // Pressed again (a second tab): the same answer.
    expect((await pressButton(token)).status).toBe(200);
    expect((await settingsOf(user.id)).emailNotifications).toBe(false);
  });

  it("a mail provider's one-click POST (RFC 8058: urlencoded or multipart, with no Origin or another's) turns it off with a 200", async () => {
    for (const sent of [{}, { multipart: true }, { origin: "https://mail.example" }]) {
      const { user, token } = await subscribed();
      const response = await oneClick(token, sent);
      expect(response.status, JSON.stringify(sent)).toBe(200);
      expect(await response.text()).toBe(UNSUBSCRIBE_TEXTS.done);
      expect((await settingsOf(user.id)).emailNotifications).toBe(false);
    }
  });

  it("from another origin, only the one-click form is taken: any other POST is refused (403) and changes nothing", async () => {
    const { user, token } = await subscribed();
    const elsewhere = (fields: Record<string, string>) =>
      fetchWorker(formPost(`/unsubscribe?t=${token}`, fields, { Origin: "https://evil.example", "CF-Connecting-IP": unique("ip") }));
    expect((await elsewhere({})).status).toBe(403);
    expect((await elsewhere({ "List-Unsubscribe": "One-Click", intent: "more" })).status).toBe(403);
    expect((await elsewhere({ "List-Unsubscribe": "Yes" })).status).toBe(403);
    expect((await settingsOf(user.id)).emailNotifications).toBe(true);
    // Every other page still refuses a cross-origin POST before routing.
    const other = await fetchWorker(formPost("/forgot-password", { "List-Unsubscribe": "One-Click" }, { Origin: "https://evil.example" }));
    expect(other.status).toBe(403);
  });

  it("a link that is not valid (tampered, another member's, a bare id, none, or for an address the account no longer has) says so with a 400 and changes nothing", async () => {
    const { user, token } = await subscribed();
    const other = await subscribed();
    const [id, signature] = token.split(".") as [string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    const bad = [`${id}.${flipped}`, `${other.user.id}.${signature}`, id, `${id}.`, "", `${token}x`, `${token.slice(0, -1)}`];
    for (const link of bad) {
      const page = await get(`/unsubscribe?t=${encodeURIComponent(link)}`);
      expect(page.status, link).toBe(400);
      const text = await page.text();
      expect(text, link).toContain(html(UNSUBSCRIBE_TEXTS.invalid));
      expect(text, link).not.toContain(UNSUBSCRIBE_TEXTS.button);
      expect((await pressButton(encodeURIComponent(link))).status, link).toBe(400);
      expect((await oneClick(encodeURIComponent(link))).status, link).toBe(400);
    }
    expect((await settingsOf(user.id)).emailNotifications).toBe(true);
    expect((await settingsOf(other.user.id)).emailNotifications).toBe(true);

    // The account's address changed since the digest went: the old link no longer speaks for it.
    await db().update(users).set({ email: `${unique()}@example.com` }).where(eq(users.id, user.id));
    expect((await oneClick(token)).status).toBe(400);
    expect((await settingsOf(user.id)).emailNotifications).toBe(true);
  });

  it(`is limited per member: past ${RATE_LIMITS.unsubscribe.max} an hour, 429 with Retry-After, whatever the address`, async () => {
    const { user, token } = await subscribed();
    for (let i = 0; i < RATE_LIMITS.unsubscribe.max; i++) expect((await oneClick(token)).status).toBe(200);
    await db().update(memberSettings).set({ emailNotifications: true }).where(eq(memberSettings.userId, user.id));
    const refused = await pressButton(token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await settingsOf(user.id)).emailNotifications).toBe(true);
  });
});

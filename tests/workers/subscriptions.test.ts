import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { blockMember } from "~/.server/blocks";
import { createLoadContext } from "~/.server/context";
import { readConfig, type AppConfig } from "~/.server/env";
import { getDb } from "~/.server/db/client";
import { runRead } from "~/.server/db/reads";
import { runScheduledMaintenance } from "~/.server/maintenance";
import { postStatsReads } from "~/.server/post-stats";
import type { Viewer } from "~/.server/viewer";
import { blocks, creatorSubscriptions, notifications, paymentEvents, payments, posts, users, verifiedSubscriptions } from "~/.server/db/schema";
import { newId } from "~/.server/ids";
import { handleStripeWebhook, stripeSignature } from "~/.server/stripe";
import { applyPaidPeriod, expireSubscriptions, subscribeToCreator } from "~/.server/subscriptions";
import { POST_STATS_TOP, STRIPE_RENEWAL_GRACE_MS, STRIPE_RETRY_WINDOW_MS, SUBSCRIPTION_DEFAULT_PRICE_CENTS, SUBSCRIPTIONS_PAGE_SIZE, TIME, VERIFIED_PRICE_CENTS } from "~/lib/constants";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";
import { formatDay } from "~/lib/format";
import { addCalendarMonths, creatorPeriodEnd, planAmountCents, verifiedPeriodEnd } from "~/lib/money";
import { capturingD1, createPost, createUser, db, fetchWorker, formPost, get, member, ORIGIN, planOf, sessionViewerOf, toastOf } from "./helpers";

/** A verified creator who offers subscriptions at `price` cents a month, with a session. */
async function creator(price = 499) {
  return member({ verifiedType: "user", offersSubscriptions: price > 0, subscriptionPriceCents: price });
}

const post = (path: string, fields: Record<string, string>, cookie: string) => fetchWorker(formPost(path, fields, { Cookie: cookie }));

/** The same form as JavaScript's fetcher sends it (`.data`): the answer's status and its (turbo-stream) text. */
async function fetcher(path: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetchWorker(formPost(`${path}.data`, fields, cookie ? { Cookie: cookie } : {}));
  return { status: response.status, text: await response.text() };
}

async function userRow(id: string) {
  return (await db().select().from(users).where(eq(users.id, id)).get())!;
}

async function subscriptionOf(subscriberId: string, creatorId: string) {
  return db()
    .select()
    .from(creatorSubscriptions)
    .where(and(eq(creatorSubscriptions.subscriberId, subscriberId), eq(creatorSubscriptions.subscribedToId, creatorId)))
    .get();
}

const priceForm = (price: string) => ({ intent: "subscription-price", price, returnTo: "/settings/profile" });

describe("the creator offering: one price rule on both paths, verified members only", () => {
  it("refuses prices between 0 and 1, negative, malformed or with more than two decimals, and changes nothing", async () => {
    const me = await creator(999);
    for (const price of ["0.5", "0.99", "-1", "abc", "4.999", "", "1e3"]) {
      const response = await post("/settings/profile", priceForm(price), me.cookie);
      expect(response.status, price).toBe(302);
      expect(toastOf(response), price).toBe(SUBSCRIPTION_MESSAGES.priceHint);
      // With JavaScript: the same refusal as data.
      const answer = await fetcher("/settings/profile", { intent: "subscription-price", price }, me.cookie);
      expect(answer.status, price).toBe(400);
      expect(answer.text, price).toContain(SUBSCRIPTION_MESSAGES.priceHint);
    }
    expect((await userRow(me.user.id)).subscriptionPriceCents).toBe(999);
  });

  it("takes 0 (off), $1 and more with two decimals, in cents", async () => {
    const me = await creator(999);
    expect(toastOf(await post("/settings/profile", priceForm("1"), me.cookie))).toBe(SUBSCRIPTION_MESSAGES.priceUpdated);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionPriceCents: 100, offersSubscriptions: true });
    await post("/settings/profile", priceForm("12.5"), me.cookie);
    expect((await userRow(me.user.id)).subscriptionPriceCents).toBe(1250);
    await post("/settings/profile", priceForm("19.99"), me.cookie);
    expect((await userRow(me.user.id)).subscriptionPriceCents).toBe(1999);
    // $0 turns the offering off, and the answer says that rather than a new price.
    expect(toastOf(await post("/settings/profile", priceForm("0"), me.cookie))).toBe(SUBSCRIPTION_MESSAGES.offeringDisabled);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionPriceCents: 0, offersSubscriptions: false });
  });

  it("the switch sets $4.99 or $0; a member who is not verified may not offer, but may always stop", async () => {
    const me = await creator(0);
    const on = await fetcher("/settings/profile", { intent: "subscription-offering", offer: "on" }, me.cookie);
    expect(on.status).toBe(200);
    expect(on.text).toContain(SUBSCRIPTION_MESSAGES.offeringEnabled);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionPriceCents: SUBSCRIPTION_DEFAULT_PRICE_CENTS, offersSubscriptions: true });
    const off = await fetcher("/settings/profile", { intent: "subscription-offering", offer: "off" }, me.cookie);
    expect(off.text).toContain(SUBSCRIPTION_MESSAGES.offeringDisabled);
    expect(await userRow(me.user.id)).toMatchObject({ subscriptionPriceCents: 0, offersSubscriptions: false });

    const plain = await member();
    const attempts: Record<string, string>[] = [{ intent: "subscription-offering", offer: "on" }, { intent: "subscription-price", price: "4.99" }];
    for (const fields of attempts) {
      const refused = await fetcher("/settings/profile", fields, plain.cookie);
      expect(refused.status).toBe(403);
      expect(refused.text).toContain(SUBSCRIPTION_MESSAGES.verifiedOnly);
    }
    expect(await userRow(plain.user.id)).toMatchObject({ subscriptionPriceCents: 0, offersSubscriptions: false });
    expect((await fetcher("/settings/profile", { intent: "subscription-price", price: "0" }, plain.cookie)).status).toBe(200);
  });
});

describe("subscribing to a creator", () => {
  it("monthly or yearly (× 12 × 0.8, in cents), with the payment, the creator's count and a notification", async () => {
    const maker = await creator(499);
    const [monthly, yearly] = [await member(), await member()];
    const before = Date.now();
    const first = await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499", returnTo: `/profile/${maker.user.username}` }, monthly.cookie);
    expect(toastOf(first)).toBe(SUBSCRIPTION_MESSAGES.subscribed(maker.user.displayName));
    const answer = await fetcher(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "yearly", priceCents: "499" }, yearly.cookie);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(SUBSCRIPTION_MESSAGES.subscribed(maker.user.displayName));

    const month = (await subscriptionOf(monthly.user.id, maker.user.id))!;
    expect(month).toMatchObject({ amountCents: 499, plan: "monthly", status: "active", cancelledAt: null, provider: "test" });
    expect(month.expiresAt.getTime()).toBeGreaterThanOrEqual(addCalendarMonths(before, 1));
    expect(month.expiresAt.getTime()).toBeLessThanOrEqual(addCalendarMonths(Date.now(), 1));
    const year = (await subscriptionOf(yearly.user.id, maker.user.id))!;
    expect(year).toMatchObject({ amountCents: 4790, plan: "yearly" });
    expect(year.expiresAt.getTime()).toBeGreaterThanOrEqual(addCalendarMonths(before, 12));

    const paid = await db().select().from(payments).where(eq(payments.userId, yearly.user.id));
    expect(paid).toMatchObject([{ kind: "creator_subscription", amountCents: 4790, currency: "usd", status: "succeeded", subscriptionId: year.id }]);
    expect((await userRow(maker.user.id)).subscribersCount).toBe(2);
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, maker.user.id), eq(notifications.type, "subscription")));
    expect(told.map((row) => row.relatedUserId).sort()).toEqual([monthly.user.id, yearly.user.id].sort());
  });

  it("refuses oneself, a creator who does not offer, a second running subscription and an unknown plan, charging nothing", async () => {
    const maker = await creator(499);
    const closed = await creator(0);
    const fan = await member();
    const answer = (cookie: string, username: string, plan = "monthly") => fetcher(`/profile/${username}`, { intent: "subscribe", plan, priceCents: "499" }, cookie);
    const refused = async (cookie: string, username: string, status: number, message: string, plan?: string) => {
      const { status: got, text } = await answer(cookie, username, plan);
      expect(got, message).toBe(status);
      expect(text).toContain(message);
    };
    await refused(maker.cookie, maker.user.username, 400, SUBSCRIPTION_MESSAGES.notYourself);
    await refused(fan.cookie, closed.user.username, 403, SUBSCRIPTION_MESSAGES.notOffered(closed.user.displayName));
    await refused(fan.cookie, maker.user.username, 400, SUBSCRIPTION_MESSAGES.choosePlan, "weekly");
    expect((await answer(fan.cookie, maker.user.username)).status).toBe(200);
    await refused(fan.cookie, maker.user.username, 409, SUBSCRIPTION_MESSAGES.alreadySubscribed(maker.user.displayName));
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.userId, maker.user.id))).toHaveLength(0);
  });

  it("refuses a price changed since the dialog was drawn, with the new price, and charges nothing (decision 095)", async () => {
    const maker = await creator(499);
    const [fan, other] = [await member(), await member()];
    // The creator raises the price while the dialog still shows $4.99.
    await post("/settings/profile", priceForm("7.99"), maker.cookie);
    const answer = await fetcher(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    expect(answer.status).toBe(409);
    expect(answer.text).toContain(SUBSCRIPTION_MESSAGES.priceChanged("$7.99"));
    // Without JavaScript: the same refusal, as the page's toast.
    const page = await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "yearly", priceCents: "499", returnTo: `/profile/${maker.user.username}` }, other.cookie);
    expect(toastOf(page)).toBe(SUBSCRIPTION_MESSAGES.priceChanged("$7.99"));
    // A form that shows no price is not charged either.
    expect((await fetcher(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly" }, fan.cookie)).status).toBe(409);
    for (const member of [fan, other]) {
      expect(await subscriptionOf(member.user.id, maker.user.id)).toBeUndefined();
      expect(await db().select().from(payments).where(eq(payments.userId, member.user.id))).toHaveLength(0);
    }
    // The price shown now is the one charged.
    expect((await fetcher(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "799" }, fan.cookie)).status).toBe(200);
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ amountCents: 799, status: "active" });
  });

  it("opens the creator's subscriber-only posts to the subscriber until the period ends; cancelling keeps it until then", async () => {
    const maker = await creator(499);
    const fan = await member();
    const secret = `Subscriber secret ${crypto.randomUUID()}`;
    const locked = await createPost(maker.user.id, { content: secret, isSubscriberOnly: true });
    const page = async () => (await get(`/post/${locked.id}`, { Cookie: fan.cookie })).text();
    const profile = async () => (await get(`/profile/${maker.user.username}`, { Cookie: fan.cookie })).text();
    expect(await page()).not.toContain(secret);
    expect(await profile()).not.toContain(secret);

    await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    expect(await page()).toContain(secret);
    expect(await profile()).toContain("Subscribed until");

    const cancelled = await post(`/profile/${maker.user.username}`, { intent: "unsubscribe", returnTo: `/profile/${maker.user.username}` }, fan.cookie);
    expect(toastOf(cancelled)).toBe(SUBSCRIPTION_MESSAGES.cancelled);
    const row = (await subscriptionOf(fan.user.id, maker.user.id))!;
    expect(row.status).toBe("active");
    expect(row.cancelledAt).not.toBeNull();
    expect(await page()).toContain(secret);
    expect(await profile()).toContain("Subscription cancelled. You have access until");
    // A second cancel finds nothing to cancel.
    expect((await fetcher(`/profile/${maker.user.username}`, { intent: "unsubscribe" }, fan.cookie)).status).toBe(404);

    // The period ends: the job ends it (a cancelled one is not renewed), the posts lock again.
    const end = row.expiresAt.getTime();
    await expireSubscriptions(db(), readConfig(env), end + 1);
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.status).toBe("cancelled");
    expect((await userRow(maker.user.id)).subscribersCount).toBe(0);
    // Gating goes by the clock anyway: the row is past its end now too.
    await db().update(creatorSubscriptions).set({ expiresAt: new Date(Date.now() - TIME.MINUTE) }).where(eq(creatorSubscriptions.id, row.id));
    expect(await page()).not.toContain(secret);
  });

  it("a subscription the creator stopped offering says so on their profile, not that the member cancelled (decision 106)", async () => {
    const maker = await creator(499);
    const fan = await member();
    await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    const profile = async () => (await get(`/profile/${maker.user.username}`, { Cookie: fan.cookie })).text();
    expect(await profile()).toContain("Subscribed until");
    await post("/settings/profile", { intent: "subscription-offering", offer: "off" }, maker.cookie);
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.cancelledAt).not.toBeNull();
    const html = await profile();
    expect(html).toContain(`${maker.user.displayName} no longer offers subscriptions. You have access until`);
    expect(html).not.toContain("Subscription cancelled.");
  });

  it("renews a running subscription through the test provider at the end of its period, once per period", async () => {
    const maker = await creator(499);
    const fan = await member();
    await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    const row = (await subscriptionOf(fan.user.id, maker.user.id))!;
    const end = row.expiresAt.getTime();
    await expireSubscriptions(db(), readConfig(env), end + 1);
    await expireSubscriptions(db(), readConfig(env), end + 2);
    const renewed = (await subscriptionOf(fan.user.id, maker.user.id))!;
    expect(renewed).toMatchObject({ status: "active", amountCents: 499 });
    expect(renewed.expiresAt.getTime()).toBe(creatorPeriodEnd(end, "monthly"));
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(2);
    // No second 'subscribed to you' for a renewal.
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, maker.user.id), eq(notifications.type, "subscription")))).toHaveLength(1);
    // A creator who stopped offering: the subscription runs out instead.
    await db().update(users).set({ offersSubscriptions: false, subscriptionPriceCents: 0 }).where(eq(users.id, maker.user.id));
    await expireSubscriptions(db(), readConfig(env), renewed.expiresAt.getTime() + 1);
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.status).toBe("cancelled");
  });
});

describe("the verified subscription", () => {
  it("gives the badge at once, keeps it after a cancel until the period ends, then takes it back (and the offering with it)", async () => {
    const me = await member();
    const subscribed = await post("/verified", { intent: "verified-subscribe", returnTo: "/verified" }, me.cookie);
    expect(toastOf(subscribed)).toBe(VERIFIED_MESSAGES.activated);
    expect(await userRow(me.user.id)).toMatchObject({ verifiedType: "user", verifiedBySubscription: true });
    const row = (await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, me.user.id)).get())!;
    expect(row).toMatchObject({ status: "active", amountCents: VERIFIED_PRICE_CENTS });
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(verifiedPeriodEnd(Date.now()));
    const page = await (await get("/verified", { Cookie: me.cookie })).text();
    expect(page).toContain(VERIFIED_MESSAGES.verifiedAccount);
    expect(page).toContain("Next billing date");
    expect((await fetcher("/verified", { intent: "verified-subscribe" }, me.cookie)).status).toBe(409);

    // Verified: may offer now.
    expect((await fetcher("/settings/profile", { intent: "subscription-offering", offer: "on" }, me.cookie)).status).toBe(200);

    const cancelled = await post("/verified", { intent: "verified-cancel", returnTo: "/verified" }, me.cookie);
    expect(toastOf(cancelled)).toBe(VERIFIED_MESSAGES.cancelled);
    expect((await userRow(me.user.id)).verifiedType).toBe("user");
    expect(await (await get("/verified", { Cookie: me.cookie })).text()).toContain("Ends on");
    expect((await fetcher("/verified", { intent: "verified-cancel" }, me.cookie)).status).toBe(404);

    // A subscriber of theirs: renewal stops with the badge.
    const fan = await member();
    await post(`/profile/${me.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    expect((await subscriptionOf(fan.user.id, me.user.id))!.cancelledAt).toBeNull();

    await runScheduledMaintenance(env, row.expiresAt.getTime() + 1, { all: false });
    // The badge goes; the offering pauses (the price is kept for when the badge comes back).
    expect(await userRow(me.user.id)).toMatchObject({ verifiedType: null, verifiedBySubscription: false, subscriptionPriceCents: SUBSCRIPTION_DEFAULT_PRICE_CENTS });
    expect(await (await get("/verified", { Cookie: me.cookie })).text()).toContain(VERIFIED_MESSAGES.notVerified);
    expect((await subscriptionOf(fan.user.id, me.user.id))!.cancelledAt).not.toBeNull();
    expect(await (await get(`/profile/${me.user.username}`, { Cookie: fan.cookie })).text()).not.toContain("Subscribe · ");
    const fresh = await member();
    expect((await fetcher(`/profile/${me.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fresh.cookie)).status).toBe(403);
  });

  it("a badge that ends in the same run as a subscription to its member stops that renewal: nothing is charged (decision 095)", async () => {
    const me = await member();
    await post("/verified", { intent: "verified-subscribe", returnTo: "/verified" }, me.cookie);
    await post("/settings/profile", { intent: "subscription-offering", offer: "on" }, me.cookie);
    const fan = await member();
    await post(`/profile/${me.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    await post("/verified", { intent: "verified-cancel", returnTo: "/verified" }, me.cookie);
    // Both periods over by the job's next run, the subscriber's first.
    const now = Date.now();
    await db().update(creatorSubscriptions).set({ expiresAt: new Date(now - 2) }).where(eq(creatorSubscriptions.subscriberId, fan.user.id));
    await db().update(verifiedSubscriptions).set({ expiresAt: new Date(now - 1) }).where(eq(verifiedSubscriptions.userId, me.user.id));
    await expireSubscriptions(db(), readConfig(env), now);
    expect((await userRow(me.user.id)).verifiedType).toBeNull();
    expect(await subscriptionOf(fan.user.id, me.user.id)).toMatchObject({ status: "cancelled" });
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
  });

  it("Advanced Analytics: a verified member sees their own posts' numbers and the most viewed; anyone else nothing", async () => {
    // A post with its counters as members' actions would have left them.
    const postWith = async (userId: string, content: string, counts: Partial<Record<"viewsCount" | "likesCount" | "repostsCount" | "commentsCount", number>>, repostOf?: string) => {
      const made = await createPost(userId, { content, repostedFromPostId: repostOf ?? null });
      await db().update(posts).set(counts).where(eq(posts.id, made.id));
      return made;
    };
    const plain = await member();
    await postWith(plain.user.id, "not counted anywhere", { viewsCount: 5 });
    expect(await (await get("/verified", { Cookie: plain.cookie })).text()).not.toContain(VERIFIED_MESSAGES.analyticsTitle);

    const me = await member({ verifiedType: "user" });
    const empty = await (await get("/verified", { Cookie: me.cookie })).text();
    expect(empty).toContain(VERIFIED_MESSAGES.analyticsTitle);
    expect(empty).toContain(VERIFIED_MESSAGES.noPostsYet);
    const best = await postWith(me.user.id, "the one everyone saw", { viewsCount: 1500, likesCount: 40, repostsCount: 3, commentsCount: 2 });
    await postWith(me.user.id, "a quiet one", { viewsCount: 7, likesCount: 1 });
    // A repost of someone else's post is not theirs; another member's post is not either.
    const other = await postWith(plain.user.id, "someone else's", { viewsCount: 999 });
    await postWith(me.user.id, "", { viewsCount: 100 }, other.id);
    const page = await (await get("/verified", { Cookie: me.cookie })).text();
    const numbers = [...page.matchAll(/<dt[^>]*>(Posts|Views|Likes|Reposts|Comments)<\/dt><dd[^>]*>([^<]+)<\/dd>/g)].map(([, label, value]) => `${label} ${value}`);
    expect(numbers).toEqual(["Posts 2", "Views 1.5K", "Likes 41", "Reposts 3", "Comments 2"]);
    expect(page.indexOf("the one everyone saw")).toBeLessThan(page.indexOf("a quiet one"));
    expect(page).toContain(`href="/post/${best.id}"`);
    expect(page).not.toContain("someone else&#x27;s");
  });

  it.each([
    ["by id", (id: string): Promise<Viewer> => Promise.resolve(id)],
    ["found from their session", (id: string): Promise<Viewer> => sessionViewerOf(id)],
  ])("Advanced Analytics for a member %s read an index of their posts alone: no row of theirs but the top ones, no sort", async (_how, viewerOf) => {
    const me = await member({ verifiedType: "user" });
    for (const views of [3, 30, 300, 3000]) await db().update(posts).set({ viewsCount: views }).where(eq(posts.id, (await createPost(me.user.id, { content: `seen ${views}` })).id));
    const { spy, captured } = capturingD1();
    const [totals, top] = postStatsReads(getDb(spy), (await viewerOf(me.user.id))!);
    expect(captured).toHaveLength(2);
    const [totalsPlan, topPlan] = [(await planOf(captured[0]!)).join("\n"), (await planOf(captured[1]!)).join("\n")];
    expect(totalsPlan).toMatch(/^SEARCH posts USING COVERING INDEX posts_user_stats_idx \(user_id=\?\)$/m);
    expect(topPlan).toMatch(/^SEARCH posts USING INDEX posts_user_stats_idx \(user_id=\?\)$/m);
    expect(`${totalsPlan}\n${topPlan}`).not.toMatch(/TEMP B-TREE|\bSCAN\b/);
    expect(await runRead(totals)).toMatchObject({ posts: 4, views: 3333 });
    expect((await runRead(top)).map((post) => post.views)).toEqual([3000, 300, 30].slice(0, POST_STATS_TOP));
  });

  it("offers no subscription for a badge Murmur gave, and never takes that badge away", async () => {
    const business = await member({ verifiedType: "business" });
    const page = await (await get("/verified", { Cookie: business.cookie })).text();
    expect(page).toContain(VERIFIED_MESSAGES.givenTitle);
    expect(page).not.toContain(VERIFIED_MESSAGES.subscribeNow);
    const refused = await fetcher("/verified", { intent: "verified-subscribe" }, business.cookie);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(VERIFIED_MESSAGES.badgeGiven);
    expect(await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, business.user.id)).all()).toEqual([]);

    // A subscriber whom Murmur then gives the badge keeps it when the subscription ends.
    const given = await member();
    await post("/verified", { intent: "verified-subscribe" }, given.cookie);
    await db().update(users).set({ verifiedType: "business", verifiedBySubscription: false }).where(eq(users.id, given.user.id));
    await db().update(verifiedSubscriptions).set({ cancelledAt: new Date() }).where(eq(verifiedSubscriptions.userId, given.user.id));
    await expireSubscriptions(db(), readConfig(env), Date.now() + 31 * TIME.DAY);
    expect(await userRow(given.user.id)).toMatchObject({ verifiedType: "business", verifiedBySubscription: false });
  });

  it("a signed-out visitor is told 'Not authenticated' and sent to sign in from the page", async () => {
    const response = await fetcher("/verified", { intent: "verified-subscribe" });
    expect(response.status).toBe(401);
    expect(response.text).toContain(VERIFIED_MESSAGES.notAuthenticated);
    expect((await get("/verified")).headers.get("Location")).toContain("/auth?returnTo=%2Fverified");
  });
});

describe("the subscriptions page", () => {
  it("Subscribed: running subscriptions and the total a month (a yearly plan as its twelfth); Discover: creators by subscribers", async () => {
    const [big, small] = [await creator(1000), await creator(250)];
    const fan = await member();
    await post(`/profile/${big.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "1000" }, fan.cookie);
    await post(`/profile/${small.user.username}`, { intent: "subscribe", plan: "yearly", priceCents: "250" }, fan.cookie);
    const other = await member();
    await post(`/profile/${big.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "1000" }, other.cookie);
    // One cancelled: still running (listed) until its period ends, but no longer paid for each month.
    const ending = await creator(700);
    await post(`/profile/${ending.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "700" }, fan.cookie);
    expect(toastOf(await post(`/profile/${ending.user.username}`, { intent: "unsubscribe", returnTo: "/subscriptions" }, fan.cookie))).toBe(SUBSCRIPTION_MESSAGES.cancelled);
    const subscribed = await (await get("/subscriptions", { Cookie: fan.cookie })).text();
    // $10.00 + $24.00 / 12 = $12.00
    expect(subscribed).toMatch(/data-testid="monthly-total"[^>]*>\$12\.00</);
    expect(subscribed).toContain(big.user.displayName);
    expect(subscribed).toContain(ending.user.displayName);
    const discover = await (await get("/subscriptions?tab=discover", { Cookie: other.cookie })).text();
    expect(discover.indexOf(big.user.displayName)).toBeGreaterThan(-1);
    expect(discover.indexOf(big.user.displayName)).toBeLessThan(discover.indexOf(small.user.displayName));
    // A creator in a block with the viewer is not offered, whichever of them blocked (decision 100).
    expect((await blockMember(db(), small.user.id, other.user.username)).ok).toBe(true);
    const discoverAfter = await (await get("/subscriptions?tab=discover", { Cookie: other.cookie })).text();
    expect(discoverAfter).toContain(big.user.displayName);
    expect(discoverAfter).not.toContain(small.user.displayName);
    expect(discoverAfter).toContain(ending.user.displayName);
    // And the other way: the viewer blocked the creator.
    expect((await blockMember(db(), other.user.id, ending.user.username)).ok).toBe(true);
    expect(await (await get("/subscriptions?tab=discover", { Cookie: other.cookie })).text()).not.toContain(ending.user.displayName);
    expect((await get("/subscriptions")).status).toBe(302);
  });

  // Paid through either provider: a Stripe row shows its end a day before the stored one (decision
  // 106), and the cursor must go on by the stored end, or the next page would skip a day of rows.
  it.each(["test", "stripe"] as const)("Subscribed pages on (%s provider): every running subscription once, the latest to end first, the total over all of them", async (provider) => {
    const fan = await member();
    const count = SUBSCRIPTIONS_PAGE_SIZE + 2;
    const makers = await Promise.all(Array.from({ length: count }, () => createUser({ verifiedType: "user" })));
    const start = Date.now() + TIME.DAY;
    // The last of the first page and the first of the next end at the same moment: the id breaks the
    // tie, so neither is skipped nor shown twice.
    const [one, ...more] = makers.map((maker, index) =>
      db()
        .insert(creatorSubscriptions)
        .values({
          id: `01J${provider === "stripe" ? "S" : "T"}${String(index).padStart(22, "0")}`,
          subscriberId: fan.user.id,
          subscribedToId: maker.id,
          amountCents: 100,
          provider,
          expiresAt: new Date(start + (index === 1 ? 2 : index) * TIME.MINUTE),
        }),
    );
    await db().batch([one!, ...more]);
    const cursorOf = (page: string) => /href="\/subscriptions\?cursor=([^"]+)"/.exec(page)?.[1]?.replaceAll("&amp;", "&");
    const first = await (await get("/subscriptions", { Cookie: fan.cookie })).text();
    expect(first).toMatch(new RegExp(`data-testid="monthly-total"[^>]*>\\$${count}\\.00<`));
    const next = cursorOf(first);
    expect(next).toBeTruthy();
    const second = await (await get(`/subscriptions?cursor=${next}`, { Cookie: fan.cookie })).text();
    expect(cursorOf(second)).toBeUndefined();
    const shown = (page: string) => makers.filter((maker) => page.includes(`/profile/${maker.username}"`));
    expect(shown(first)).toHaveLength(SUBSCRIPTIONS_PAGE_SIZE);
    expect(shown(second)).toHaveLength(2);
    expect(new Set([...shown(first), ...shown(second)]).size).toBe(count);
    // The latest to end first: the two oldest on the second page.
    expect(shown(second).map((maker) => maker.id).sort()).toEqual([makers[0]!.id, makers[1]!.id].sort());
    // A cursor that is not ours is the first page.
    expect(shown(await (await get("/subscriptions?cursor=s~x~y", { Cookie: fan.cookie })).text())).toHaveLength(SUBSCRIPTIONS_PAGE_SIZE);
  });
});

describe("payments are applied once per provider event", () => {
  it("a creator who stops offering stops every renewal; the periods paid for run out", async () => {
    const maker = await creator(499);
    const fans = [await member(), await member()];
    for (const fan of fans) await post(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    const answer = await fetcher("/settings/profile", { intent: "subscription-offering", offer: "off" }, maker.cookie);
    expect(answer.text).not.toContain("stopped");
    for (const fan of fans) expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ status: "active", cancelledAt: expect.any(Date) });
    // Renewal cannot be turned back on while the creator offers nothing.
    const again = await fetcher(`/profile/${maker.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fans[0]!.cookie);
    expect(again.status).toBe(403);
    expect((await subscriptionOf(fans[0]!.user.id, maker.user.id))!.cancelledAt).not.toBeNull();
  });

  it("a second first payment while a period runs changes nothing; a renewal keeps a cancel made meanwhile", async () => {
    const maker = await creator(499);
    const fan = await member();
    const order = { kind: "creator" as const, memberId: fan.user.id, creatorId: maker.user.id, plan: "monthly" as const, amountCents: 499 };
    const first = { provider: "test", eventId: `evt_${crypto.randomUUID()}`, order, subscriptionReference: null, paymentReference: `pay_${crypto.randomUUID()}`, periodEnd: Date.now() + TIME.DAY, renewal: false };
    expect(await applyPaidPeriod(db(), first)).toBe("applied");
    const again = { ...first, eventId: `evt_${crypto.randomUUID()}`, paymentReference: `pay_${crypto.randomUUID()}`, periodEnd: Date.now() + 5 * TIME.DAY };
    expect(await applyPaidPeriod(db(), again)).toBe("running");
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.expiresAt.getTime()).toBe(first.periodEnd);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
    expect(await db().select().from(notifications).where(and(eq(notifications.userId, maker.user.id), eq(notifications.type, "subscription")))).toHaveLength(1);

    await db().update(creatorSubscriptions).set({ cancelledAt: new Date() }).where(eq(creatorSubscriptions.subscriberId, fan.user.id));
    const renewal = { ...first, eventId: `evt_${crypto.randomUUID()}`, paymentReference: `pay_${crypto.randomUUID()}`, periodEnd: Date.now() + 30 * TIME.DAY, renewal: true };
    expect(await applyPaidPeriod(db(), renewal)).toBe("applied");
    const row = (await subscriptionOf(fan.user.id, maker.user.id))!;
    expect(row.expiresAt.getTime()).toBe(renewal.periodEnd);
    expect(row.cancelledAt).not.toBeNull();
  });

  it("a member back after a lapse on the other plan is billed on it, and each payment keeps the plan it paid (a review found the row kept the old plan)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const paid = (plan: "monthly" | "yearly", amountCents: number, periodEnd: number) => ({
      provider: "test",
      eventId: `evt_${crypto.randomUUID()}`,
      order: { kind: "creator" as const, memberId: fan.user.id, creatorId: maker.user.id, plan, amountCents },
      subscriptionReference: null,
      paymentReference: `pay_${crypto.randomUUID()}`,
      periodEnd,
      renewal: false,
    });
    expect(await applyPaidPeriod(db(), paid("monthly", 499, Date.now() - TIME.DAY))).toBe("applied");
    const yearly = planAmountCents(499, "yearly");
    expect(await applyPaidPeriod(db(), paid("yearly", yearly, Date.now() + 365 * TIME.DAY))).toBe("applied");
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ plan: "yearly", amountCents: yearly, status: "active" });
    const paidFor = await db().select({ plan: payments.plan, amountCents: payments.amountCents }).from(payments).where(eq(payments.userId, fan.user.id)).orderBy(payments.id);
    expect(paidFor).toEqual([
      { plan: "monthly", amountCents: 499 },
      { plan: "yearly", amountCents: yearly },
    ]);
  });

  it("the same event twice records one payment and one period", async () => {
    const maker = await creator(499);
    const fan = await member();
    const paid = {
      provider: "test",
      eventId: `evt_${crypto.randomUUID()}`,
      order: { kind: "creator" as const, memberId: fan.user.id, creatorId: maker.user.id, plan: "monthly" as const, amountCents: 499 },
      subscriptionReference: null,
      paymentReference: `pay_${crypto.randomUUID()}`,
      periodEnd: Date.now() + TIME.DAY,
      renewal: false,
    };
    const answers = await Promise.all([applyPaidPeriod(db(), paid), applyPaidPeriod(db(), paid)]);
    expect(answers.sort()).toEqual(["applied", "seen"]);
    expect(await applyPaidPeriod(db(), { ...paid, periodEnd: Date.now() + 2 * TIME.DAY })).toBe("seen");
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.expiresAt.getTime()).toBe(paid.periodEnd);
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, paid.eventId))).toHaveLength(1);
  });
});

describe("Stripe's webhook", () => {
  const secret = "whsec_test_secret";
  const config: AppConfig = { ...readConfig(env), stripe: { secretKey: "sk_test_x", webhookSecret: secret } };
  const signed = async (event: object, at = Date.now()) => {
    const payload = JSON.stringify(event);
    const t = Math.floor(at / 1000);
    return { payload, header: `t=${t},v1=${await stripeSignature(secret, t, payload)}` };
  };
  const webhookOf = async (event: object) => {
    const { payload, header } = await signed(event);
    return handleStripeWebhook(db(), config, payload, header);
  };
  const checkoutEvent = (fanId: string, creatorId: string, subscription: string) => ({
    id: `evt_${crypto.randomUUID()}`,
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${crypto.randomUUID()}`,
        mode: "subscription",
        payment_status: "paid",
        subscription,
        invoice: `in_${crypto.randomUUID()}`,
        metadata: { kind: "creator", member_id: fanId, creator_id: creatorId, plan: "monthly", amount_cents: "499" },
      },
    },
  });

  it("refuses forged, malformed and stale signatures and changes nothing", async () => {
    const maker = await creator(499);
    const fan = await member();
    const event = checkoutEvent(fan.user.id, maker.user.id, `sub_${crypto.randomUUID()}`);
    const { payload, header } = await signed(event);
    const forged = header.replace(/v1=(.)/, (_, c: string) => `v1=${c === "a" ? "b" : "a"}`);
    expect((await handleStripeWebhook(db(), config, payload, forged)).status).toBe(400);
    expect((await handleStripeWebhook(db(), config, payload.replace("499", "1"), header)).status).toBe(400);
    expect((await handleStripeWebhook(db(), config, payload, null)).status).toBe(400);
    expect((await handleStripeWebhook(db(), { ...config, stripe: { secretKey: "sk", webhookSecret: "whsec_other" } }, payload, header)).status).toBe(400);
    const stale = await signed(event, Date.now() - 10 * TIME.MINUTE);
    expect(await handleStripeWebhook(db(), config, stale.payload, stale.header)).toMatchObject({ status: 400, body: { error: "signature stale" } });
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toBeUndefined();
    // Without Stripe configured, the route is not there.
    const response = await fetchWorker(new Request("http://localhost/webhooks/stripe", { method: "POST", body: payload, headers: { "Stripe-Signature": header } }));
    expect(response.status).toBe(404);
  });

  it("activates a checkout, ignores its replay, renews on a cycle's invoice and ends on deletion", async () => {
    const maker = await creator(499);
    const fan = await member();
    const reference = `sub_${crypto.randomUUID()}`;
    // Not paid yet (a delayed payment method): nothing happens until it is.
    const unpaid = checkoutEvent(fan.user.id, maker.user.id, reference);
    unpaid.data.object.payment_status = "unpaid";
    const waiting = await signed(unpaid);
    expect(await handleStripeWebhook(db(), config, waiting.payload, waiting.header)).toMatchObject({ status: 200, body: { ignored: true } });
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toBeUndefined();

    const { payload, header } = await signed(checkoutEvent(fan.user.id, maker.user.id, reference));
    expect(await handleStripeWebhook(db(), config, payload, header)).toMatchObject({ status: 200, body: { applied: true } });
    expect(await handleStripeWebhook(db(), config, payload, header)).toMatchObject({ status: 200, body: { applied: false } });
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ status: "active", provider: "stripe", providerReference: reference });
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);

    const periodEnd = Math.floor((Date.now() + 40 * TIME.DAY) / 1000);
    const invoice = {
      id: `evt_${crypto.randomUUID()}`,
      type: "invoice.paid",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `in_${crypto.randomUUID()}`, billing_reason: "subscription_cycle", subscription: reference, lines: { data: [{ period: { end: periodEnd } }] } } },
    };
    const renewal = await signed(invoice);
    expect(await handleStripeWebhook(db(), config, renewal.payload, renewal.header)).toMatchObject({ body: { applied: true } });
    // Stripe's period and a day's grace (its renewal is paid about an hour after a period ends).
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.expiresAt.getTime()).toBe(periodEnd * 1000 + STRIPE_RENEWAL_GRACE_MS);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(2);

    const deleted = await signed({ id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.deleted", created: Math.floor(Date.now() / 1000), data: { object: { id: reference } } });
    expect(await handleStripeWebhook(db(), config, deleted.payload, deleted.header)).toMatchObject({ body: { applied: true } });
    const ended = (await subscriptionOf(fan.user.id, maker.user.id))!;
    expect(ended.status).toBe("cancelled");
    expect(ended.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    // The expiry job leaves Stripe's subscriptions to Stripe: it never renews one itself.
    expect((await userRow(maker.user.id)).subscribersCount).toBe(0);
  });

  it("a second subscription paid for is cancelled at Stripe; a cancel that fails fails the event, and Stripe's retry cancels it", async () => {
    const maker = await creator(499);
    const fan = await member();
    const first = await signed(checkoutEvent(fan.user.id, maker.user.id, `sub_${crypto.randomUUID()}`));
    expect(await handleStripeWebhook(db(), config, first.payload, first.header)).toMatchObject({ body: { applied: true } });
    const second = `sub_${crypto.randomUUID()}`;
    const twice = await signed(checkoutEvent(fan.user.id, maker.user.id, second));
    // Stripe itself, as the worker reaches it: down, then up.
    const cancels: string[] = [];
    let stripeUp = false;
    const stripe = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      cancels.push(`${init?.method} ${String(input)}`);
      return stripeUp ? Response.json({ id: second, status: "canceled" }) : Response.json({ error: { message: "unavailable" } }, { status: 503 });
    });
    try {
      await expect(handleStripeWebhook(db(), config, twice.payload, twice.header)).rejects.toThrow(/503/);
      stripeUp = true;
      expect(await handleStripeWebhook(db(), config, twice.payload, twice.header)).toMatchObject({ status: 200, body: { applied: false } });
    } finally {
      stripe.mockRestore();
    }
    expect(cancels).toEqual([`DELETE https://api.stripe.com/v1/subscriptions/${second}`, `DELETE https://api.stripe.com/v1/subscriptions/${second}`]);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(1);
    // One Stripe no longer has ('No such subscription', as for one already cancelled) is done.
    const gone = await signed(checkoutEvent(fan.user.id, maker.user.id, `sub_${crypto.randomUUID()}`));
    const missing = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ error: { code: "resource_missing" } }, { status: 404 }));
    try {
      expect(await handleStripeWebhook(db(), config, gone.payload, gone.header)).toMatchObject({ status: 200 });
    } finally {
      missing.mockRestore();
    }
  });

  it("a verified subscription Stripe ends takes the badge, and renewals to that creator stop", async () => {
    const me = await member();
    const reference = `sub_${crypto.randomUUID()}`;
    const checkout = checkoutEvent(me.user.id, me.user.id, reference);
    checkout.data.object.metadata = { kind: "verified", member_id: me.user.id, amount_cents: String(VERIFIED_PRICE_CENTS) } as typeof checkout.data.object.metadata;
    const paid = await signed(checkout);
    expect(await handleStripeWebhook(db(), config, paid.payload, paid.header)).toMatchObject({ body: { applied: true } });
    expect((await userRow(me.user.id)).verifiedType).toBe("user");
    await post("/settings/profile", { intent: "subscription-offering", offer: "on" }, me.cookie);
    const fan = await member();
    await post(`/profile/${me.user.username}`, { intent: "subscribe", plan: "monthly", priceCents: "499" }, fan.cookie);
    expect((await subscriptionOf(fan.user.id, me.user.id))!.cancelledAt).toBeNull();

    const deleted = await signed({ id: `evt_${crypto.randomUUID()}`, type: "customer.subscription.deleted", created: Math.floor(Date.now() / 1000), data: { object: { id: reference } } });
    expect(await handleStripeWebhook(db(), config, deleted.payload, deleted.header)).toMatchObject({ body: { applied: true } });
    expect((await userRow(me.user.id)).verifiedType).toBeNull();
    expect((await subscriptionOf(fan.user.id, me.user.id))!.cancelledAt).not.toBeNull();
  });

  it("pages show Stripe's own period end, not the day of grace access runs on (decision 106)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const reference = `sub_${crypto.randomUUID()}`;
    expect(await webhookOf(checkoutEvent(fan.user.id, maker.user.id, reference))).toMatchObject({ body: { applied: true } });
    const verifiedReference = `sub_${crypto.randomUUID()}`;
    const badge = checkoutEvent(fan.user.id, fan.user.id, verifiedReference);
    badge.data.object.metadata = { kind: "verified", member_id: fan.user.id, amount_cents: String(VERIFIED_PRICE_CENTS) } as typeof badge.data.object.metadata;
    expect(await webhookOf(badge)).toMatchObject({ body: { applied: true } });
    // Stripe's periods end here; the rows keep a day more.
    const stripeEnd = (await subscriptionOf(fan.user.id, maker.user.id))!.expiresAt.getTime() - STRIPE_RENEWAL_GRACE_MS;
    const badgeEnd = (await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, fan.user.id)).get())!.expiresAt.getTime() - STRIPE_RENEWAL_GRACE_MS;
    const shows = async (path: string, end: number) => {
      const html = await (await get(path, { Cookie: fan.cookie })).text();
      expect(html).toContain(formatDay(end));
      expect(html).not.toContain(formatDay(end + STRIPE_RENEWAL_GRACE_MS));
    };
    await shows("/subscriptions", stripeEnd);
    await shows(`/profile/${maker.user.username}`, stripeEnd);
    await shows("/verified", badgeEnd);
  });

  /** Stripe as the worker reaches it: every call written down; up (answers as Stripe does) or down (503). */
  function fakeStripe() {
    const calls: string[] = [];
    const state = { up: true };
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push(`${init?.method} ${url}`);
      if (!state.up) return Response.json({ error: { message: "unavailable" } }, { status: 503 });
      if (url.endsWith("/checkout/sessions")) return Response.json({ id: "cs_fake", url: "https://checkout.stripe.test/cs_fake" });
      return Response.json({ id: url.split("/").pop(), status: "canceled" });
    });
    return { calls, state, restore: () => spy.mockRestore(), of: (reference: string) => calls.filter((call) => call.includes(reference)) };
  }

  const webhook = async (event: object) => {
    const { payload, header } = await signed(event);
    return handleStripeWebhook(db(), config, payload, header);
  };
  const stripeEvent = (type: string, object: Record<string, unknown>) => ({ id: `evt_${crypto.randomUUID()}`, type, created: Math.floor(Date.now() / 1000), data: { object } });
  const verifiedCheckout = (memberId: string, subscription: string) => {
    const event = checkoutEvent(memberId, memberId, subscription);
    event.data.object.metadata = { kind: "verified", member_id: memberId, amount_cents: String(VERIFIED_PRICE_CENTS) } as typeof event.data.object.metadata;
    return event;
  };

  it("a creator who stops offering: every renewal stops here at once, and at Stripe by the cron, a part a run; one Stripe refuses is tried again (decision 123)", async () => {
    const maker = await creator(499);
    const references: string[] = [];
    for (let i = 0; i < 3; i++) {
      const fan = await member();
      const reference = `sub_${crypto.randomUUID()}`;
      expect(await webhook(checkoutEvent(fan.user.id, maker.user.id, reference))).toMatchObject({ body: { applied: true } });
      references.push(reference);
    }
    const rowsOf = () => db().select().from(creatorSubscriptions).where(eq(creatorSubscriptions.subscribedToId, maker.user.id));
    expect(toastOf(await post("/settings/profile", priceForm("0"), maker.cookie))).toBe(SUBSCRIPTION_MESSAGES.offeringDisabled);
    // Stopped here, each marked to stop at Stripe: the request itself makes no call per subscriber.
    expect((await rowsOf()).map((row) => [row.cancelledAt !== null, row.stopPending])).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    const stripe = fakeStripe();
    try {
      stripe.state.up = false;
      await expireSubscriptions(db(), config);
      // Refused: still to stop.
      expect((await rowsOf()).every((row) => row.stopPending)).toBe(true);
      stripe.state.up = true;
      await expireSubscriptions(db(), config);
      await expireSubscriptions(db(), config);
    } finally {
      stripe.restore();
    }
    for (const reference of references) {
      // Tried while down, then done once, as a cancel at the period's end (access runs to it); never again.
      expect(stripe.of(reference)).toEqual([`POST https://api.stripe.com/v1/subscriptions/${reference}`, `POST https://api.stripe.com/v1/subscriptions/${reference}`]);
    }
    expect((await rowsOf()).map((row) => [row.status, row.stopPending])).toEqual([
      ["active", false],
      ["active", false],
      ["active", false],
    ]);
  });

  it("a renewal whose stop at Stripe was still pending when its period ended unpaid is a lapsed one: stopped at Stripe once its retries are over (decision 123)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const reference = `sub_${crypto.randomUUID()}`;
    expect(await webhook(checkoutEvent(fan.user.id, maker.user.id, reference))).toMatchObject({ body: { applied: true } });
    expect(toastOf(await post("/settings/profile", priceForm("0"), maker.cookie))).toBe(SUBSCRIPTION_MESSAGES.offeringDisabled);
    const row = async () => (await subscriptionOf(fan.user.id, maker.user.id))!;
    const ended = (await row()).expiresAt.getTime();
    const stripe = fakeStripe();
    try {
      // Stripe refuses every stop until the period is over with no renewal paid.
      stripe.state.up = false;
      await expireSubscriptions(db(), config, ended + TIME.MINUTE);
      expect(await row()).toMatchObject({ status: "cancelled", cancelledAt: null, stopPending: false });
      stripe.state.up = true;
      for (let run = 0; run < 10; run++) await expireSubscriptions(db(), config, ended + STRIPE_RETRY_WINDOW_MS + run * TIME.MINUTE);
    } finally {
      stripe.restore();
    }
    expect(stripe.of(reference).at(-1)).toBe(`DELETE https://api.stripe.com/v1/subscriptions/${reference}`);
    expect((await row()).cancelledAt).not.toBeNull();
  });

  it("a renewal that never came ends the subscription and the badge here and, once Stripe's retries are over, at Stripe; one Stripe refuses is tried again by the next run (decision 095)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const subscription = `sub_${crypto.randomUUID()}`;
    expect(await webhook(checkoutEvent(fan.user.id, maker.user.id, subscription))).toMatchObject({ body: { applied: true } });
    const me = await member();
    const badge = `sub_${crypto.randomUUID()}`;
    expect(await webhook(verifiedCheckout(me.user.id, badge))).toMatchObject({ body: { applied: true } });
    // The cards declined: no invoice.paid came, both periods (and their grace) are over, and so is the
    // time Stripe retries the cards (a month and its grace, then the window).
    const later = Date.now() + 33 * TIME.DAY + STRIPE_RETRY_WINDOW_MS;
    const stripe = fakeStripe();
    try {
      stripe.state.up = false;
      await expireSubscriptions(db(), config, later);
      expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ status: "cancelled", cancelledAt: null });
      expect((await userRow(me.user.id)).verifiedType).toBeNull();
      stripe.state.up = true;
      // (Other tests' subscriptions share the database: a run takes STRIPE_LAPSED_CANCELS_PER_RUN of them.)
      for (let run = 1; run <= 10; run++) await expireSubscriptions(db(), config, later + run * TIME.MINUTE);
    } finally {
      stripe.restore();
    }
    // Cancelled now (not at the period's end: the unpaid period is the one running at Stripe), and once
    // Stripe said so, never asked again.
    for (const reference of [subscription, badge]) {
      const calls = stripe.of(reference);
      expect(calls.length).toBeGreaterThan(0);
      expect(new Set(calls)).toEqual(new Set([`DELETE https://api.stripe.com/v1/subscriptions/${reference}`]));
    }
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.cancelledAt).not.toBeNull();
    expect((await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, me.user.id)).get())!.cancelledAt).not.toBeNull();
  });

  it("a Stripe badge whose renewal never came: while Stripe retries the card, not cancelled at Stripe nor its subscribers' renewals stopped, and a retry that pays revives it; after, both stop (decision 095)", async () => {
    const me = await member();
    const badge = `sub_${crypto.randomUUID()}`;
    expect(await webhook(verifiedCheckout(me.user.id, badge))).toMatchObject({ body: { applied: true } });
    await post("/settings/profile", { intent: "subscription-offering", offer: "on" }, me.cookie);
    // Two subscribers on yearly plans (not due in this test): one in test mode, one at Stripe.
    const fan = await member();
    await post(`/profile/${me.user.username}`, { intent: "subscribe", plan: "yearly", priceCents: String(SUBSCRIPTION_DEFAULT_PRICE_CENTS) }, fan.cookie);
    const stripeFan = await member();
    const fanSubscription = `sub_${crypto.randomUUID()}`;
    const yearly = checkoutEvent(stripeFan.user.id, me.user.id, fanSubscription);
    yearly.data.object.metadata = { ...yearly.data.object.metadata, plan: "yearly", amount_cents: "4790" };
    expect(await webhook(yearly)).toMatchObject({ body: { applied: true } });
    const badgeRow = async () => (await db().select().from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, me.user.id)).get())!;
    const renewalsStopped = async () => [(await subscriptionOf(fan.user.id, me.user.id))!.cancelledAt !== null, (await subscriptionOf(stripeFan.user.id, me.user.id))!.cancelledAt !== null];
    expect(await renewalsStopped()).toEqual([false, false]);

    // The card declined: its period and grace are over, Stripe's retries are not.
    const ended = (await badgeRow()).expiresAt.getTime();
    const within = fakeStripe();
    try {
      await expireSubscriptions(db(), config, ended + TIME.DAY);
      await expireSubscriptions(db(), config, ended + STRIPE_RETRY_WINDOW_MS - TIME.MINUTE);
    } finally {
      within.restore();
    }
    // Access ends (the badge, the offering with it)…
    expect((await userRow(me.user.id)).verifiedType).toBeNull();
    expect(await badgeRow()).toMatchObject({ status: "cancelled", cancelledAt: null, providerReference: badge });
    // …but nothing is stopped while a retry may still pay.
    expect(within.of(badge)).toEqual([]);
    expect(within.of(fanSubscription)).toEqual([]);
    expect(await renewalsStopped()).toEqual([false, false]);

    // A retry pays: the row, found by its Stripe subscription, runs again, and the badge is back.
    const periodEnd = Math.floor((ended + 30 * TIME.DAY) / 1000);
    const retried = stripeEvent("invoice.paid", { id: `in_${crypto.randomUUID()}`, billing_reason: "subscription_cycle", subscription: badge, lines: { data: [{ period: { end: periodEnd } }] } });
    expect(await webhook(retried)).toMatchObject({ status: 200, body: { applied: true } });
    expect(await badgeRow()).toMatchObject({ status: "active", cancelledAt: null });
    expect((await badgeRow()).expiresAt.getTime()).toBe(periodEnd * 1000 + STRIPE_RENEWAL_GRACE_MS);
    expect((await userRow(me.user.id)).verifiedType).toBe("user");
    expect(await renewalsStopped()).toEqual([false, false]);

    // The next renewal never comes either, and Stripe's retries of it are over: stopped at Stripe now,
    // and so are the renewals to the member (here, and the Stripe subscriber's at Stripe).
    const after = fakeStripe();
    try {
      // (Other tests' subscriptions share the database: a run takes STRIPE_LAPSED_CANCELS_PER_RUN of them.)
      const later = periodEnd * 1000 + STRIPE_RENEWAL_GRACE_MS + STRIPE_RETRY_WINDOW_MS + TIME.MINUTE;
      for (let run = 0; run < 10; run++) await expireSubscriptions(db(), config, later + run * TIME.MINUTE);
    } finally {
      after.restore();
    }
    expect((await userRow(me.user.id)).verifiedType).toBeNull();
    expect(after.of(badge)).toEqual([`DELETE https://api.stripe.com/v1/subscriptions/${badge}`]);
    expect((await badgeRow()).cancelledAt).not.toBeNull();
    expect(await renewalsStopped()).toEqual([true, true]);
    expect(after.of(fanSubscription)).toEqual([`POST https://api.stripe.com/v1/subscriptions/${fanSubscription}`]);
  });

  it("subscribing again after a renewal that never came stops the old Stripe subscription before the new checkout (decision 095)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const old = `sub_${crypto.randomUUID()}`;
    await webhook(checkoutEvent(fan.user.id, maker.user.id, old));
    // Ended by the job (the grace over) while Stripe may still be retrying the card: it is not stopped at
    // Stripe yet (STRIPE_RETRY_WINDOW_MS), so a new checkout must stop it first.
    const down = fakeStripe();
    down.state.up = false;
    try {
      await expireSubscriptions(db(), config, Date.now() + 40 * TIME.DAY);
    } finally {
      down.restore();
    }
    expect(await subscriptionOf(fan.user.id, maker.user.id)).toMatchObject({ status: "cancelled", cancelledAt: null, providerReference: old });
    const context = { ...createLoadContext(new Request(`${ORIGIN}/profile/${maker.user.username}`), env, createExecutionContext()), config };
    const acting = { context, memberId: fan.user.id, origin: ORIGIN };
    const stripe = fakeStripe();
    try {
      // Stripe refusing the cancel refuses the checkout: no second subscription while the first may charge.
      stripe.state.up = false;
      await expect(subscribeToCreator(acting, maker.user.username, "monthly", 499)).rejects.toThrow(/503/);
      expect(stripe.calls.filter((call) => call.includes("/checkout/sessions"))).toEqual([]);
      stripe.state.up = true;
      expect(await subscribeToCreator(acting, maker.user.username, "monthly", 499)).toMatchObject({ ok: true, redirect: "https://checkout.stripe.test/cs_fake" });
    } finally {
      stripe.restore();
    }
    expect(stripe.calls).toEqual([
      `DELETE https://api.stripe.com/v1/subscriptions/${old}`,
      `DELETE https://api.stripe.com/v1/subscriptions/${old}`,
      "POST https://api.stripe.com/v1/checkout/sessions",
    ]);
    expect((await subscriptionOf(fan.user.id, maker.user.id))!.cancelledAt).not.toBeNull();
  });

  it("a declined renewal is recorded as a failed payment, once per attempt; the retry that succeeds is recorded as paid (decision 095)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const subscription = `sub_${crypto.randomUUID()}`;
    await webhook(checkoutEvent(fan.user.id, maker.user.id, subscription));
    const invoice = `in_${crypto.randomUUID()}`;
    const failed = stripeEvent("invoice.payment_failed", { id: invoice, billing_reason: "subscription_cycle", subscription, amount_due: 499 });
    expect(await webhook(failed)).toMatchObject({ status: 200, body: { applied: true } });
    expect(await webhook(failed)).toMatchObject({ status: 200 });
    const periodEnd = Math.floor((Date.now() + 40 * TIME.DAY) / 1000);
    await webhook(stripeEvent("invoice.paid", { id: invoice, billing_reason: "subscription_cycle", subscription, lines: { data: [{ period: { end: periodEnd } }] } }));
    const paid = await db().select().from(payments).where(eq(payments.userId, fan.user.id)).orderBy(payments.id);
    expect(paid.map((payment) => [payment.status, payment.plan])).toEqual([
      ["succeeded", "monthly"],
      ["failed", "monthly"],
      ["succeeded", "monthly"],
    ]);
    expect(paid[1]).toMatchObject({ kind: "creator_subscription", amountCents: 499, subscriptionId: (await subscriptionOf(fan.user.id, maker.user.id))!.id });
    // One for a subscription Murmur does not know changes nothing.
    expect(await webhook(stripeEvent("invoice.payment_failed", { id: `in_${crypto.randomUUID()}`, subscription: `sub_${crypto.randomUUID()}`, amount_due: 499 }))).toMatchObject({ body: { ignored: true } });
  });

  it("a checkout paid by or to an account deleted meanwhile is cancelled at Stripe and acknowledged, not failed for ever (decision 095)", async () => {
    const maker = await creator(499);
    const fan = await member();
    await db().delete(users).where(eq(users.id, maker.user.id));
    const subscription = `sub_${crypto.randomUUID()}`;
    const stripe = fakeStripe();
    try {
      expect(await webhook(checkoutEvent(fan.user.id, maker.user.id, subscription))).toMatchObject({ status: 200, body: { ignored: true } });
    } finally {
      stripe.restore();
    }
    expect(stripe.calls).toEqual([`DELETE https://api.stripe.com/v1/subscriptions/${subscription}`]);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(0);
  });

  it("a checkout paid between two members now in a block is cancelled at Stripe and applies nothing (decision 100)", async () => {
    const maker = await creator(499);
    const fan = await member();
    // The creator blocked the fan after the fan began the checkout.
    await db().insert(blocks).values({ id: newId(), blockerId: maker.user.id, blockedId: fan.user.id });
    const subscription = `sub_${crypto.randomUUID()}`;
    const stripe = fakeStripe();
    try {
      expect(await webhook(checkoutEvent(fan.user.id, maker.user.id, subscription))).toMatchObject({ status: 200, body: { ignored: true } });
    } finally {
      stripe.restore();
    }
    expect(stripe.calls).toEqual([`DELETE https://api.stripe.com/v1/subscriptions/${subscription}`]);
    expect(await db().select().from(creatorSubscriptions).where(eq(creatorSubscriptions.subscriberId, fan.user.id))).toHaveLength(0);
    expect(await db().select().from(payments).where(eq(payments.userId, fan.user.id))).toHaveLength(0);
  });

  it("a payment refunded in full at Stripe is recorded as refunded (decision 095)", async () => {
    const maker = await creator(499);
    const fan = await member();
    const event = checkoutEvent(fan.user.id, maker.user.id, `sub_${crypto.randomUUID()}`);
    await webhook(event);
    // A partial refund keeps it paid.
    expect(await webhook(stripeEvent("charge.refunded", { id: `ch_${crypto.randomUUID()}`, invoice: event.data.object.invoice, refunded: false, amount_refunded: 100 }))).toMatchObject({ body: { ignored: true } });
    expect(await webhook(stripeEvent("charge.refunded", { id: `ch_${crypto.randomUUID()}`, invoice: event.data.object.invoice, refunded: true, amount_refunded: 499 }))).toMatchObject({ body: { applied: true } });
    expect(await db().select({ status: payments.status }).from(payments).where(eq(payments.userId, fan.user.id))).toEqual([{ status: "refunded" }]);
  });
});

describe("the subscription pages", () => {
  it("each answers a member, and sends a visitor to sign in", async () => {
    const maker = await creator(499);
    const fan = await member();
    for (const path of ["/verified", "/verified/cancel", "/subscriptions", "/subscriptions?tab=discover", `/profile/${maker.user.username}/subscribe`]) {
      expect((await get(path, { Cookie: fan.cookie })).status, path).toBe(200);
      expect((await get(path)).status, path).toBe(302);
    }
    const page = await (await get(`/profile/${maker.user.username}/subscribe`, { Cookie: fan.cookie })).text();
    expect(page).toContain("$47.90 / year");
    expect(page).toContain(SUBSCRIPTION_MESSAGES.saveTwenty);
    expect((await get("/profile/nobody_here_at_all/subscribe", { Cookie: fan.cookie })).status).toBe(404);
  });

  it("the profile shows Subscribe to others, Subscription settings to its owner", async () => {
    const maker = await creator(499);
    const fan = await member();
    expect(await (await get(`/profile/${maker.user.username}`, { Cookie: fan.cookie })).text()).toContain("Subscribe · $4.99/month");
    expect(await (await get("/profile", { Cookie: maker.cookie })).text()).toContain("Subscription settings");
  });
});

import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_CANCELS_AT_ONCE, ACCOUNT_CANCELS_PER_TRY, DISCOVER_CREATORS_LIMIT, PROVIDER_STOPS_PER_RUN, STRIPE_LAPSED_CANCELS_PER_RUN, STRIPE_RETRY_WINDOW_MS, SUBSCRIPTION_DEFAULT_PRICE_CENTS, SUBSCRIPTION_EXPIRY_BATCH, SUBSCRIPTIONS_PAGE_SIZE, VERIFIED_PRICE_CENTS } from "~/lib/constants";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";
import { creatorPeriodEnd, formatPrice, periodEndShown, planAmountCents, verifiedPeriodEnd, type Plan } from "~/lib/money";
import type { CreatorCard, SubscribedPage, VerifiedStatus } from "~/lib/types/subscription";
import type { Db } from "./db/client";
import { inParts } from "./db/chunks";
import { batchable } from "./db/drizzle-internals";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { creatorSubscriptions, paymentEvents, payments, users, verifiedSubscriptions } from "./db/schema";
import { USERS_ID } from "./follows";
import { newId } from "./ids";
import { notificationInsert } from "./notifications";
import { refuse, type Outcome } from "./outcome";
import type { AppConfig } from "./env";
import { blockedPairSql } from "./posts/access";
import { parseSubscriptionCursor, subscriptionCursor } from "./posts/cursors";
import { providerNamed, providerOf, stripeCancelNow, StripeError, type Order, type PaymentProvider } from "./payments";
import { hasUsername, offeringSql } from "./users";
import { viewerKey, viewerPresentSql, viewerSql, viewerValues, type Viewer } from "./viewer";

/**
 * Creator subscriptions, the verified subscription and the creator offering (spec document 2 §2, §4,
 * §5; DESIGN.md §8; docs/decisions/037). Access is decided from the rows alone: a subscription counts
 * while its status is active and its period (expires_at) is ahead; cancelling only stops renewal, and
 * the expiry job ends it (status cancelled) when its period is over. Triggers (migration 0016) keep
 * each creator's subscriber count and give or take the verified badge with the verified subscription.
 * Every payment is applied once per provider event: its changes are conditioned on this attempt's row
 * in payment_events, in the same batch.
 */

// ───────────────────────────── payments applied ─────────────────────────────

/** A payment the provider took: what it paid for and the period it pays. */
export type PaidPeriod = {
  provider: string;
  /** The provider's event (a webhook's id, or ours for the test provider): applied once. */
  eventId: string;
  order: Order;
  /** The provider's id for the subscription (Stripe's sub_…), kept to cancel and renew through it. */
  subscriptionReference: string | null;
  paymentReference: string;
  periodEnd: number;
  /** A renewal of a running subscription (no new-subscriber notification). */
  renewal: boolean;
};

/** What applying a paid period did: applied now; seen before (nothing changed); or a first payment that found a subscription running (nothing changed: the caller undoes the payment). */
export type Applied = "applied" | "seen" | "running";

/**
 * Applies a paid period, once per (provider, eventId): the subscription made active until the period
 * ends (a new one, one that ended, or the next period), the payment recorded, and for a new creator
 * subscriber the creator notified. A first payment never replaces a period that is still running
 * (two checkouts at once pay once); a renewal extends it and keeps a cancel made meanwhile.
 */
export async function applyPaidPeriod(db: Db, paid: PaidPeriod, now = Date.now()): Promise<Applied> {
  const attempt = newId();
  const { order } = paid;
  const ours = sql`EXISTS (SELECT 1 FROM ${paymentEvents} WHERE ${paymentEvents.provider} = ${paid.provider}
    AND ${paymentEvents.eventId} = ${paid.eventId} AND ${paymentEvents.attempt} = ${attempt})`;
  const raw = (statement: SQL) => batchable(db.$client, db.run(statement));
  // A renewal keeps cancelled_at (a cancel that came meanwhile stands); a first payment starts afresh,
  // but only where nothing runs, on the plan it paid (a member back on another plan is billed on it).
  const plan = order.kind === "creator" ? order.plan : null;
  const newPlan = order.kind === "creator" ? sql`plan = excluded.plan, ` : sql``;
  const onConflict = paid.renewal
    ? sql`status = 'active', amount_cents = excluded.amount_cents, expires_at = max(expires_at, excluded.expires_at),
        provider_reference = coalesce(excluded.provider_reference, provider_reference), last_event = excluded.last_event`
    : sql`status = 'active', ${newPlan}amount_cents = excluded.amount_cents, expires_at = excluded.expires_at, cancelled_at = NULL,
        provider = excluded.provider, provider_reference = excluded.provider_reference, last_event = excluded.last_event
        WHERE status <> 'active' OR expires_at <= ${now}`;
  const subscriptionWrite =
    order.kind === "verified"
      ? raw(sql`INSERT INTO ${verifiedSubscriptions} (id, user_id, status, amount_cents, expires_at, cancelled_at, provider, provider_reference, last_event)
          SELECT ${newId()}, ${order.memberId}, 'active', ${order.amountCents}, ${paid.periodEnd}, NULL, ${paid.provider}, ${paid.subscriptionReference}, ${paid.eventId}
          WHERE ${ours}
          ON CONFLICT (user_id) DO UPDATE SET ${onConflict}`)
      : raw(sql`INSERT INTO ${creatorSubscriptions} (id, subscriber_id, subscribed_to_id, amount_cents, plan, status, expires_at, cancelled_at, provider, provider_reference, last_event)
          SELECT ${newId()}, ${order.memberId}, ${order.creatorId}, ${order.amountCents}, ${order.plan}, 'active', ${paid.periodEnd}, NULL, ${paid.provider}, ${paid.subscriptionReference}, ${paid.eventId}
          WHERE ${ours}
          ON CONFLICT (subscriber_id, subscribed_to_id) DO UPDATE SET ${onConflict}`);
  const row =
    order.kind === "verified"
      ? sql`FROM ${verifiedSubscriptions} WHERE user_id = ${order.memberId}`
      : sql`FROM ${creatorSubscriptions} WHERE subscriber_id = ${order.memberId} AND subscribed_to_id = ${order.creatorId}`;
  // This event set the period (not a first payment that found one running).
  const took = sql`EXISTS (SELECT 1 ${row} AND last_event = ${paid.eventId})`;
  const paymentWrite = raw(sql`INSERT INTO ${payments} (id, user_id, kind, subscription_id, amount_cents, currency, provider, provider_reference, status, plan)
    SELECT ${newId()}, ${order.memberId}, ${order.kind === "verified" ? "verified_subscription" : "creator_subscription"}, (SELECT id ${row}),
      ${order.amountCents}, 'usd', ${paid.provider}, ${paid.paymentReference}, 'succeeded', ${plan}
    WHERE ${ours} AND ${took} ON CONFLICT DO NOTHING`);
  const notify =
    order.kind === "creator" && !paid.renewal
      ? [notificationInsert(db, { kind: "subscription", recipients: sql`SELECT ${order.creatorId} AS id WHERE ${ours} AND ${took}`, actorId: order.memberId })]
      : [];
  const [, , , ...rest] = await db.batch([
    raw(sql`INSERT INTO ${paymentEvents} (provider, event_id, attempt) VALUES (${paid.provider}, ${paid.eventId}, ${attempt}) ON CONFLICT DO NOTHING`),
    subscriptionWrite,
    paymentWrite,
    ...notify,
    db
      .select({ attempt: paymentEvents.attempt, took: sql<number>`${took}`.as("took") })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, paid.provider), eq(paymentEvents.eventId, paid.eventId))),
  ]);
  const [answer] = rest.at(-1) as { attempt: string; took: number }[];
  if (answer?.attempt !== attempt) return "seen";
  return answer.took ? "applied" : "running";
}

/**
 * Ends a subscription the provider ended (Stripe's customer.subscription.deleted), once per event: its
 * access stops now. Answers whether this call applied it.
 */
export async function endByProvider(db: Db, provider: string, eventId: string, subscriptionReference: string, now = Date.now()): Promise<{ applied: boolean; verifiedMemberId: string | null }> {
  const attempt = newId();
  const ours = sql`EXISTS (SELECT 1 FROM ${paymentEvents} WHERE ${paymentEvents.provider} = ${provider}
    AND ${paymentEvents.eventId} = ${eventId} AND ${paymentEvents.attempt} = ${attempt})`;
  // Ended at the provider: nothing is left to stop there (a creator subscription's pending stop too).
  const end = (table: typeof creatorSubscriptions | typeof verifiedSubscriptions) =>
    batchable(
      db.$client,
      db.run(sql`UPDATE ${table} SET status = 'cancelled', expires_at = min(expires_at, ${now}), cancelled_at = coalesce(cancelled_at, ${now})${
        table === creatorSubscriptions ? sql`, stop_pending = 0` : sql``
      }
        WHERE provider = ${provider} AND provider_reference = ${subscriptionReference} AND ${ours}`),
    );
  const [, , , rows, verified] = await db.batch([
    batchable(db.$client, db.run(sql`INSERT INTO ${paymentEvents} (provider, event_id, attempt) VALUES (${provider}, ${eventId}, ${attempt}) ON CONFLICT DO NOTHING`)),
    end(creatorSubscriptions),
    end(verifiedSubscriptions),
    db.select({ attempt: paymentEvents.attempt }).from(paymentEvents).where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId))),
    db
      .select({ memberId: verifiedSubscriptions.userId })
      .from(verifiedSubscriptions)
      .where(and(eq(verifiedSubscriptions.provider, provider), eq(verifiedSubscriptions.providerReference, subscriptionReference))),
  ]);
  return { applied: rows[0]?.attempt === attempt, verifiedMemberId: verified[0]?.memberId ?? null };
}

/** The subscription a provider reference names, as an order (a Stripe renewal finds what it renews). */
export async function orderByReference(db: Db, provider: string, reference: string): Promise<{ order: Order; subscriptionId: string; creatorOffers: boolean; cancelled: boolean } | null> {
  const [creator, verified] = await db.batch([
    db
      .select({
        subscriptionId: creatorSubscriptions.id,
        memberId: creatorSubscriptions.subscriberId,
        creatorId: creatorSubscriptions.subscribedToId,
        plan: creatorSubscriptions.plan,
        amountCents: creatorSubscriptions.amountCents,
        offers: sql<number>`(SELECT ${offeringSql()} FROM ${users} WHERE ${users.id} = ${creatorSubscriptions.subscribedToId})`.as("creator_offers"),
        cancelledAt: creatorSubscriptions.cancelledAt,
      })
      .from(creatorSubscriptions)
      .where(and(eq(creatorSubscriptions.provider, provider), eq(creatorSubscriptions.providerReference, reference))),
    db
      .select({ subscriptionId: verifiedSubscriptions.id, memberId: verifiedSubscriptions.userId, amountCents: verifiedSubscriptions.amountCents, cancelledAt: verifiedSubscriptions.cancelledAt })
      .from(verifiedSubscriptions)
      .where(and(eq(verifiedSubscriptions.provider, provider), eq(verifiedSubscriptions.providerReference, reference))),
  ]);
  if (creator[0]) {
    const { subscriptionId, offers, cancelledAt, ...order } = creator[0];
    return { order: { kind: "creator", ...order }, subscriptionId, creatorOffers: Boolean(offers), cancelled: cancelledAt !== null };
  }
  if (verified[0]) {
    const { subscriptionId, cancelledAt, ...order } = verified[0];
    return { order: { kind: "verified", ...order }, subscriptionId, creatorOffers: true, cancelled: cancelledAt !== null };
  }
  return null;
}

/** Whether the member who pays for an order (and the creator it pays) still have their accounts. */
export async function accountsOfOrderExist(db: Db, order: Order): Promise<boolean> {
  const ids = [...new Set(order.kind === "creator" ? [order.memberId, order.creatorId] : [order.memberId])];
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return found.length === ids.length;
}

/**
 * Records a renewal the provider could not charge (Stripe's invoice.payment_failed) as a failed payment
 * of the subscription, so the member's records and export show it. Each failed attempt is its own event,
 * and the event is its reference: the invoice's id stays free for the payment that succeeds at a retry
 * (references are unique), and a replayed event records nothing twice.
 */
export async function recordFailedPayment(db: Db, provider: string, found: { order: Order; subscriptionId: string }, eventId: string, amountCents: number): Promise<void> {
  await db
    .insert(payments)
    .values({
      id: newId(),
      userId: found.order.memberId,
      kind: found.order.kind === "verified" ? "verified_subscription" : "creator_subscription",
      subscriptionId: found.subscriptionId,
      amountCents,
      provider,
      providerReference: eventId,
      status: "failed",
      plan: found.order.kind === "creator" ? found.order.plan : null,
    })
    .onConflictDoNothing();
}

/** A payment the provider gave back in full (Stripe's charge.refunded): recorded as refunded. Answers whether one was. */
export async function recordRefund(db: Db, provider: string, paymentReference: string): Promise<boolean> {
  const refunded = await db
    .update(payments)
    .set({ status: "refunded" })
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, paymentReference), eq(payments.status, "succeeded")))
    .returning({ id: payments.id });
  return refunded.length > 0;
}

/** The provider reference of the subscription an order is for (null: none, or none kept). */
export async function currentReference(db: Db, order: Order): Promise<string | null> {
  const row =
    order.kind === "verified"
      ? await db.select({ reference: verifiedSubscriptions.providerReference }).from(verifiedSubscriptions).where(eq(verifiedSubscriptions.userId, order.memberId)).get()
      : await db
          .select({ reference: creatorSubscriptions.providerReference })
          .from(creatorSubscriptions)
          .where(and(eq(creatorSubscriptions.subscriberId, order.memberId), eq(creatorSubscriptions.subscribedToId, order.creatorId)))
          .get();
  return row?.reference ?? null;
}

/** Stops the renewal of the subscription a provider reference names: at the provider, then here. */
export async function stopRenewal(db: Db, provider: PaymentProvider, reference: string, now = Date.now()): Promise<void> {
  await provider.cancel(reference);
  await db
    .update(creatorSubscriptions)
    .set({ cancelledAt: new Date(now) })
    .where(and(eq(creatorSubscriptions.provider, provider.name), eq(creatorSubscriptions.providerReference, reference), sql`${creatorSubscriptions.cancelledAt} IS NULL`));
}

/** Running subscriptions whose renewal was just stopped here, to stop at their provider too. */
export type StoppedRenewals = { provider: string; reference: string | null }[];

/** Stops the renewals at their providers, side by side (a failure is logged; the period paid for stays). */
function cancelStopped(config: AppConfig, stopped: StoppedRenewals): Promise<unknown> {
  return Promise.all(
    stopped.flatMap(({ provider, reference }) =>
      reference === null || provider === "test"
        ? []
        : [providerNamed(provider, config).cancel(reference).catch((error: unknown) => console.error(`Stopping the renewal of ${provider} ${reference} failed:`, error))],
    ),
  );
}

/** Stops the renewals at their providers after the response. */
export function cancelAtProviders(context: AppLoadContext, stopped: StoppedRenewals): void {
  if (stopped.some(({ provider, reference }) => reference !== null && provider !== "test")) context.cloudflare.ctx.waitUntil(cancelStopped(context.config, stopped));
}

/** A call to stop a subscription at its provider; one Stripe no longer has (404) is stopped already. */
async function stopping(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof StripeError && error.status === 404) return;
    throw error;
  }
}

/** Stops a renewal at its provider (at its period's end). */
const stopAtProvider = (config: AppConfig, provider: string, reference: string | null) => stopping(() => providerNamed(provider, config).cancel(reference));

/**
 * Stops each row at its provider (`stop`), ACCOUNT_CANCELS_AT_ONCE at a time, each written down
 * (`written`) as soon as its part has answered. Answers the first refusal; the others are tried all the same.
 */
async function stopEach<Row>(db: Db, rows: Row[], stop: (row: Row) => Promise<void>, written: (row: Row) => BatchItem<"sqlite">): Promise<unknown> {
  let refusal: unknown = null;
  for (let start = 0; start < rows.length; start += ACCOUNT_CANCELS_AT_ONCE) {
    const part = rows.slice(start, start + ACCOUNT_CANCELS_AT_ONCE);
    const results = await Promise.allSettled(part.map(stop));
    const [first, ...rest] = part.filter((_, i) => results[i]!.status === "fulfilled").map(written);
    if (first) await db.batch([first, ...rest]);
    for (const result of results) if (result.status === "rejected") refusal ??= result.reason;
  }
  return refusal;
}

/**
 * Before an account is deleted (docs/decisions/074): the renewal of every running subscription it
 * pays (creators', the verified badge) and of every one paid to it stops, at the provider first. The
 * rows go with the account, so a cancel that failed could never be tried again: unlike
 * `cancelAtProviders`, this waits for every provider's answer and throws if one refused (a Stripe
 * subscription Stripe no longer has counts as cancelled), and then the account stays.
 */
export async function stopRenewalsOfAccount(db: Db, config: AppConfig, memberId: string, now = Date.now()): Promise<void> {
  // And a creator subscription whose stop at its provider the cron has yet to make (decision 123).
  const renewing = (table: typeof creatorSubscriptions | typeof verifiedSubscriptions) =>
    and(
      sql`${table.providerReference} IS NOT NULL`,
      sql`${table.provider} <> 'test'`,
      eq(table.status, "active"),
      or(sql`${table.cancelledAt} IS NULL`, table === creatorSubscriptions ? sql`${creatorSubscriptions.stopPending} = 1` : undefined),
    );
  const fields = (table: typeof creatorSubscriptions | typeof verifiedSubscriptions) => ({ id: table.id, provider: table.provider, reference: table.providerReference });
  const [paying, paidTo, badge] = await db.batch([
    db.select(fields(creatorSubscriptions)).from(creatorSubscriptions).where(and(eq(creatorSubscriptions.subscriberId, memberId), renewing(creatorSubscriptions))),
    db.select(fields(creatorSubscriptions)).from(creatorSubscriptions).where(and(eq(creatorSubscriptions.subscribedToId, memberId), renewing(creatorSubscriptions))),
    db.select(fields(verifiedSubscriptions)).from(verifiedSubscriptions).where(and(eq(verifiedSubscriptions.userId, memberId), renewing(verifiedSubscriptions))),
  ]);
  const stopping = [
    ...[...paying, ...paidTo].map((row) => ({ ...row, table: creatorSubscriptions as typeof creatorSubscriptions | typeof verifiedSubscriptions })),
    ...badge.map((row) => ({ ...row, table: verifiedSubscriptions as typeof creatorSubscriptions | typeof verifiedSubscriptions })),
  ];
  // A few at a time, each cancel written down as soon as its provider said so: a creator with many
  // subscribers whose provider slows down (429) or fails midway keeps what was done, and the member's
  // next try goes on from there (the reads above skip what is cancelled). At most
  // ACCOUNT_CANCELS_PER_TRY a request (Workers limit a request's calls).
  for (let start = 0; start < Math.min(stopping.length, ACCOUNT_CANCELS_PER_TRY); start += ACCOUNT_CANCELS_AT_ONCE) {
    const part = stopping.slice(start, Math.min(start + ACCOUNT_CANCELS_AT_ONCE, ACCOUNT_CANCELS_PER_TRY));
    const results = await Promise.allSettled(part.map(({ provider, reference }) => stopAtProvider(config, provider, reference)));
    const [first, ...rest] = part
      .filter((_, i) => results[i]!.status === "fulfilled")
      .map(({ table, id }) =>
        table === creatorSubscriptions
          ? db.update(creatorSubscriptions).set({ cancelledAt: new Date(now), stopPending: false }).where(eq(creatorSubscriptions.id, id))
          : db.update(table).set({ cancelledAt: new Date(now) }).where(eq(table.id, id)),
      );
    if (first) await db.batch([first, ...rest]);
    const refused = results.find((result) => result.status === "rejected");
    if (refused) throw refused.reason;
  }
  if (stopping.length > ACCOUNT_CANCELS_PER_TRY) throw new Error(`${stopping.length - ACCOUNT_CANCELS_PER_TRY} renewals are still to stop: the next try goes on`);
  // Said here too (a test-mode renewal has nothing at a provider), so that an account whose deletion
  // then fails does not renew what its provider no longer will.
  await db.batch([
    db.update(creatorSubscriptions).set({ cancelledAt: new Date(now) }).where(and(or(eq(creatorSubscriptions.subscriberId, memberId), eq(creatorSubscriptions.subscribedToId, memberId)), eq(creatorSubscriptions.status, "active"), sql`${creatorSubscriptions.cancelledAt} IS NULL`)),
    db.update(verifiedSubscriptions).set({ cancelledAt: new Date(now) }).where(and(eq(verifiedSubscriptions.userId, memberId), eq(verifiedSubscriptions.status, "active"), sql`${verifiedSubscriptions.cancelledAt} IS NULL`)),
  ]);
}

// ───────────────────────────── members' actions ─────────────────────────────

/** Who acts, and where: the request's context (database, configuration). */
type Acting = { context: AppLoadContext; memberId: string; origin: string };

/** What subscribing answers: done at once (test mode), or the provider's page to go to. */
export type SubscribeResult = { name: string; redirect: string | null; resumed: boolean };

const active = (table: typeof creatorSubscriptions | typeof verifiedSubscriptions, now: number) =>
  sql`${table.status} = 'active' AND ${table.expiresAt} > ${now}`;

/**
 * Subscribe to the creator `username` names on a plan (spec document 2 §4): never to oneself, only to
 * a creator who offers subscriptions, and only at the monthly price the member was shown
 * (`shownPriceCents`: a creator who changed it meanwhile is answered with the new price, and nothing is
 * charged; decision 095). One already running is kept; one cancelled but not yet over is renewed again
 * instead of paid twice (at the price it has).
 */
export async function subscribeToCreator({ context, memberId, origin }: Acting, username: string, plan: Plan, shownPriceCents: number | undefined, now = Date.now()): Promise<Outcome<SubscribeResult>> {
  const { db } = context;
  const creator = await db
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      offers: offeringSql().as("creator_offers"),
      price: users.subscriptionPriceCents,
      // The viewer's subscription to them, running or not (one row: the pair is unique).
      rowId: creatorSubscriptions.id,
      running: sql<number | null>`${active(creatorSubscriptions, now)}`.as("subscription_running"),
      rowCancelledAt: creatorSubscriptions.cancelledAt,
      rowProvider: creatorSubscriptions.provider,
      rowReference: creatorSubscriptions.providerReference,
      blocked: blockedPairSql(memberId, USERS_ID).as("creator_blocked"),
    })
    .from(users)
    .leftJoin(creatorSubscriptions, and(eq(creatorSubscriptions.subscribedToId, users.id), eq(creatorSubscriptions.subscriberId, memberId)))
    .where(hasUsername(username))
    .get();
  if (!creator) return refuse(404, SUBSCRIPTION_MESSAGES.memberNotFound);
  if (creator.id === memberId) return refuse(400, SUBSCRIPTION_MESSAGES.notYourself);
  // Nothing to pay for between two members in a block (decision 100): the posts are not shown either way.
  if (creator.blocked) return refuse(403, SUBSCRIPTION_MESSAGES.blocked(creator.displayName));
  const row = { id: creator.rowId, provider: creator.rowProvider, reference: creator.rowReference, cancelledAt: creator.rowCancelledAt };
  if (row.id && creator.running) {
    if (!row.cancelledAt) return refuse(409, SUBSCRIPTION_MESSAGES.alreadySubscribed(creator.displayName));
    // Renewal back on only while the creator still offers (else the period paid for just runs out).
    if (!creator.offers) return refuse(403, SUBSCRIPTION_MESSAGES.notOffered(creator.displayName));
    // Cancelled, still paid for: renewal back on.
    await providerNamed(row.provider ?? "test", context.config).resume(row.reference);
    await db.update(creatorSubscriptions).set({ cancelledAt: null, stopPending: false }).where(eq(creatorSubscriptions.id, row.id));
    return { ok: true, name: creator.displayName, redirect: null, resumed: true };
  }
  if (!creator.offers) return refuse(403, SUBSCRIPTION_MESSAGES.notOffered(creator.displayName));
  if (shownPriceCents !== creator.price) return refuse(409, SUBSCRIPTION_MESSAGES.priceChanged(formatPrice(creator.price)));
  await stopLapsedBeforeCheckout(context, creatorSubscriptions, row, now);
  const order: Order = { kind: "creator", memberId, creatorId: creator.id, plan, amountCents: planAmountCents(creator.price, plan) };
  const back = `${origin}/profile/${encodeURIComponent(creator.username)}`;
  const paid = await pay(context, order, { success: `${back}?checkout=done`, cancel: back }, `Subscription to ${creator.displayName} (${plan})`, creatorPeriodEnd(now, plan));
  if (paid === "running") return refuse(409, SUBSCRIPTION_MESSAGES.alreadySubscribed(creator.displayName));
  return { ok: true, name: creator.displayName, redirect: paid.redirect, resumed: false };
}

/**
 * Pays for an order with this deploy's provider: applied at once when it approves at once, else its
 * page. 'running' when a period began meanwhile (the same order sent twice at once): nothing applied.
 */
async function pay(context: AppLoadContext, order: Order, urls: { success: string; cancel: string }, description: string, periodEnd: number): Promise<{ redirect: string | null } | "running"> {
  const provider: PaymentProvider = providerOf(context.config);
  const checkout = await provider.checkout(order, urls, description);
  if ("redirect" in checkout) return { redirect: checkout.redirect };
  const { paymentReference, subscriptionReference } = checkout.approved;
  const applied = await applyPaidPeriod(context.db, { provider: provider.name, eventId: paymentReference, order, subscriptionReference, paymentReference, periodEnd, renewal: false });
  return applied === "running" ? "running" : { redirect: null };
}

/** Cancel a creator subscription: renewal stops, access lasts until the period ends. */
export async function cancelCreatorSubscription({ context, memberId }: Acting, username: string, now = Date.now()): Promise<Outcome<{ name: string }>> {
  const { db } = context;
  const row = await db
    .select({ id: creatorSubscriptions.id, name: users.displayName, provider: creatorSubscriptions.provider, reference: creatorSubscriptions.providerReference })
    .from(creatorSubscriptions)
    .innerJoin(users, eq(users.id, creatorSubscriptions.subscribedToId))
    .where(and(eq(creatorSubscriptions.subscriberId, memberId), hasUsername(username), active(creatorSubscriptions, now), sql`${creatorSubscriptions.cancelledAt} IS NULL`))
    .get();
  if (!row) return refuse(404, SUBSCRIPTION_MESSAGES.notSubscribed);
  await providerNamed(row.provider, context.config).cancel(row.reference);
  await db.update(creatorSubscriptions).set({ cancelledAt: new Date(now) }).where(eq(creatorSubscriptions.id, row.id));
  return { ok: true, name: row.name };
}

/** Subscribe to the verified badge ($9.99 for 30 days, renewed until cancelled). */
export async function subscribeVerified({ context, memberId, origin }: Acting, now = Date.now()): Promise<Outcome<{ redirect: string | null }>> {
  const { db } = context;
  // The member's running verified subscription, if any, and whether Murmur gave them the badge: one read.
  const member = await db
    .select({
      given: badgeGivenSql,
      id: verifiedSubscriptions.id,
      running: sql<number | null>`${active(verifiedSubscriptions, now)}`.as("subscription_running"),
      cancelledAt: verifiedSubscriptions.cancelledAt,
      provider: verifiedSubscriptions.provider,
      reference: verifiedSubscriptions.providerReference,
    })
    .from(users)
    .leftJoin(verifiedSubscriptions, eq(verifiedSubscriptions.userId, users.id))
    .where(eq(users.id, memberId))
    .get();
  const row = member?.id && member.running && member.provider ? { id: member.id, cancelledAt: member.cancelledAt, provider: member.provider, reference: member.reference } : null;
  if (row && !row.cancelledAt) return refuse(409, VERIFIED_MESSAGES.alreadyVerified);
  // Murmur gave the badge (not a subscription): there is nothing to pay for (decision 073).
  if (!row && member?.given) return refuse(409, VERIFIED_MESSAGES.badgeGiven);
  if (row) {
    await providerNamed(row.provider, context.config).resume(row.reference);
    await db.update(verifiedSubscriptions).set({ cancelledAt: null }).where(eq(verifiedSubscriptions.id, row.id));
    return { ok: true, redirect: null };
  }
  if (member) await stopLapsedBeforeCheckout(context, verifiedSubscriptions, member, now);
  const order: Order = { kind: "verified", memberId, amountCents: VERIFIED_PRICE_CENTS };
  const back = `${origin}/verified`;
  const paid = await pay(context, order, { success: `${back}?checkout=done`, cancel: back }, "Murmur verified badge", verifiedPeriodEnd(now));
  if (paid === "running") return refuse(409, VERIFIED_MESSAGES.alreadyVerified);
  return { ok: true, redirect: paid.redirect };
}

/** Cancel the verified subscription: the badge stays until the period ends. */
export async function cancelVerified({ context, memberId }: Acting, now = Date.now()): Promise<Outcome> {
  const { db } = context;
  const row = await db
    .select({ id: verifiedSubscriptions.id, provider: verifiedSubscriptions.provider, reference: verifiedSubscriptions.providerReference })
    .from(verifiedSubscriptions)
    .where(and(eq(verifiedSubscriptions.userId, memberId), active(verifiedSubscriptions, now), sql`${verifiedSubscriptions.cancelledAt} IS NULL`))
    .get();
  if (!row) return refuse(404, VERIFIED_MESSAGES.notSubscribed);
  await providerNamed(row.provider, context.config).cancel(row.reference);
  await db.update(verifiedSubscriptions).set({ cancelledAt: new Date(now) }).where(eq(verifiedSubscriptions.id, row.id));
  return { ok: true };
}

/**
 * The creator offering's price (spec document 2 §4, §5), in cents already checked by the price rule: a
 * price above 0 offers subscriptions, 0 stops offering. Only a verified member may offer (checked in
 * the statement itself); stopping is always allowed, and stops the renewal of every subscription to
 * them (each runs to the end of its period; the cron stops them at their provider: `stopRenewalsTo`).
 * Subscriptions already running keep their price.
 */
export async function setSubscriptionPrice(db: Db, memberId: string, cents: number, now = Date.now()): Promise<Outcome<{ offers: boolean; cents: number }>> {
  const offers = cents > 0;
  const update = db
    .update(users)
    .set({ offersSubscriptions: offers, subscriptionPriceCents: cents, updatedAt: new Date(now) })
    .where(and(eq(users.id, memberId), offers ? sql`${users.verifiedType} IS NOT NULL` : undefined))
    .returning({ id: users.id });
  if (offers) {
    const [updated] = await db.batch([update]);
    if (updated.length === 0) return refuse(403, SUBSCRIPTION_MESSAGES.verifiedOnly, "price");
    return { ok: true, offers, cents };
  }
  await db.batch([update, stopRenewalsTo(db, [memberId], now)]);
  return { ok: true, offers, cents };
}

/**
 * Stops renewing every running subscription to these creators (at most VALUES_PER_STATEMENT; renewal
 * off, the periods paid for stay); "unverified": only to those who no longer have the badge. A creator
 * may have thousands: those a provider renews are marked to stop there (`stop_pending`), which the cron
 * does a bounded number a run (`stopPendingAtProviders`), never all in the request (decision 123).
 */
function stopRenewalsTo(db: Db, creatorIds: string[], now: number, only: "all" | "unverified" = "all") {
  return db
    .update(creatorSubscriptions)
    .set({
      cancelledAt: new Date(now),
      stopPending: sql`${creatorSubscriptions.provider} <> 'test' AND ${creatorSubscriptions.providerReference} IS NOT NULL`,
    })
    .where(
      and(
        inArray(creatorSubscriptions.subscribedToId, creatorIds),
        eq(creatorSubscriptions.status, "active"),
        sql`${creatorSubscriptions.cancelledAt} IS NULL`,
        only === "unverified" ? sql`(SELECT ${users.verifiedType} FROM ${users} WHERE ${users.id} = ${creatorSubscriptions.subscribedToId}) IS NULL` : undefined,
      ),
    )
    .returning({ id: creatorSubscriptions.id });
}

/** The settings switch: on sets the default price ($4.99), off sets 0. */
export function setOffering(db: Db, memberId: string, on: boolean) {
  return setSubscriptionPrice(db, memberId, on ? SUBSCRIPTION_DEFAULT_PRICE_CENTS : 0);
}

// ───────────────────────────── the expiry job ─────────────────────────────

type Due = { id: string; memberId: string; creatorId: string | null; plan: Plan; amountCents: number; expiresAt: Date; provider: string; renews: number };

type SubscriptionTable = typeof creatorSubscriptions | typeof verifiedSubscriptions;

/**
 * Ends or renews subscriptions whose period is over (cron, docs/decisions/037): one still renewing with
 * a provider that renews on request (the test provider) and, for a creator subscription, a creator who
 * still offers, gets its next period paid and applied (once per period: the event is the period's
 * end); every other one ends (status cancelled), which takes the verified badge back by trigger, and
 * a member who lost the badge so stops offering: the renewal of subscriptions to them stops. Stripe
 * renews on its own and says so by webhook within the grace its periods carry (STRIPE_RENEWAL_GRACE_MS);
 * one whose renewal never came (the card declined) ends here (access, the badge) while Stripe retries
 * the card, and a retry that succeeds (invoice.paid) revives it; once Stripe's retries are over
 * (STRIPE_RETRY_WINDOW_MS) it is stopped at Stripe, and a badge's member stops offering then (decision
 * 095). Test-mode subscriptions are not renewed once Stripe is configured. Answers how many it ended
 * and renewed, and whose verified subscription ended (their public profiles are purged).
 */
export async function expireSubscriptions(db: Db, config: AppConfig, now = Date.now()): Promise<{ ended: number; renewed: number; badgesEnded: string[] }> {
  // The badges first: a member whose badge ends in this run no longer offers, so no subscription to
  // them is renewed below (losing the badge stops every renewal to them; decision 095).
  const verified = await db
    .select({
      id: verifiedSubscriptions.id,
      memberId: verifiedSubscriptions.userId,
      creatorId: sql<string | null>`NULL`.as("creator_id"),
      plan: sql<Plan>`'monthly'`.as("plan"),
      amountCents: verifiedSubscriptions.amountCents,
      expiresAt: verifiedSubscriptions.expiresAt,
      provider: verifiedSubscriptions.provider,
      renews: sql<number>`${verifiedSubscriptions.cancelledAt} IS NULL`.as("renews"),
    })
    .from(verifiedSubscriptions)
    .where(and(eq(verifiedSubscriptions.status, "active"), sql`${verifiedSubscriptions.expiresAt} <= ${now}`))
    .orderBy(verifiedSubscriptions.expiresAt)
    .limit(SUBSCRIPTION_EXPIRY_BATCH);
  const badges = await renewOrEnd(db, config, verified as Due[], now);
  const badgesEnded = badges.ended.map((due) => due.memberId);
  // Members whose badge cannot come back (a test-mode period over, or one whose renewal was stopped) no
  // longer offer. A Stripe badge whose renewal never came may still be paid by one of Stripe's retries
  // (invoice.paid revives it): the renewals to its member stop only once those are over, with the
  // cancel at Stripe below. Meanwhile nothing is charged on its strength: a creator subscription is
  // renewed only while its creator offers (the badge), read at its own due time.
  await stopRenewalsToUnverified(db, badges.ended.filter((due) => due.provider !== "stripe" || !due.renews).map((due) => due.memberId), now);
  const creators = await db
    .select({
      id: creatorSubscriptions.id,
      memberId: creatorSubscriptions.subscriberId,
      creatorId: creatorSubscriptions.subscribedToId,
      plan: creatorSubscriptions.plan,
      amountCents: creatorSubscriptions.amountCents,
      expiresAt: creatorSubscriptions.expiresAt,
      provider: creatorSubscriptions.provider,
      renews: sql<number>`${creatorSubscriptions.cancelledAt} IS NULL AND (SELECT ${offeringSql()}
        FROM ${users} WHERE ${users.id} = ${creatorSubscriptions.subscribedToId})`.as("renews"),
    })
    .from(creatorSubscriptions)
    .where(and(eq(creatorSubscriptions.status, "active"), sql`${creatorSubscriptions.expiresAt} <= ${now}`))
    .orderBy(creatorSubscriptions.expiresAt)
    .limit(SUBSCRIPTION_EXPIRY_BATCH);
  const subscriptions = await renewOrEnd(db, config, creators as Due[], now);
  await stopLapsedAtStripe(db, config, now);
  await stopPendingAtProviders(db, config);
  return { ended: badges.ended.length + subscriptions.ended.length, renewed: badges.renewed + subscriptions.renewed, badgesEnded };
}

/** Renews the due subscriptions the provider renews on request, and ends the rest (only if still over). */
async function renewOrEnd(db: Db, config: AppConfig, due: Due[], now: number): Promise<{ renewed: number; ended: Due[] }> {
  let renewed = 0;
  const ending: Due[] = [];
  for (const one of due) {
    const provider = providerNamed(one.provider, config);
    const renewsHere = provider.name === one.provider && provider.renew !== null && !(one.provider === "test" && config.stripe);
    if (!one.renews || !renewsHere || !provider.renew) {
      ending.push(one);
      continue;
    }
    const order: Order = one.creatorId
      ? { kind: "creator", memberId: one.memberId, creatorId: one.creatorId, plan: one.plan, amountCents: one.amountCents }
      : { kind: "verified", memberId: one.memberId, amountCents: one.amountCents };
    try {
      const { paymentReference } = await provider.renew(order);
      // The next period from the end of this one; from now if even that is over (the job was away).
      const ended = one.expiresAt.getTime();
      const next = (start: number) => (one.creatorId ? creatorPeriodEnd(start, one.plan) : verifiedPeriodEnd(start));
      const periodEnd = next(ended) > now ? next(ended) : next(now);
      await applyPaidPeriod(db, { provider: provider.name, eventId: `renewal:${one.id}:${ended}`, order, subscriptionReference: null, paymentReference, periodEnd, renewal: true });
      renewed += 1;
    } catch (error) {
      console.error("A subscription renewal failed; it ends:", error);
      ending.push(one);
    }
  }
  const endOne = (one: Due) => {
    // Only if still over: a renewal that arrived meanwhile (a webhook) keeps it.
    const over = (table: SubscriptionTable) => and(eq(table.id, one.id), eq(table.status, "active"), sql`${table.expiresAt} <= ${now}`);
    if (!one.creatorId) return db.update(verifiedSubscriptions).set({ status: "cancelled" }).where(over(verifiedSubscriptions));
    // One whose stop at its provider was still pending (decision 123) ended with no renewal paid: it is
    // then a lapsed one like any other (cancelled_at cleared), stopped at Stripe once its retries are
    // over (`stopLapsedAtStripe`), and a retry that pays meanwhile is stopped by its webhook.
    return db
      .update(creatorSubscriptions)
      .set({
        status: "cancelled",
        cancelledAt: sql`CASE WHEN ${creatorSubscriptions.stopPending} = 1 THEN NULL ELSE ${creatorSubscriptions.cancelledAt} END`,
        stopPending: false,
      })
      .where(over(creatorSubscriptions));
  };
  const [first, ...rest] = ending.map(endOne);
  if (first) await db.batch([first, ...rest]);
  return { renewed, ended: ending };
}

/**
 * A Stripe subscription that ended here with no renewal paid and was never stopped at Stripe: its
 * renewal never stopped (cancelled_at is set once Stripe is told, by a member's cancel or ours, or by
 * Stripe's own deletion), so Stripe may still be retrying its card. By the `*_stripe_lapsed_idx`
 * indexes (their condition written as here, in literals, so the planner can use them); `over`: only
 * those whose period ended before this (Stripe's retries are over).
 */
const lapsedAtStripe = (table: SubscriptionTable, over: number) =>
  sql`${table.status} = 'cancelled' AND ${table.cancelledAt} IS NULL AND ${table.provider} = 'stripe' AND ${table.providerReference} IS NOT NULL
    AND ${table.expiresAt} <= ${over}`;

/**
 * Stops at Stripe the subscriptions whose period ended here with no renewal paid, once Stripe's retries
 * of the card are over (STRIPE_RETRY_WINDOW_MS after the period's end; decision 095): Stripe would
 * otherwise go on with the subscription, and a retry within the window is a payment (invoice.paid
 * revives the row). For a badge, the renewals to its member stop first (it will not come back; done
 * before the cancel is written down, so a run that fails between them is taken up again by the next).
 * At most STRIPE_LAPSED_CANCELS_PER_RUN of each kind a run; one Stripe refuses stays for the next run
 * (logged).
 */
async function stopLapsedAtStripe(db: Db, config: AppConfig, now: number): Promise<void> {
  if (!config.stripe) return;
  const over = now - STRIPE_RETRY_WINDOW_MS;
  const fields = (table: SubscriptionTable) => ({ id: table.id, reference: sql<string>`${table.providerReference}`.as("reference") });
  const [creators, verified] = await db.batch([
    db.select(fields(creatorSubscriptions)).from(creatorSubscriptions).where(lapsedAtStripe(creatorSubscriptions, over)).limit(STRIPE_LAPSED_CANCELS_PER_RUN),
    db
      .select({ ...fields(verifiedSubscriptions), memberId: verifiedSubscriptions.userId })
      .from(verifiedSubscriptions)
      .where(lapsedAtStripe(verifiedSubscriptions, over))
      .limit(STRIPE_LAPSED_CANCELS_PER_RUN),
  ]);
  await stopRenewalsToUnverified(db, verified.map((row) => row.memberId), now);
  const refusal = await cancelNowAtStripe(db, config.stripe.secretKey, [
    ...creators.map((row) => ({ ...row, table: creatorSubscriptions as SubscriptionTable })),
    ...verified.map(({ id, reference }) => ({ id, reference, table: verifiedSubscriptions as SubscriptionTable })),
  ], now);
  if (refusal) console.error("Stopping a lapsed Stripe subscription failed; the next run tries again:", refusal);
}

/**
 * Ends these Stripe subscriptions now (not at their period's end: that period is the one never paid),
 * ACCOUNT_CANCELS_AT_ONCE at a time, each written down (cancelled_at) as soon as Stripe says so, and
 * only while the row still names it. One Stripe no longer has (404) is done. Answers the first refusal.
 */
function cancelNowAtStripe(db: Db, secretKey: string, rows: { table: SubscriptionTable; id: string; reference: string }[], now: number): Promise<unknown> {
  return stopEach(
    db,
    rows,
    ({ reference }) => stopping(() => stripeCancelNow(secretKey, reference)),
    ({ table, id, reference }) => db.update(table).set({ cancelledAt: new Date(now) }).where(and(eq(table.id, id), eq(table.providerReference, reference), isNull(table.cancelledAt))),
  );
}

/**
 * Before a new checkout for a pair (or a member's badge) whose row does not run: the Stripe subscription
 * the row still names, if its renewal was never stopped, is stopped now (it may still be retrying the
 * card; a retry that succeeds after the new checkout would be a second charge). Stripe refusing refuses
 * the checkout (thrown: 'Failed to subscribe'), so the member is never charged twice for one row.
 */
async function stopLapsedBeforeCheckout(
  context: AppLoadContext,
  table: SubscriptionTable,
  row: { id: string | null; provider: string | null; reference: string | null; cancelledAt: Date | null },
  now: number,
): Promise<void> {
  const { stripe } = context.config;
  if (!stripe || !row.id || row.provider !== "stripe" || !row.reference || row.cancelledAt) return;
  const refusal = await cancelNowAtStripe(context.db, stripe.secretKey, [{ table, id: row.id, reference: row.reference }], now);
  if (refusal) throw refusal;
}

/**
 * Members who lost the badge no longer offer subscriptions: renewal of every running subscription to
 * them stops, here and at its provider (the periods paid for run out). Members still verified (a
 * granted badge) are left alone.
 */
export async function stopRenewalsToUnverified(db: Db, memberIds: string[], now = Date.now()): Promise<void> {
  if (memberIds.length === 0) return;
  await inParts(db, memberIds, (ids) => stopRenewalsTo(db, ids, now, "unverified"));
}

/**
 * A renewal stopped here and still to stop at its provider (creator_subscriptions_stop_pending_idx),
 * while its period runs: one ended meanwhile (Stripe's own deletion, or the period over with no renewal
 * paid) has nothing left to stop, and Stripe would refuse to change it.
 */
const stopPendingSql = sql`${creatorSubscriptions.stopPending} = 1 AND ${creatorSubscriptions.cancelledAt} IS NOT NULL AND ${creatorSubscriptions.status} = 'active'`;

/**
 * Stops at their provider the renewals stopped here with many others (`stopRenewalsTo`), at most
 * PROVIDER_STOPS_PER_RUN a run, ACCOUNT_CANCELS_AT_ONCE at a time, each written down once the provider
 * said so (or no longer has it: Stripe's 404). One refused stays for the next run (logged). Meanwhile a
 * renewal the provider charges is honoured and stopped by its webhook, as before (stripe.ts). A
 * subscription whose renewal the member turned back on since (cancelled_at cleared) is left alone.
 */
async function stopPendingAtProviders(db: Db, config: AppConfig): Promise<void> {
  const pending = await db
    .select({ id: creatorSubscriptions.id, provider: creatorSubscriptions.provider, reference: creatorSubscriptions.providerReference })
    .from(creatorSubscriptions)
    .where(stopPendingSql)
    .limit(PROVIDER_STOPS_PER_RUN);
  const refusal = await stopEach(
    db,
    pending,
    async ({ provider, reference }) => {
      // Stripe's rows wait while this deploy has no Stripe key (they could not be stopped anywhere).
      if (provider === "stripe" && !config.stripe) throw new Error("Stripe is not configured");
      await stopAtProvider(config, provider, reference);
    },
    ({ id }) => db.update(creatorSubscriptions).set({ stopPending: false }).where(and(eq(creatorSubscriptions.id, id), stopPendingSql)),
  );
  if (refusal) console.error("Stopping a renewal at its provider failed; the next run tries again:", refusal);
}

// ───────────────────────────── reading ─────────────────────────────

/** Murmur gave the member the badge: verified, and not by a subscription. */
const badgeGivenSql = sql<number>`${users.verifiedType} IS NOT NULL AND NOT ${users.verifiedBySubscription}`;

type VerifiedRow = {
  granted: number;
  status: "active" | "cancelled" | null;
  amountCents: number | null;
  expiresAt: Date | null;
  cancelledAt: Date | null;
  provider: string | null;
};

/**
 * The viewer's verification (/verified): their verified subscription (none, or its state, fee and when
 * it renews or ends), and whether Murmur gave them the badge (no subscription to offer them).
 */
export function verifiedStatusRead(db: Db, viewer: Viewer, now: number): Read<{ status: VerifiedStatus | null; granted: boolean }> {
  const read = selectRead<VerifiedRow>(
    db,
    `verified-status:${viewerKey(viewer)}`,
    () => {
      const fields = {
        granted: badgeGivenSql.as("granted"),
        status: verifiedSubscriptions.status,
        amountCents: verifiedSubscriptions.amountCents,
        expiresAt: verifiedSubscriptions.expiresAt,
        cancelledAt: verifiedSubscriptions.cancelledAt,
        provider: verifiedSubscriptions.provider,
      };
      const me = viewerSql(viewer) ?? sql`NULL`;
      return {
        fields,
        query: db.select(fields).from(users).leftJoin(verifiedSubscriptions, eq(verifiedSubscriptions.userId, users.id)).where(sql`${users.id} = ${me}`),
      };
    },
    viewerValues(viewer),
  );
  return mapRead(read, (rows) => {
    const row = rows[0];
    const granted = Boolean(row?.granted);
    if (!row || row.status !== "active" || !row.expiresAt || row.expiresAt.getTime() <= now) return { status: null, granted };
    return { status: { amountCents: row.amountCents ?? 0, expiresAt: periodEndShown(row.expiresAt.getTime(), row.provider, now), cancelled: row.cancelledAt !== null }, granted };
  });
}

type SubscriptionRow = {
  id: string;
  username: string;
  displayName: string;
  avatarUrl: string | null;
  verifiedType: "user" | "business" | null;
  amountCents: number;
  plan: Plan;
  expiresAt: Date;
  cancelledAt: Date | null;
  provider: string;
};

const S = { now: param("subscriptionsNow"), afterAt: param("subscriptionsAfterAt"), afterId: param("subscriptionsAfterId") };

/** The viewer's running subscriptions (status active, period ahead), by creator_subscriptions_subscriber_idx. */
function runningOfViewer(viewer: Viewer): SQL | undefined {
  return and(
    viewerPresentSql(viewer),
    sql`${creatorSubscriptions.subscriberId} = ${viewerSql(viewer) ?? sql`NULL`}`,
    sql`${creatorSubscriptions.status} = 'active' AND ${creatorSubscriptions.expiresAt} > ${S.now}`,
  );
}

/**
 * A page of the viewer's running subscriptions (the Subscribed tab), the latest to end first, by
 * (end of period, id) from `cursor` on (creator_subscriptions_subscriber_idx).
 */
export function mySubscriptionsRead(db: Db, viewer: Viewer, now: number, cursor: string | null = null): Read<SubscribedPage> {
  const after = parseSubscriptionCursor(cursor);
  const read = selectRead<SubscriptionRow & { subscriptionId: string }>(
    db,
    `my-subscriptions:${viewerKey(viewer)}:${after ? "after" : "first"}`,
    () => {
      const fields = {
        subscriptionId: sql<string>`${creatorSubscriptions.id}`.as("subscription_id"),
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        amountCents: creatorSubscriptions.amountCents,
        plan: creatorSubscriptions.plan,
        expiresAt: creatorSubscriptions.expiresAt,
        cancelledAt: creatorSubscriptions.cancelledAt,
        provider: creatorSubscriptions.provider,
      };
      const continues = after
        ? sql`(${creatorSubscriptions.expiresAt} < ${S.afterAt} OR (${creatorSubscriptions.expiresAt} = ${S.afterAt} AND ${creatorSubscriptions.id} < ${S.afterId}))`
        : undefined;
      const query = db
        .select(fields)
        .from(creatorSubscriptions)
        .innerJoin(users, eq(users.id, creatorSubscriptions.subscribedToId))
        .where(and(runningOfViewer(viewer), continues))
        .orderBy(desc(creatorSubscriptions.expiresAt), desc(creatorSubscriptions.id))
        .limit(SUBSCRIPTIONS_PAGE_SIZE + 1);
      return { fields, query };
    },
    { ...viewerValues(viewer), subscriptionsNow: now, subscriptionsAfterAt: after?.at ?? null, subscriptionsAfterId: after?.id ?? null },
  );
  return mapRead(read, (rows) => {
    const page = rows.slice(0, SUBSCRIPTIONS_PAGE_SIZE);
    const items = page.map((row) => ({
      id: row.subscriptionId,
      creator: { id: row.id, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl, verifiedType: row.verifiedType },
      amountCents: row.amountCents,
      plan: row.plan,
      expiresAt: periodEndShown(row.expiresAt.getTime(), row.provider, now),
      cancelled: row.cancelledAt !== null,
    }));
    // The cursor continues the order of the index: the stored end, not the one shown.
    const last = page.at(-1);
    return {
      items,
      nextCursor: rows.length > SUBSCRIPTIONS_PAGE_SIZE && last ? subscriptionCursor({ at: last.expiresAt.getTime(), id: last.subscriptionId }) : null,
    };
  });
}

/**
 * What the viewer's subscriptions cost a month (the Subscribed tab's total, over every one of them,
 * not only the page shown): a yearly plan counts as its twelfth, rounded once. A cancelled one still
 * running until its period ends is listed, but not counted: it will not be paid for again.
 */
export function mySubscriptionsTotalRead(db: Db, viewer: Viewer, now: number): Read<number> {
  const read = selectRead<{ twelfths: number }>(
    db,
    `my-subscriptions-total:${viewerKey(viewer)}`,
    () => {
      const fields = {
        twelfths: sql<number>`coalesce(sum(iif(${creatorSubscriptions.plan} = 'yearly', ${creatorSubscriptions.amountCents}, ${creatorSubscriptions.amountCents} * 12)), 0)`.as(
          "subscriptions_twelfths",
        ),
      };
      const query = db.select(fields).from(creatorSubscriptions).where(and(runningOfViewer(viewer), isNull(creatorSubscriptions.cancelledAt)));
      return { fields, query };
    },
    { ...viewerValues(viewer), subscriptionsNow: now },
  );
  return mapRead(read, (rows) => Math.round(Number(rows[0]?.twelfths ?? 0) / 12));
}

type CreatorRow = Omit<CreatorCard, "subscribed"> & { subscribed: number };

/** Discover: creators who offer subscriptions, most subscribers first (users_creators_idx), not the viewer nor anyone in a block with them. */
export function discoverCreatorsRead(db: Db, viewer: Viewer, now: number): Read<CreatorCard[]> {
  const read = selectRead<CreatorRow>(
    db,
    `discover-creators:${viewerKey(viewer)}`,
    () => {
      const me = viewerSql(viewer) ?? sql`NULL`;
      const fields = {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        avatarUrl: users.avatarUrl,
        verifiedType: users.verifiedType,
        bio: users.bio,
        priceCents: users.subscriptionPriceCents,
        subscribersCount: users.subscribersCount,
        subscribed: sql<number>`EXISTS (SELECT 1 FROM ${creatorSubscriptions} WHERE ${creatorSubscriptions.subscriberId} = ${me}
          AND ${creatorSubscriptions.subscribedToId} = ${USERS_ID} AND ${creatorSubscriptions.status} = 'active'
          AND ${creatorSubscriptions.expiresAt} > ${S.now})`.as("creator_subscribed"),
      };
      const query = db
        .select(fields)
        .from(users)
        .where(
          and(
            viewerPresentSql(viewer),
            offeringSql(),
            sql`${USERS_ID} IS NOT ${me}`,
            // Never a member in a block with the viewer, as Explore's people (decision 100).
            viewer ? sql`NOT ${blockedPairSql(me, USERS_ID)}` : undefined,
          ),
        )
        .orderBy(desc(users.subscribersCount), desc(users.id))
        .limit(DISCOVER_CREATORS_LIMIT);
      return { fields, query };
    },
    { ...viewerValues(viewer), subscriptionsNow: now },
  );
  return mapRead(read, (rows) => rows.map(({ subscribed, ...creator }) => ({ ...creator, subscribed: Boolean(subscribed) })));
}

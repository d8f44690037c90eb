import { encodeHexLowerCase } from "@oslojs/encoding";
import { z } from "zod";
import { STRIPE_RENEWAL_GRACE_MS, STRIPE_WEBHOOK_TOLERANCE_SECONDS } from "~/lib/constants";
import { creatorPeriodEnd, verifiedPeriodEnd } from "~/lib/money";
import type { Db } from "./db/client";
import type { AppConfig } from "./env";
import { inBlock } from "./blocks";
import { stripeCancelNow, StripeError, stripeProvider, type Order } from "./payments";
import { accountsOfOrderExist, applyPaidPeriod, currentReference, endByProvider, orderByReference, recordFailedPayment, recordRefund, stopRenewal, stopRenewalsToUnverified } from "./subscriptions";

/**
 * Stripe's webhook (POST /webhooks/stripe; docs/decisions/037). Nothing changes before the signature
 * is verified: Stripe-Signature's v1 is the HMAC-SHA256, with the endpoint's secret, of
 * "{timestamp}.{raw body}", and the timestamp must be within 5 minutes of now (older is a replay of a
 * captured request, refused). A valid event is applied once per event id (payment_events), so
 * Stripe's retries and a replay inside the window change nothing twice.
 *
 * - checkout.session.completed (mode subscription, paid) or async_payment_succeeded: the order in its
 *   metadata becomes active for its first period; one paid while a period runs (two checkouts) is
 *   cancelled at Stripe at once and changes nothing here.
 * - invoice.paid for a renewal (billing_reason subscription_cycle): the next period, to the invoice's
 *   period end; renewal then stops if the creator no longer offers subscriptions.
 * Periods are kept STRIPE_RENEWAL_GRACE_MS longer than Stripe's: its renewal is paid about an hour
 * after a period ends.
 * - customer.subscription.deleted: the subscription ends now.
 * - invoice.payment_failed: the failed charge is recorded as a failed payment (decision 095); the
 *   period is not changed (a retry that succeeds is an invoice.paid).
 * - charge.refunded (in full): the payment it gave back is recorded as refunded.
 * Anything else is acknowledged and ignored.
 */

const encoder = new TextEncoder();

/** Compares two strings in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The v1 signature of a payload at a timestamp (what Stripe sends, and what tests sign with). */
export async function stripeSignature(secret: string, timestamp: number, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${payload}`))));
}

export type SignatureVerdict = "valid" | "malformed" | "stale" | "forged";

/** Checks a Stripe-Signature header against the raw body, at `now` (ms). */
export async function verifyStripeSignature(header: string | null, payload: string, secret: string, now = Date.now()): Promise<SignatureVerdict> {
  if (!header) return "malformed";
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) return "malformed";
  const expected = await stripeSignature(secret, timestamp, payload);
  if (!signatures.some((signature) => sameText(signature, expected))) return "forged";
  if (Math.abs(now / 1000 - timestamp) > STRIPE_WEBHOOK_TOLERANCE_SECONDS) return "stale";
  return "valid";
}

const Metadata = z.object({
  kind: z.enum(["verified", "creator"]),
  member_id: z.string().min(1),
  creator_id: z.string().min(1).optional(),
  plan: z.enum(["monthly", "yearly"]).optional(),
  amount_cents: z.string().regex(/^\d{1,9}$/),
});

const EventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

function orderOf(metadata: unknown): Order | null {
  const parsed = Metadata.safeParse(metadata);
  if (!parsed.success) return null;
  const { kind, member_id, creator_id, plan, amount_cents } = parsed.data;
  const amountCents = Number(amount_cents);
  if (kind === "verified") return { kind, memberId: member_id, amountCents };
  if (!creator_id || !plan) return null;
  return { kind, memberId: member_id, creatorId: creator_id, plan, amountCents };
}

const text = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

/** The subscription an invoice belongs to (older and newer API versions put it in different places). */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const direct = text(invoice.subscription);
  if (direct) return direct;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  return text(parent?.subscription_details?.subscription);
}

function invoicePeriodEnd(invoice: Record<string, unknown>): number | null {
  const lines = invoice.lines as { data?: { period?: { end?: unknown } }[] } | undefined;
  const end = lines?.data?.[0]?.period?.end;
  return typeof end === "number" ? end * 1000 : null;
}

/**
 * Ends a Stripe subscription Murmur has no period for, now; its payment is left for a refund (logged).
 * A cancel that fails fails the event, so Stripe sends it again and the cancel is tried again (what the
 * event applied is not applied twice); one Stripe no longer has (404) is done.
 */
async function cancelUnknown(secretKey: string, reference: string, why: string): Promise<void> {
  console.error(`Stripe: ${reference} ${why}; cancelled now, its payment needs a refund.`);
  try {
    await stripeCancelNow(secretKey, reference);
  } catch (error) {
    if (error instanceof StripeError && error.status === 404) return;
    throw error;
  }
}

/** What the webhook answers: its status and a short JSON body, and the members whose verified badge the event gave or took (their public profiles are purged). */
export type WebhookAnswer = { status: number; body: Record<string, unknown>; badgesChanged?: string[] };

/** Handles one webhook request's raw body and signature. */
export async function handleStripeWebhook(db: Db, config: AppConfig, payload: string, signature: string | null, now = Date.now()): Promise<WebhookAnswer> {
  if (!config.stripe) return { status: 404, body: { error: "Stripe is not configured" } };
  const verdict = await verifyStripeSignature(signature, payload, config.stripe.webhookSecret, now);
  if (verdict !== "valid") return { status: 400, body: { error: `signature ${verdict}` } };
  let event: z.infer<typeof EventSchema>;
  try {
    event = EventSchema.parse(JSON.parse(payload));
  } catch {
    return { status: 400, body: { error: "not a Stripe event" } };
  }
  const object = event.data.object;
  const at = event.created * 1000;
  switch (event.type) {
    // Paid at once, or (a delayed payment method) once the payment succeeded.
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const order = orderOf(object.metadata);
      const paidNow = object.payment_status === "paid" || object.payment_status === "no_payment_required";
      if (object.mode !== "subscription" || !order || !paidNow) return { status: 200, body: { received: true, ignored: true } };
      const periodEnd = (order.kind === "verified" ? verifiedPeriodEnd(at) : creatorPeriodEnd(at, order.plan)) + STRIPE_RENEWAL_GRACE_MS;
      const reference = text(object.subscription);
      // Paid by or to an account deleted meanwhile: nothing here to give it to, and an event that
      // failed (a foreign key) would be answered 500 for days while the subscription went on charging.
      if (!(await accountsOfOrderExist(db, order))) {
        if (reference) await cancelUnknown(config.stripe.secretKey, reference, "was paid by or to an account since deleted");
        return { status: 200, body: { received: true, ignored: true } };
      }
      // Paid between two members who are now in a block (a checkout begun before it, decision 100): the
      // creator's posts are hidden from the subscriber, so nothing is given and nothing renews.
      if (order.kind === "creator" && (await inBlock(db, order.memberId, order.creatorId))) {
        if (reference) await cancelUnknown(config.stripe.secretKey, reference, "was paid between two members in a block");
        return { status: 200, body: { received: true, ignored: true } };
      }
      const result = await applyPaidPeriod(db, {
        provider: "stripe",
        eventId: event.id,
        order,
        subscriptionReference: reference,
        paymentReference: text(object.invoice) ?? text(object.id) ?? event.id,
        periodEnd,
        renewal: false,
      }, now);
      // Paid for twice (two checkouts): the period running stays; the second subscription stops now.
      // Decided from the row, so a retry of an event whose cancel failed tries it again.
      if (result !== "applied" && reference && (await currentReference(db, order)) !== reference) {
        await cancelUnknown(config.stripe.secretKey, reference, "paid for a subscription already running");
      }
      const badgesChanged = result === "applied" && order.kind === "verified" ? [order.memberId] : [];
      return { status: 200, body: { received: true, applied: result === "applied", result }, badgesChanged };
    }
    case "invoice.paid": {
      const reference = invoiceSubscription(object);
      if (object.billing_reason !== "subscription_cycle" || !reference) return { status: 200, body: { received: true, ignored: true } };
      const found = await orderByReference(db, "stripe", reference);
      const periodEnd = invoicePeriodEnd(object);
      // A subscription Murmur no longer knows (replaced, or ended here) must not go on charging.
      if (!found) {
        await cancelUnknown(config.stripe.secretKey, reference, "renewed a subscription Murmur does not know");
        return { status: 200, body: { received: true, ignored: true } };
      }
      if (periodEnd === null) return { status: 200, body: { received: true, ignored: true } };
      const result = await applyPaidPeriod(db, {
        provider: "stripe",
        eventId: event.id,
        order: found.order,
        subscriptionReference: reference,
        paymentReference: text(object.id) ?? event.id,
        periodEnd: periodEnd + STRIPE_RENEWAL_GRACE_MS,
        renewal: true,
      }, now);
      // Paid, so honoured; but one cancelled here, or to a creator who no longer offers, is not paid
      // again (sent to Stripe again on every renewal it still makes, also on a retried event).
      // Nor one between two members now in a block (decision 100; the block stopped it, unless Stripe refused then).
      const blocked = found.order.kind === "creator" && (await inBlock(db, found.order.memberId, found.order.creatorId));
      if (found.cancelled || !found.creatorOffers || blocked) await stopRenewal(db, stripeProvider(config.stripe.secretKey), reference, now);
      // A renewal that came after the job had ended the period gives the badge back (any renewal of
      // the badge purges: cheap, and the profile shows the badge as of now).
      const badgesChanged = result === "applied" && found.order.kind === "verified" ? [found.order.memberId] : [];
      return { status: 200, body: { received: true, applied: result === "applied", result }, badgesChanged };
    }
    case "invoice.payment_failed": {
      const reference = invoiceSubscription(object);
      const found = reference ? await orderByReference(db, "stripe", reference) : null;
      if (!found) return { status: 200, body: { received: true, ignored: true } };
      const amountDue = typeof object.amount_due === "number" && Number.isSafeInteger(object.amount_due) && object.amount_due >= 0 ? object.amount_due : found.order.amountCents;
      await recordFailedPayment(db, "stripe", found, event.id, amountDue);
      return { status: 200, body: { received: true, applied: true } };
    }
    case "charge.refunded": {
      // A payment is kept by its invoice (a first payment's, or a renewal's); a partial refund keeps it paid.
      const invoice = text(object.invoice);
      if (object.refunded !== true || !invoice) return { status: 200, body: { received: true, ignored: true } };
      return { status: 200, body: { received: true, applied: await recordRefund(db, "stripe", invoice) } };
    }
    case "customer.subscription.deleted": {
      const reference = text(object.id);
      if (!reference) return { status: 200, body: { received: true, ignored: true } };
      const { applied, verifiedMemberId } = await endByProvider(db, "stripe", event.id, reference, now);
      // A verified subscription that ended takes the badge, and the offering with it.
      if (verifiedMemberId) await stopRenewalsToUnverified(db, [verifiedMemberId], now);
      return { status: 200, body: { received: true, applied }, badgesChanged: applied && verifiedMemberId ? [verifiedMemberId] : [] };
    }
    default:
      return { status: 200, body: { received: true, ignored: true } };
  }
}

import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { CHECKOUT_IDEMPOTENCY_WINDOW_MS, VERIFIED_PERIOD_DAYS } from "~/lib/constants";
import type { Plan } from "~/lib/money";
import type { AppConfig } from "./env";
import { newId } from "./ids";

/**
 * The one payment-provider interface (DESIGN.md §8; docs/decisions/037). The embedded default is a
 * test-mode provider: it approves at once, the page says so, and the subscription's payment is
 * recorded like any other (locally; a production Worker takes it only with PAYMENTS = "test", decision
 * 070). With STRIPE_SECRET_KEY set, payments go through Stripe Checkout (its HTTP
 * API with fetch, no SDK) and Stripe's signed webhooks activate, renew and end subscriptions
 * (app/.server/stripe.ts). Access is always decided from the subscription rows, never from here.
 */

/** What a member pays for: the verified badge, or a creator's subscription on a plan. Amounts in cents. */
export type Order =
  | { kind: "verified"; memberId: string; amountCents: number }
  | { kind: "creator"; memberId: string; creatorId: string; plan: Plan; amountCents: number };

/** The first payment: taken at once (with the provider's references), or on the provider's own page. */
export type Checkout = { approved: { subscriptionReference: string | null; paymentReference: string } } | { redirect: string };

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** The page says plainly that no card is charged. */
  readonly testMode: boolean;
  /** Starts paying for `order`; `urls` are where the provider's own page comes back to. */
  checkout(order: Order, urls: { success: string; cancel: string }, description: string): Promise<Checkout>;
  /** Takes the next period's payment when the expiry job finds a period ended; null: the provider renews on its own and says so by webhook. */
  readonly renew: ((order: Order) => Promise<{ paymentReference: string }>) | null;
  /** Stops renewal at the period's end (the period already paid for stays). */
  cancel(subscriptionReference: string | null): Promise<void>;
  /** Renewal back on, for a member who subscribes again before a cancelled period ends. */
  resume(subscriptionReference: string | null): Promise<void>;
}

/** Approves every payment at once; each gets a reference of its own (the payment row's key). */
export const testProvider: PaymentProvider = {
  name: "test",
  testMode: true,
  async checkout() {
    return { approved: { subscriptionReference: null, paymentReference: `test_${newId()}` } };
  },
  async renew() {
    return { paymentReference: `test_${newId()}` };
  },
  async cancel() {},
  async resume() {},
};

const STRIPE_API = "https://api.stripe.com/v1";

/** Stripe's form encoding of nested parameters (`a[b][c]=…`). */
function stripeForm(params: Record<string, string | number>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) form.set(key, String(value));
  return form;
}

async function stripeCall(
  secretKey: string,
  path: string,
  params: Record<string, string | number>,
  { idempotencyKey, method = "POST" }: { idempotencyKey?: string; method?: "POST" | "DELETE" } = {},
): Promise<Record<string, unknown>> {
  const response = await fetch(`${STRIPE_API}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${secretKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
    },
    body: stripeForm(params),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new StripeError(response.status, `Stripe ${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Stripe's refusal, with its HTTP status. */
export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The metadata a Checkout session and its subscription carry back in the webhooks. */
export function orderMetadata(order: Order): Record<string, string> {
  return order.kind === "verified"
    ? { kind: "verified", member_id: order.memberId, amount_cents: String(order.amountCents) }
    : { kind: "creator", member_id: order.memberId, creator_id: order.creatorId, plan: order.plan, amount_cents: String(order.amountCents) };
}

/** Stripe Checkout in subscription mode; the webhook (stripe.ts) activates what it paid for. */
export function stripeProvider(secretKey: string): PaymentProvider {
  return {
    name: "stripe",
    testMode: secretKey.startsWith("sk_test_") || secretKey.startsWith("rk_test_"),
    async checkout(order, urls, description) {
      const metadata = orderMetadata(order);
      const recurring: Record<string, string | number> =
        order.kind === "verified"
          ? { "line_items[0][price_data][recurring][interval]": "day", "line_items[0][price_data][recurring][interval_count]": VERIFIED_PERIOD_DAYS }
          : { "line_items[0][price_data][recurring][interval]": order.plan === "yearly" ? "year" : "month" };
      const params: Record<string, string | number> = {
        mode: "subscription",
        success_url: urls.success,
        cancel_url: urls.cancel,
        client_reference_id: order.memberId,
        "line_items[0][quantity]": 1,
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": order.amountCents,
        "line_items[0][price_data][product_data][name]": description,
        ...recurring,
      };
      for (const [key, value] of Object.entries(metadata)) {
        params[`metadata[${key}]`] = value;
        params[`subscription_data[metadata][${key}]`] = value;
      }
      // The same order asked again within a few minutes (a double click, a second tab) gets the same
      // Checkout session from Stripe, never a second subscription.
      // (Every parameter is in the key: Stripe refuses a key reused with other parameters.)
      const bucket = Math.floor(Date.now() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
      const key = `checkout:${encodeHexLowerCase(sha256(new TextEncoder().encode(JSON.stringify([params, bucket]))))}`;
      const session = await stripeCall(secretKey, "/checkout/sessions", params, { idempotencyKey: key });
      if (typeof session.url !== "string") throw new Error("Stripe Checkout answered no url");
      return { redirect: session.url };
    },
    renew: null,
    async cancel(reference) {
      if (reference) await stripeCall(secretKey, `/subscriptions/${encodeURIComponent(reference)}`, { cancel_at_period_end: "true" });
    },
    async resume(reference) {
      if (reference) await stripeCall(secretKey, `/subscriptions/${encodeURIComponent(reference)}`, { cancel_at_period_end: "false" });
    },
  };
}

/** Ends a Stripe subscription now (one paid for twice: the second is stopped at once). */
export async function stripeCancelNow(secretKey: string, reference: string): Promise<void> {
  await stripeCall(secretKey, `/subscriptions/${encodeURIComponent(reference)}`, {}, { method: "DELETE" });
}

/** The provider this deploy uses: Stripe when its secret is configured, else the test-mode one. */
export function providerOf(config: AppConfig): PaymentProvider {
  return config.stripe ? stripeProvider(config.stripe.secretKey) : testProvider;
}

/** A provider by the name a subscription row keeps (renewing and cancelling go to whoever took it). */
export function providerNamed(name: string, config: AppConfig): PaymentProvider {
  if (name === "stripe" && config.stripe) return stripeProvider(config.stripe.secretKey);
  return testProvider;
}

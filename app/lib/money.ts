import {
  STRIPE_RENEWAL_GRACE_MS,
  SUBSCRIPTION_MAX_PRICE_CENTS,
  SUBSCRIPTION_MIN_PRICE_CENTS,
  TIME,
  VERIFIED_PERIOD_DAYS,
  YEARLY_DISCOUNT_PERCENT,
  YEARLY_MONTHS,
} from "./constants";

/**
 * Money and subscription periods (docs/decisions/037). Amounts are integer cents everywhere: a price
 * typed as text is read digit by digit, never through a floating-point number, and every derived
 * amount is rounded to a whole cent once.
 */

export type Plan = "monthly" | "yearly";

/** $9.99 from 999 cents. */
export function formatPrice(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}$${whole.toLocaleString("en-US")}.${rest}`;
}

/** 4.99 from 499 (what a price field shows). */
export function priceText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A price as typed ("4.99", "$5", "10.5", "0"), in cents; null when it is not a number of dollars with at most two decimals. */
export function parsePriceCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:\.(\d{0,2}))?\s*$/.exec(text);
  if (!match) return null;
  const dollars = Number(match[1]);
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  return dollars * 100 + cents;
}

/** The price rule (spec document 2 §5): 0 (off) or at least $1, and at most ours. */
export function priceProblem(cents: number): "below-minimum" | "too-high" | null {
  if (cents !== 0 && cents < SUBSCRIPTION_MIN_PRICE_CENTS) return "below-minimum";
  if (cents > SUBSCRIPTION_MAX_PRICE_CENTS) return "too-high";
  return null;
}

/** What a plan costs a period: the monthly price, or monthly × 12 × 0.8 for a year (spec document 2 §9). */
export function planAmountCents(monthlyCents: number, plan: Plan): number {
  if (plan === "monthly") return monthlyCents;
  return Math.round((monthlyCents * YEARLY_MONTHS * (100 - YEARLY_DISCOUNT_PERCENT)) / 100);
}

/** The same day and time `months` calendar months later (UTC), on the month's last day when it is shorter (Jan 31 → Feb 28). */
export function addCalendarMonths(at: number, months: number): number {
  const date = new Date(at);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}

/** When a creator subscription's period that starts at `start` ends: one calendar month, or one year. */
export function creatorPeriodEnd(start: number, plan: Plan): number {
  return addCalendarMonths(start, plan === "yearly" ? YEARLY_MONTHS : 1);
}

/** When a verified subscription's 30-day period that starts at `start` ends. */
export function verifiedPeriodEnd(start: number): number {
  return start + VERIFIED_PERIOD_DAYS * TIME.DAY;
}

/**
 * When a period ends as the member is told it (renews on, ends on, until): its `expires_at`, less the
 * grace a Stripe period is kept beyond Stripe's own (STRIPE_RENEWAL_GRACE_MS, 037), which is when
 * Stripe charges the next one; within that grace (Stripe's period over, the renewal's webhook not yet
 * here, or a cancelled one's last day), `now`, never a day already past. Access runs to `expires_at`.
 */
export function periodEndShown(expiresAt: number, provider: string | null, now: number): number {
  return provider === "stripe" ? Math.max(expiresAt - STRIPE_RENEWAL_GRACE_MS, Math.min(now, expiresAt)) : expiresAt;
}

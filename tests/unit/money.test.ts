import { describe, expect, it } from "vitest";
import { STRIPE_RENEWAL_GRACE_MS, TIME } from "~/lib/constants";
import { addCalendarMonths, creatorPeriodEnd, formatPrice, parsePriceCents, periodEndShown, planAmountCents, priceProblem, verifiedPeriodEnd } from "~/lib/money";
import { SubscriptionPriceSchema } from "~/lib/schemas/subscriptions";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";

describe("money in integer cents", () => {
  it("reads a typed price digit by digit, never through a float", () => {
    expect(parsePriceCents("4.99")).toBe(499);
    expect(parsePriceCents("0.29")).toBe(29); // 0.29 * 100 is 28.999… as a float
    expect(parsePriceCents("$10.5")).toBe(1050);
    expect(parsePriceCents("19.")).toBe(1900);
    expect(parsePriceCents("0")).toBe(0);
    for (const text of ["", "4.999", "-1", "abc", "1e3", "4,99", ".5", "NaN", "Infinity"]) expect(parsePriceCents(text), text).toBeNull();
  });

  it("holds the price rule: 0, or at least $1", () => {
    expect(priceProblem(0)).toBeNull();
    expect(priceProblem(100)).toBeNull();
    expect(priceProblem(99)).toBe("below-minimum");
    expect(priceProblem(1)).toBe("below-minimum");
    expect(priceProblem(100_000)).toBe("too-high");
    const parsed = (price: string) => SubscriptionPriceSchema.safeParse({ price });
    expect(parsed("0.5").error?.issues[0]?.message).toBe(SUBSCRIPTION_MESSAGES.priceHint);
    expect(parsed("9.99").data).toEqual({ price: 999 });
  });

  it("prices a yearly plan at monthly × 12 × 0.8, rounded once to a cent", () => {
    expect(planAmountCents(499, "monthly")).toBe(499);
    expect(planAmountCents(499, "yearly")).toBe(4790); // 47.904
    expect(planAmountCents(999, "yearly")).toBe(9590); // 95.904
    expect(planAmountCents(1999, "yearly")).toBe(19190); // 191.904
    expect(planAmountCents(105, "yearly")).toBe(1008);
  });

  it("writes cents as dollars", () => {
    expect(formatPrice(123456)).toBe("$1,234.56");
    expect(formatPrice(5)).toBe("$0.05");
  });

  it("counts periods by the calendar: a month to the same day, the month's last when shorter; a year; 30 days", () => {
    const at = (text: string) => Date.parse(text);
    expect(addCalendarMonths(at("2027-01-31T10:00:00Z"), 1)).toBe(at("2027-02-28T10:00:00Z"));
    expect(addCalendarMonths(at("2028-01-31T10:00:00Z"), 1)).toBe(at("2028-02-29T10:00:00Z"));
    expect(addCalendarMonths(at("2027-12-15T00:00:00Z"), 1)).toBe(at("2028-01-15T00:00:00Z"));
    expect(creatorPeriodEnd(at("2028-02-29T08:00:00Z"), "yearly")).toBe(at("2029-02-28T08:00:00Z"));
    expect(verifiedPeriodEnd(at("2027-01-01T00:00:00Z"))).toBe(at("2027-01-31T00:00:00Z"));
  });
});

describe("the period end a member is told (decision 106)", () => {
  const stored = Date.UTC(2027, 0, 31, 12);
  it("is the stored end for the test provider, whatever the time", () => {
    expect(periodEndShown(stored, "test", stored - 10 * TIME.DAY)).toBe(stored);
    expect(periodEndShown(stored, null, stored - TIME.HOUR)).toBe(stored);
  });
  it("is Stripe's own end for a Stripe row, a grace before the stored one; within the grace, now, never a past day", () => {
    expect(periodEndShown(stored, "stripe", stored - 10 * TIME.DAY)).toBe(stored - STRIPE_RENEWAL_GRACE_MS);
    const withinGrace = stored - STRIPE_RENEWAL_GRACE_MS / 2;
    expect(periodEndShown(stored, "stripe", withinGrace)).toBe(withinGrace);
  });
});

import { z } from "./zod";
import { SUBSCRIPTION_MESSAGES } from "../texts/subscription";
import { parsePriceCents, priceProblem } from "../money";

/**
 * The creator offering's forms (spec document 2 §4, §5; docs/decisions/037), shared by the forms
 * (conform) and the actions. One price rule for the settings tab and the profile's dialog: 0 or at
 * least $1, at most two decimals (the spec's two readings resolved in favour of the rule).
 */
export const PriceSchema = z
  .string({ error: SUBSCRIPTION_MESSAGES.priceHint })
  .max(20, { error: SUBSCRIPTION_MESSAGES.priceHint })
  .transform((text, context) => {
    const cents = parsePriceCents(text);
    const problem = cents === null ? "below-minimum" : priceProblem(cents);
    if (cents === null || problem) {
      context.addIssue({ code: "custom", message: problem === "too-high" ? SUBSCRIPTION_MESSAGES.priceTooHigh : SUBSCRIPTION_MESSAGES.priceHint });
      return z.NEVER;
    }
    return cents;
  });

/** Save in the subscription-settings dialog or the settings tab's price field. */
export const SubscriptionPriceSchema = z.object({ price: PriceSchema });

/** The settings tab's switch: on sets $4.99, off sets $0. */
export const SubscriptionOfferingSchema = z.object({ offer: z.enum(["on", "off"]) });

/**
 * The subscribe dialog's plan, and the creator's monthly price it showed (both plans' amounts follow
 * from it): a price changed since is refused, never charged (decision 095). A form without it (the
 * resume button, which charges nothing new) leaves it out.
 */
export const SubscribeSchema = z.object({
  plan: z.enum(["monthly", "yearly"]).default("monthly"),
  priceCents: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

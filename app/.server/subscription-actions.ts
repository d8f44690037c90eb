import { redirect } from "@remix-run/cloudflare";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { SubscribeSchema, SubscriptionOfferingSchema, SubscriptionPriceSchema } from "~/lib/schemas/subscriptions";
import type { MemberActionArgs } from "./actions";
import { profileUsername } from "./profiles";
import { tellNotified } from "./realtime";
import { purgePublicProfile } from "./edge-cache";
import { respond } from "./respond";
import { refuse } from "./outcome";
import { cancelCreatorSubscription, setOffering, setSubscriptionPrice, subscribeToCreator } from "./subscriptions";
import { parseSubmission } from "./submission";

/**
 * Subscribe and Cancel on a creator's profile (spec document 2 §4; docs/decisions/037): the profile's
 * action serves them beside Follow. Paying on the provider's own page (Stripe Checkout) is a redirect
 * there; the webhook activates it.
 */
export async function answerSubscription({ context, member, form, params, intent }: Pick<MemberActionArgs<"subscribe" | "unsubscribe">, "context" | "member" | "form" | "params" | "intent">) {
  const username = profileUsername(params.username);
  if (!username) return respond(context, form, refuse(404, SUBSCRIPTION_MESSAGES.memberNotFound));
  const acting = { context, memberId: member.id, origin: context.config.origin };
  if (intent === "unsubscribe") return respond(context, form, await cancelCreatorSubscription(acting, username), SUBSCRIPTION_MESSAGES.cancelled);
  const submission = parseSubmission(form, { schema: SubscribeSchema });
  if (submission.status !== "success") return respond(context, form, refuse(400, SUBSCRIPTION_MESSAGES.choosePlan));
  const outcome = await subscribeToCreator(acting, username, submission.value.plan, submission.value.priceCents);
  if (!outcome.ok) return respond(context, form, outcome);
  if (outcome.redirect) return redirect(outcome.redirect, 303);
  // The creator's Notifications badge, live (a resumed subscription is no news).
  if (!outcome.resumed) tellNotified(context, context.db, { usernames: [username] });
  return respond(context, form, outcome, SUBSCRIPTION_MESSAGES.subscribed(outcome.name));
}

/**
 * The creator offering (spec document 2 §4, §5): the settings switch ('Subscription offering enabled' /
 * 'Subscription offering disabled') and the price, from the settings tab or the profile's dialog
 * ('Subscription price updated'); one price rule for both (a preset without JavaScript is a form of
 * its own with its price). Only a verified member may offer.
 */
export async function answerSubscriptionPrice({ context, member, form, intent }: Pick<MemberActionArgs<"subscription-price" | "subscription-offering">, "context" | "member" | "form" | "intent">) {
  if (intent === "subscription-offering") {
    const submission = parseSubmission(form, { schema: SubscriptionOfferingSchema });
    if (submission.status !== "success") return respond(context, form, refuse(400, SUBSCRIPTION_MESSAGES.offeringFailed));
    const on = submission.value.offer === "on";
    const outcome = await setOffering(context.db, member.id, on);
    // The public profile shows the offering (its Subscribe button, docs/decisions/028).
    if (outcome.ok) await purgePublicProfile(context, member.username);
    // The answer says what was saved, never whose subscriptions stopped.
    return respond(context, form, outcome.ok ? { ok: true } : outcome, on ? SUBSCRIPTION_MESSAGES.offeringEnabled : SUBSCRIPTION_MESSAGES.offeringDisabled);
  }
  const submission = parseSubmission(form, { schema: SubscriptionPriceSchema });
  if (submission.status !== "success") {
    const problem = submission.error?.price?.[0] ?? SUBSCRIPTION_MESSAGES.priceHint;
    return respond(context, form, refuse(400, problem, "price"));
  }
  const outcome = await setSubscriptionPrice(context.db, member.id, submission.value.price);
  // The public profile shows the price (docs/decisions/028).
  if (outcome.ok) await purgePublicProfile(context, member.username);
  // A price of $0 turns the offering off, and says so.
  return respond(context, form, outcome.ok ? { ok: true } : outcome, submission.value.price === 0 ? SUBSCRIPTION_MESSAGES.offeringDisabled : SUBSCRIPTION_MESSAGES.priceUpdated);
}

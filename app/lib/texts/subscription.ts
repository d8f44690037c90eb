import { SUBSCRIPTION_ACTION_TEXTS } from "./actions";

/** Creator subscriptions and the verified badge (spec document 2 §2, §4, §5, §8; docs/decisions/037). */
export const SUBSCRIPTION_MESSAGES = {
  ...SUBSCRIPTION_ACTION_TEXTS,
  subscribed: (name: string) => `Subscribed to ${name}!`,
  cancelled: "Subscription cancelled successfully!",
  offeringEnabled: "Subscription offering enabled",
  offeringDisabled: "Subscription offering disabled",
  priceUpdated: "Subscription price updated",
  priceHint: "Set to $0 to disable subscriptions. Minimum $1 for paid subscriptions.",
  verifiedOnly: "Only verified users can offer profile subscriptions. Get verified to unlock monetization features.",
  saveTwenty: "Save 20%",
  subscribedTab: "Subscribed",
  loadMore: "Load more",
  discoverTab: "Discover",
  // Ours, where the spec is silent.
  notYourself: "You cannot subscribe to yourself",
  notOffered: (name: string) => `${name} does not offer subscriptions`,
  alreadySubscribed: (name: string) => `You are already subscribed to ${name}`,
  notSubscribed: "You have no active subscription to cancel",
  // A block between the two, either way (decision 100).
  blocked: (name: string) => `You can't subscribe to ${name}`,
  /** A profile's banner over a running subscription (`SubscribedBanner`): renewing, cancelled, or ending because the creator stopped offering. */
  subscribedUntil: (until: string, plan: string, price: string) => `Subscribed until ${until} (${plan}, ${price}).`,
  cancelledUntil: (until: string) => `Subscription cancelled. You have access until ${until}.`,
  noLongerOffered: (name: string, until: string) => `${name} no longer offers subscriptions. You have access until ${until}.`,
  priceTooHigh: "The highest price is $999.99 a month",
  memberNotFound: "User not found",
  choosePlan: "Choose a monthly or yearly plan",
  /** The creator changed their price after the dialog was drawn: nothing was charged (decision 095). */
  priceChanged: (price: string) => `The price changed to ${price} a month. Please check it and subscribe again.`,
  checkoutPending: "Payment received. Your subscription starts as soon as the payment provider confirms it, usually within seconds: reload the page to see it.",
  testMode: "Test mode: no card is charged. Payments are approved at once and recorded.",
  noSubscriptions: "No subscriptions yet",
  noSubscriptionsHint: "Subscribe to creators to see their subscriber-only posts.",
  noCreators: "No creators offer subscriptions yet",
  loadFailed: "Failed to load subscriptions",
} as const;

import { VERIFIED_ACTION_TEXTS } from "./actions";

export const VERIFIED_MESSAGES = {
  ...VERIFIED_ACTION_TEXTS,
  verifiedAccount: "Verified Account",
  notVerified: "Not Verified",
  getVerified: "Get Verified",
  subscribeNow: "Subscribe Now",
  cancelSubscription: "Cancel Subscription",
  /** The spec's four benefits (document 2 §2); what each means here is ours. */
  benefits: {
    badge: { title: "Verified Badge", text: "A badge next to your name wherever it shows." },
    monetization: { title: "Monetization", text: "Offer subscriptions and subscriber-only posts." },
    support: { title: "Priority Support", text: "Your questions are answered first." },
    analytics: { title: "Advanced Analytics", text: "See your posts' views, likes, reposts and comments in all, and which were viewed most." },
  },
  loadFailed: "Failed to load verification status",
  activated: "Verified subscription activated!",
  cancelled: "Verified subscription cancelled",
  cancelConfirm: "Are you sure you want to cancel your verified subscription? You will lose access to verified features.",
  // Ours, where the spec is silent.
  alreadyVerified: "Your verified subscription is already active",
  notSubscribed: "You have no verified subscription to cancel",
  badgeGiven: "Murmur gave your account its badge, so there is nothing to subscribe to",
  analyticsTitle: "Your analytics",
  yourPosts: "Your posts",
  totals: { posts: "Posts", views: "Views", likes: "Likes", reposts: "Reposts", comments: "Comments" },
  benefitsTitle: "Benefits",
  perMonth: "per month",
  mostViewed: "Most viewed",
  noPostsYet: "Your numbers show here once you have posted.",
  mediaOnly: "A post with media",
  givenTitle: "Verified by Murmur",
  givenNotice: "Murmur gave your account its badge. It costs you nothing and needs no subscription.",
  renewalNotice: "Your subscription renews automatically every 30 days until you cancel. Cancelling keeps your badge until the end of the period you paid for.",
} as const;

import type { Plan } from "../money";
import type { Author } from "./post";

/**
 * The viewer's verified subscription while it lasts (/verified): its fee, when it renews or ends, and
 * whether renewal was cancelled. `expiresAt` here and in `RunningSubscription` is the period's end as the
 * member was charged for it (`periodEndShown`: Stripe's own, without the grace access runs on).
 */
export type VerifiedStatus = { amountCents: number; expiresAt: number; cancelled: boolean };

/** A verified member's own posts in numbers (/verified, Advanced Analytics): totals, and the most viewed. */
export type PostStats = {
  posts: number;
  views: number;
  likes: number;
  reposts: number;
  comments: number;
  top: { id: string; excerpt: string; hasMedia: boolean; views: number; likes: number }[];
};

/** One running creator subscription (the Subscribed tab, a profile's banner). */
export type RunningSubscription = { amountCents: number; plan: Plan; expiresAt: number; cancelled: boolean };

/** A creator on the Discover tab. */
export type CreatorCard = Author & { bio: string | null; priceCents: number; subscribersCount: number; subscribed: boolean };

/** One of the viewer's running subscriptions on the Subscribed tab (`id`: the subscription's). */
export type SubscribedEntry = RunningSubscription & { id: string; creator: Author };

/** A page of the Subscribed tab, the latest to end first; `nextCursor` continues it ('Load more'). */
export type SubscribedPage = { items: SubscribedEntry[]; nextCursor: string | null };

export type SubscriptionsPage = {
  subscribed: SubscribedPage;
  /** What every running subscription costs a month (yearly plans as their twelfth), in cents. */
  monthlyTotalCents: number;
  discover: CreatorCard[];
};

/**
 * What a profile says about subscribing (spec document 2 §2): the creator's monthly price when they
 * offer subscriptions (null otherwise), the viewer's running subscription to them, and for the owner
 * whether they may offer (verified).
 */
export type ProfileSubscription = { priceCents: number | null; mine: RunningSubscription | null; canOffer: boolean };

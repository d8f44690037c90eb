import { Link, useFetcher } from "@remix-run/react";
import { MemberIdentity } from "~/components/member-identity";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { countOf, formatDay } from "~/lib/format";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { formatPrice } from "~/lib/money";
import type { CreatorCard, SubscribedPage, SubscriptionsPage } from "~/lib/types/subscription";
import { useAppendedPages } from "~/lib/use-appended-pages";

export type SubscriptionsTab = "subscribed" | "discover";

const TABS: { tab: SubscriptionsTab; label: string; href: string }[] = [
  { tab: "subscribed", label: SUBSCRIPTION_MESSAGES.subscribedTab, href: "/subscriptions" },
  { tab: "discover", label: SUBSCRIPTION_MESSAGES.discoverTab, href: "/subscriptions?tab=discover" },
];

/** /subscriptions (spec document 2 §2): tabs Subscribed and Discover (links, so they work without JavaScript). */
export function SubscriptionsView({ tab, subscribed, monthlyTotalCents, discover, failed }: SubscriptionsPage & { tab: SubscriptionsTab; failed: string | null }) {
  return (
    <div>
      <PageHeader title="Subscriptions">
        <nav aria-label="Subscription tabs" className="flex border-b border-line">
          {TABS.map(({ tab: name, label, href }) => (
            <Link
              key={name}
              to={href}
              aria-current={name === tab ? "page" : undefined}
              className={`flex-1 py-3 text-center font-semibold hover:bg-surface ${name === tab ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {label}
            </Link>
          ))}
        </nav>
      </PageHeader>
      {failed ? (
        <p role="alert" className="p-6 text-center text-danger">
          {failed}
        </p>
      ) : tab === "subscribed" ? (
        <Subscribed subscriptions={subscribed} monthlyTotalCents={monthlyTotalCents} />
      ) : (
        <Discover creators={discover} />
      )}
    </div>
  );
}

const subscriptionsOf = (page: SubscribedPage) => page.items;

/** The running subscriptions and their total a month; 'Load more' pages on (a link without JavaScript, appended with it). */
function Subscribed({ subscriptions, monthlyTotalCents }: { subscriptions: SubscribedPage; monthlyTotalCents: number }) {
  const fetcher = useFetcher<{ subscribed: SubscribedPage }>();
  const { entries, cursor, loading, loadMore, listRef } = useAppendedPages(subscriptions, fetcher.data?.subscribed, fetcher, subscriptionsOf);
  const next = cursor ? `/subscriptions?${new URLSearchParams({ cursor })}` : null;
  if (entries.length === 0) {
    return (
      <div className="px-6 py-16 text-center">
        <h2 className="text-xl font-bold">{SUBSCRIPTION_MESSAGES.noSubscriptions}</h2>
        <p className="mt-2 text-muted">{SUBSCRIPTION_MESSAGES.noSubscriptionsHint}</p>
        <Link to="/subscriptions?tab=discover" className={buttonClass("primary", "mt-4 inline-block")}>
          Discover creators
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="border-b border-line px-4 py-3">
        <span className="text-muted">Total per month: </span>
        <strong data-testid="monthly-total">{formatPrice(monthlyTotalCents)}</strong>
      </p>
      <ul ref={listRef} aria-label={SUBSCRIPTION_MESSAGES.subscribedTab}>
        {entries.map(({ id, creator, amountCents, plan, expiresAt, cancelled }) => (
          <li key={id} tabIndex={-1} className="focus-inset border-b border-line">
            <Link to={`/profile/${creator.username}`} className="flex items-center gap-3 px-4 py-3 hover:bg-surface">
              <MemberIdentity member={creator}>
                <span className="block text-sm text-muted">
                  {`${formatPrice(amountCents)} / ${plan === "yearly" ? "year" : "month"} · ${cancelled ? "ends" : "renews"} ${formatDay(expiresAt)}`}
                </span>
              </MemberIdentity>
            </Link>
          </li>
        ))}
      </ul>
      {next ? (
        <LoadMoreLink to={next} loading={loading} onLoad={() => loadMore(next)}>
          {SUBSCRIPTION_MESSAGES.loadMore}
        </LoadMoreLink>
      ) : null}
    </>
  );
}

function Discover({ creators }: { creators: CreatorCard[] }) {
  if (creators.length === 0) {
    return (
      <div className="px-6 py-16 text-center">
        <h2 className="text-xl font-bold">{SUBSCRIPTION_MESSAGES.noCreators}</h2>
      </div>
    );
  }
  return (
    <ul aria-label="Discover">
      {creators.map((creator) => (
        <li key={creator.id} className="flex items-center gap-3 border-b border-line px-4 py-3">
          <Link to={`/profile/${creator.username}`} className="flex min-w-0 flex-1 items-center gap-3 hover:underline">
            <MemberIdentity member={creator} line={`@${creator.username} · ${countOf(creator.subscribersCount, "subscriber", "subscribers")}`}>
              {creator.bio ? (
                <span className="line-clamp-2 block text-sm" dir="auto">
                  {creator.bio}
                </span>
              ) : null}
            </MemberIdentity>
          </Link>
          {creator.subscribed ? (
            <span className="text-sm font-semibold text-accent">Subscribed</span>
          ) : (
            <Link
              to={`/profile/${creator.username}/subscribe`}
              aria-label={`Subscribe · ${formatPrice(creator.priceCents)}/mo to ${creator.displayName}`}
              className={buttonClass("primary", "shrink-0 px-4 py-1.5 text-sm")}
            >
              {`Subscribe · ${formatPrice(creator.priceCents)}/mo`}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

import { Link } from "@remix-run/react";
import { useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { Icon, type IconName } from "~/components/icon";
import { MemberIdentity } from "~/components/member-identity";
import { PageHeader } from "~/components/page-header";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { Dialog } from "~/components/ui/dialog";
import { SubmitButton } from "~/components/ui/submit-button";
import { VERIFIED_PRICE_CENTS } from "~/lib/constants";
import { countOf, formatCount, formatDay } from "~/lib/format";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";
import { formatPrice } from "~/lib/money";
import type { Author } from "~/lib/types/post";
import type { PostStats, VerifiedStatus } from "~/lib/types/subscription";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { CheckoutPending, TestModeNotice } from "./subscribe";

export const VERIFIED_PATH = "/verified";

/** `granted`: Murmur gave the member the badge (no subscription to offer them, decision 073). */
/** `stats`: a verified member's own posts in numbers (Advanced Analytics), else null. */
export type VerifiedData = { member: Author; status: VerifiedStatus | null; granted: boolean; stats: PostStats | null; failed: string | null };

const BENEFITS: { icon: IconName; title: string; text: string }[] = [
  { icon: "badge-check", ...VERIFIED_MESSAGES.benefits.badge },
  { icon: "star", ...VERIFIED_MESSAGES.benefits.monetization },
  { icon: "shield-check", ...VERIFIED_MESSAGES.benefits.support },
  { icon: "bar-chart", ...VERIFIED_MESSAGES.benefits.analytics },
];

/**
 * /verified (spec document 2 §2): the member's card and status; with a subscription its fee, next
 * billing date and Cancel Subscription (confirmed: a dialog with JavaScript, a page without); without
 * one, Get Verified at $9.99 per month with Subscribe Now. Then the benefits and the renewal notice.
 */
export function VerifiedView({ member, status, granted, stats, failed }: VerifiedData) {
  const verified = member.verifiedType !== null;
  return (
    <div>
      <PageHeader title="Verified" />
      <div className="flex flex-col gap-4 p-4">
        <section aria-label="Your account" className="flex items-center gap-3 rounded-2xl border border-line p-4">
          <MemberIdentity member={member} />
          <p className={`ml-auto flex items-center gap-1 text-sm font-semibold ${verified ? "text-accent" : "text-muted"}`}>
            <Icon name={verified ? "badge-check" : "shield"} className="size-4" />
            {verified ? VERIFIED_MESSAGES.verifiedAccount : VERIFIED_MESSAGES.notVerified}
          </p>
        </section>
        {failed ? (
          <p role="alert" className="rounded-2xl border border-line p-4 text-danger">
            {failed}
          </p>
        ) : status ? (
          <ActiveSubscription status={status} />
        ) : granted ? (
          <BadgeGiven />
        ) : (
          <GetVerified />
        )}
        {granted && !status ? null : <TestModeNotice />}
        {status || granted ? null : <CheckoutPending />}
        {stats ? <Analytics stats={stats} /> : null}
        <section aria-labelledby="benefits-title" className="rounded-2xl border border-line p-4">
          <h2 id="benefits-title" className="mb-3 text-lg font-bold">
            {VERIFIED_MESSAGES.benefitsTitle}
          </h2>
          <ul className="flex flex-col gap-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="flex gap-3">
                <Icon name={benefit.icon} className="mt-0.5 size-5 text-accent" />
                <span>
                  <span className="block font-semibold">{benefit.title}</span>
                  <span className="text-sm text-muted">{benefit.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        {granted && !status ? null : <p className="text-sm text-muted">{VERIFIED_MESSAGES.renewalNotice}</p>}
      </div>
    </div>
  );
}

/** Advanced Analytics: the member's own posts in numbers, and the most viewed of them. */
function Analytics({ stats }: { stats: PostStats }) {
  const { totals: names } = VERIFIED_MESSAGES;
  const totals: [string, number][] = [
    [names.posts, stats.posts],
    [names.views, stats.views],
    [names.likes, stats.likes],
    [names.reposts, stats.reposts],
    [names.comments, stats.comments],
  ];
  return (
    <section aria-labelledby="analytics-title" className="rounded-2xl border border-line p-4">
      <h2 id="analytics-title" className="text-lg font-bold">
        {VERIFIED_MESSAGES.analyticsTitle}
      </h2>
      <h3 className="mt-3 text-sm font-semibold text-muted">{VERIFIED_MESSAGES.yourPosts}</h3>
      <dl className="mt-1 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-surface p-2 text-center">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-bold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {stats.top.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{VERIFIED_MESSAGES.noPostsYet}</p>
      ) : (
        <>
          <h3 className="mt-4 text-sm font-semibold text-muted">{VERIFIED_MESSAGES.mostViewed}</h3>
          <ol className="mt-1 flex flex-col">
            {stats.top.map((post) => (
              <li key={post.id} className="border-b border-line last:border-b-0">
                <Link to={`/post/${post.id}`} className="flex items-center gap-3 py-2 hover:bg-surface">
                  <span className="min-w-0 flex-1 truncate" dir="auto">
                    {post.excerpt || VERIFIED_MESSAGES.mediaOnly}
                  </span>
                  <span className="shrink-0 text-sm text-muted tabular-nums">{`${countOf(post.views, "view", "views")} · ${countOf(post.likes, "like", "likes")}`}</span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** A badge Murmur gave: nothing to pay for. */
function BadgeGiven() {
  return (
    <section aria-labelledby="badge-given-title" className="rounded-2xl border border-line p-4">
      <h2 id="badge-given-title" className="text-lg font-bold">
        {VERIFIED_MESSAGES.givenTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">{VERIFIED_MESSAGES.givenNotice}</p>
    </section>
  );
}

function GetVerified() {
  return (
    <section aria-labelledby="get-verified-title" className="rounded-2xl border border-accent/40 bg-accent/5 p-4">
      <h2 id="get-verified-title" className="text-lg font-bold">
        {VERIFIED_MESSAGES.getVerified}
      </h2>
      <p className="mt-1 text-2xl font-extrabold">
        {formatPrice(VERIFIED_PRICE_CENTS)} <span className="text-base font-normal text-muted">{VERIFIED_MESSAGES.perMonth}</span>
      </p>
      <SubscribeNow />
    </section>
  );
}

/** Subscribe Now: a first subscription, or renewal back on after a cancel (the period paid for still runs). */
function SubscribeNow() {
  const { fetcher, busy } = useActionFetcher("verified-subscribe");
  return (
    <FetcherForm fetcher={fetcher} action={VERIFIED_PATH} className="mt-3">
      <input type="hidden" name="intent" value="verified-subscribe" />
      <ReturnTo to={VERIFIED_PATH} />
      <SubmitButton busy={busy} busyLabel="Subscribing...">
        {VERIFIED_MESSAGES.subscribeNow}
      </SubmitButton>
    </FetcherForm>
  );
}

function ActiveSubscription({ status }: { status: VerifiedStatus }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="subscription-title" className="rounded-2xl border border-line p-4">
      <h2 id="subscription-title" className="text-lg font-bold">
        Your subscription
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Status</dt>
        <dd className="font-semibold">{status.cancelled ? "Cancelled" : "Active"}</dd>
        <dt className="text-muted">Monthly fee</dt>
        <dd>{formatPrice(status.amountCents)}</dd>
        <dt className="text-muted">{status.cancelled ? "Ends on" : "Next billing date"}</dt>
        <dd>{formatDay(status.expiresAt)}</dd>
      </dl>
      {status.cancelled ? (
        <SubscribeNow />
      ) : (
        <Link
          to={`${VERIFIED_PATH}/cancel`}
          onClick={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
          className={buttonClass("secondary", "mt-3 inline-block text-danger")}
        >
          {VERIFIED_MESSAGES.cancelSubscription}
        </Link>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={VERIFIED_MESSAGES.cancelSubscription}>
        {confirming ? <CancelVerifiedForm onCancel={() => setConfirming(false)} /> : null}
      </Dialog>
    </section>
  );
}

/** The cancel confirmation (spec document 2 §4), in the dialog or on its own page. */
export function CancelVerifiedForm({ onCancel }: { onCancel?: () => void }) {
  const { fetcher, busy } = useActionFetcher("verified-cancel", (answer) => {
    if (answer.ok) onCancel?.();
  });
  return (
    <FetcherForm fetcher={fetcher} action={VERIFIED_PATH} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="verified-cancel" />
      <ReturnTo to={VERIFIED_PATH} />
      <p>{VERIFIED_MESSAGES.cancelConfirm}</p>
      <ConfirmActions label={VERIFIED_MESSAGES.cancelSubscription} busyLabel="Cancelling..." busy={busy} onCancel={onCancel} cancelHref={VERIFIED_PATH} />
    </FetcherForm>
  );
}

import { Link, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useId, useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SubmitButton } from "~/components/ui/submit-button";
import { EARNINGS_PREVIEW_SUBSCRIBERS, SUBSCRIPTION_PRICE_PRESETS_CENTS } from "~/lib/constants";
import { formatDay } from "~/lib/format";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";
import { formatPrice, parsePriceCents, planAmountCents, priceProblem, priceText, type Plan } from "~/lib/money";
import type { ProfileView } from "~/lib/types/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useHydrated } from "~/lib/use-hydrated";

/** Where the owner's price is saved (the settings tab's action serves the profile's dialog too). */
export const SUBSCRIPTION_SETTINGS_PATH = "/settings/profile";

/** A link that opens a dialog once JavaScript runs, and its own page before. */
function useDialogLink() {
  const [open, setOpen] = useState(false);
  const onClick = (event: React.MouseEvent) => {
    event.preventDefault();
    setOpen(true);
  };
  return { open, onClick, close: () => setOpen(false) };
}

/** The payments are the embedded test-mode provider's (docs/decisions/037): pages that take money say so. */
export function TestModeNotice() {
  const testMode = useRouteLoaderData<{ paymentsTestMode?: boolean }>("routes/_app")?.paymentsTestMode;
  if (!testMode) return null;
  return <p className="rounded-xl bg-surface px-4 py-3 text-sm text-muted">{SUBSCRIPTION_MESSAGES.testMode}</p>;
}

/** Back from the provider's own payment page: the webhook activates what was paid for, usually within seconds. */
export function CheckoutPending() {
  const [params] = useSearchParams();
  if (params.get("checkout") !== "done") return null;
  return (
    <p role="status" className="mt-3 rounded-xl bg-surface px-4 py-3 text-sm">
      {SUBSCRIPTION_MESSAGES.checkoutPending}
    </p>
  );
}

/**
 * On a creator's profile (spec document 2 §2): Subscribe while the viewer has no subscription (the
 * subscribe dialog, or its page without JavaScript), else the subscribed-until banner with Cancel (or,
 * once cancelled, Subscribe again before the period ends). A visitor's Subscribe leads to sign in.
 */
export function ProfileSubscription({ profile, signIn }: { profile: ProfileView; signIn?: string }) {
  const { subscription } = profile;
  if (profile.isSelf) return <OwnerSubscriptionTools profile={profile} />;
  if (subscription.mine) return <SubscribedBanner profile={profile} />;
  if (subscription.priceCents === null) return null;
  if (signIn) {
    return (
      <Link to={`/auth?${new URLSearchParams({ returnTo: `/profile/${profile.username}/subscribe` })}`} className={buttonClass("primary", "mt-3 inline-flex px-4 py-1.5 text-sm")}>
        {`Subscribe · ${formatPrice(subscription.priceCents)}/month`}
      </Link>
    );
  }
  return (
    <>
      <SubscribeButton profile={profile} priceCents={subscription.priceCents} />
      <CheckoutPending />
    </>
  );
}

function SubscribeButton({ profile, priceCents }: { profile: ProfileView; priceCents: number }) {
  const dialog = useDialogLink();
  const title = `Subscribe to ${profile.displayName}`;
  return (
    <>
      <Link to={`/profile/${profile.username}/subscribe`} onClick={dialog.onClick} className={buttonClass("primary", "mt-3 inline-flex px-4 py-1.5 text-sm")}>
        {`Subscribe · ${formatPrice(priceCents)}/month`}
      </Link>
      <Dialog open={dialog.open} onClose={dialog.close} title={title}>
        {dialog.open ? <SubscribeForm username={profile.username} priceCents={priceCents} onDone={dialog.close} /> : null}
      </Dialog>
    </>
  );
}

/** The subscribe dialog's form (spec document 2 §4, §9): monthly, or yearly at × 12 × 0.8 ('Save 20%'). */
export function SubscribeForm({ username, priceCents, onDone }: { username: string; priceCents: number; onDone?: () => void }) {
  const { fetcher, busy } = useActionFetcher(`subscribe:${username.toLowerCase()}`, (answer) => {
    if (answer.ok) onDone?.();
  });
  const plans: { plan: Plan; label: string; price: string; note?: string }[] = [
    { plan: "monthly", label: "Monthly", price: `${formatPrice(planAmountCents(priceCents, "monthly"))} / month` },
    { plan: "yearly", label: "Yearly", price: `${formatPrice(planAmountCents(priceCents, "yearly"))} / year`, note: SUBSCRIPTION_MESSAGES.saveTwenty },
  ];
  return (
    <FetcherForm fetcher={fetcher} action={`/profile/${username}`} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="subscribe" />
      {/* The price shown here: one the creator changed meanwhile is refused, never charged. */}
      <input type="hidden" name="priceCents" value={priceCents} />
      <ReturnTo to={`/profile/${username}`} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Choose a plan</legend>
        {plans.map(({ plan, label, price, note }) => (
          <label key={plan} className="flex cursor-pointer items-center gap-3 rounded-xl border border-line p-3 has-[:checked]:border-accent">
            <input type="radio" name="plan" value={plan} defaultChecked={plan === "monthly"} className="accent-accent" />
            <span className="flex-1">
              <span className="block font-semibold">{label}</span>
              <span className="text-sm text-muted">{price}</span>
            </span>
            {note ? <span className="rounded-full bg-accent/10 px-2 py-0.5 text-xs font-bold text-accent">{note}</span> : null}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-muted">Subscribers see this creator&apos;s subscriber-only posts. Renews until you cancel.</p>
      <TestModeNotice />
      <SubmitButton busy={busy} busyLabel="Subscribing...">
        Subscribe
      </SubmitButton>
    </FetcherForm>
  );
}

function SubscribedBanner({ profile }: { profile: ProfileView }) {
  const mine = profile.subscription.mine!;
  const key = `subscribe:${profile.username.toLowerCase()}`;
  const cancel = useActionFetcher(`unsubscribe:${profile.username.toLowerCase()}`);
  const resume = useActionFetcher(key);
  const until = formatDay(mine.expiresAt);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-xl border border-accent/40 bg-accent/5 px-3 py-2 text-sm">
      <span className="flex-1">
        {!mine.cancelled
          ? SUBSCRIPTION_MESSAGES.subscribedUntil(until, mine.plan, formatPrice(mine.amountCents))
          : profile.subscription.priceCents === null
            ? // The creator stopped offering (or lost the badge): their doing, not the member's (decision 106).
              SUBSCRIPTION_MESSAGES.noLongerOffered(profile.displayName, until)
            : SUBSCRIPTION_MESSAGES.cancelledUntil(until)}
      </span>
      {mine.cancelled && profile.subscription.priceCents === null ? null : mine.cancelled ? (
        <FetcherForm fetcher={resume.fetcher} action={`/profile/${profile.username}`}>
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="plan" value={mine.plan} />
          <ReturnTo />
          <SubmitButton busy={resume.busy} busyLabel="Subscribing..." className="px-3 py-1 text-sm">
            Subscribe again
          </SubmitButton>
        </FetcherForm>
      ) : (
        <FetcherForm fetcher={cancel.fetcher} action={`/profile/${profile.username}`}>
          <input type="hidden" name="intent" value="unsubscribe" />
          <ReturnTo />
          <SubmitButton variant="secondary" busy={cancel.busy} busyLabel="Cancelling..." className="px-3 py-1 text-sm">
            Cancel subscription
          </SubmitButton>
        </FetcherForm>
      )}
    </div>
  );
}

/** The owner's Subscription settings: the price dialog for a verified member, else the get-verified upsell. */
function OwnerSubscriptionTools({ profile }: { profile: ProfileView }) {
  const dialog = useDialogLink();
  const { canOffer, priceCents } = profile.subscription;
  return (
    <>
      <Link
        to={canOffer ? `${SUBSCRIPTION_SETTINGS_PATH}#subscription` : "/verified"}
        onClick={dialog.onClick}
        className={buttonClass("secondary", "mt-3 inline-flex px-4 py-1.5 text-sm")}
      >
        Subscription settings
      </Link>
      <Dialog open={dialog.open} onClose={dialog.close} title={canOffer ? "Subscription settings" : VERIFIED_MESSAGES.getVerified}>
        {!dialog.open ? null : canOffer ? <PriceForm priceCents={priceCents ?? 0} onSaved={dialog.close} /> : <GetVerifiedUpsell />}
      </Dialog>
    </>
  );
}

/** The get-verified upsell (spec document 2 §4): offering subscriptions needs the badge. */
export function GetVerifiedUpsell() {
  return (
    <div className="flex flex-col gap-4">
      <p>{SUBSCRIPTION_MESSAGES.verifiedOnly}</p>
      <Link to="/verified" className={buttonClass("primary", "self-start")}>
        {VERIFIED_MESSAGES.getVerified}
      </Link>
    </div>
  );
}

/**
 * The price form (spec document 2 §4, §5, §9): the presets, the price (0 stops offering, else at least
 * $1, two decimals at most: the hint and Save disabled with JavaScript; the server holds the same
 * rule), and what 100 and 1,000 subscribers would bring a month.
 */
export function PriceForm({ priceCents, onSaved }: { priceCents: number; onSaved?: () => void }) {
  const hydrated = useHydrated();
  const id = useId();
  const [text, setText] = useState(priceText(priceCents));
  const { fetcher, busy } = useActionFetcher<{ ok: boolean; message?: string | null }>("subscription-price", (answer) => {
    if (answer.ok) onSaved?.();
  });
  const cents = parsePriceCents(text);
  const problem = cents === null ? "below-minimum" : priceProblem(cents);
  const hint = problem === "too-high" ? SUBSCRIPTION_MESSAGES.priceTooHigh : SUBSCRIPTION_MESSAGES.priceHint;
  const presets = SUBSCRIPTION_PRICE_PRESETS_CENTS.map((preset) => ({ preset, label: formatPrice(preset), pressed: cents === preset }));
  return (
    <div className="flex flex-col gap-3">
      {/* Without JavaScript each preset is a form of its own that saves it at once (outside the price
          form, so Enter in the field never sends a preset); with it, a preset fills the field. */}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Preset prices">
        {presets.map(({ preset, label, pressed }) =>
          hydrated ? (
            <button
              key={preset}
              type="button"
              onClick={() => setText(priceText(preset))}
              aria-pressed={pressed}
              className={buttonClass(pressed ? "primary" : "secondary", "px-3 py-1 text-sm")}
            >
              {label}
            </button>
          ) : (
            <form key={preset} method="post" action={SUBSCRIPTION_SETTINGS_PATH}>
              <input type="hidden" name="intent" value="subscription-price" />
              <input type="hidden" name="price" value={priceText(preset)} />
              <ReturnTo to={`${SUBSCRIPTION_SETTINGS_PATH}#subscription`} />
              <button type="submit" className={buttonClass(pressed ? "primary" : "secondary", "px-3 py-1 text-sm")}>
                {label}
              </button>
            </form>
          ),
        )}
      </div>
      <FetcherForm fetcher={fetcher} action={SUBSCRIPTION_SETTINGS_PATH} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="subscription-price" />
        <ReturnTo to={`${SUBSCRIPTION_SETTINGS_PATH}#subscription`} />
        <label htmlFor={id} className="font-semibold">
          Monthly price (USD)
        </label>
        <input
          id={id}
          name="price"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={hydrated && problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          className="rounded-lg border border-field bg-bg px-3 py-2"
        />
        <p id={`${id}-hint`} className={`text-sm ${hydrated && problem ? "text-danger" : "text-muted"}`}>
          {hint}
        </p>
        {cents !== null && !problem && cents > 0 ? (
          <ul aria-label="Earnings preview" className="text-sm text-muted">
            {EARNINGS_PREVIEW_SUBSCRIBERS.map((count) => (
              <li key={count}>{`${count.toLocaleString("en-US")} subscribers: ${formatPrice(cents * count)} / month`}</li>
            ))}
          </ul>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Saving..." disabled={hydrated && problem !== null} className="self-start">
          Save
        </SubmitButton>
      </FetcherForm>
    </div>
  );
}

/**
 * The settings tab's subscription price section (spec document 2 §2, §4): the switch (on sets $4.99, off
 * sets $0) and, while on, the price form. A member who is not verified sees why and where to get it.
 */
export function SubscriptionPriceSection({ priceCents, canOffer }: { priceCents: number; canOffer: boolean }) {
  const offering = priceCents > 0;
  const { fetcher, busy } = useActionFetcher("subscription-offering");
  const upsell = useDialogLink();
  return (
    <section id="subscription" aria-labelledby="subscription-title" className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <h3 id="subscription-title" className="text-lg font-bold">
        Subscription price
      </h3>
      <p className="text-sm text-muted">
        {offering ? `Subscriptions are on at ${formatPrice(priceCents)} a month.` : "Let people subscribe to you for subscriber-only posts."}
      </p>
      {!canOffer && !offering ? (
        <>
          <p className="text-sm">{SUBSCRIPTION_MESSAGES.verifiedOnly}</p>
          <Link to="/verified" onClick={upsell.onClick} className={buttonClass("primary", "self-start px-4 py-1.5 text-sm")}>
            Enable subscriptions
          </Link>
          <Dialog open={upsell.open} onClose={upsell.close} title={VERIFIED_MESSAGES.getVerified}>
            {upsell.open ? <GetVerifiedUpsell /> : null}
          </Dialog>
        </>
      ) : (
        <FetcherForm fetcher={fetcher} action={SUBSCRIPTION_SETTINGS_PATH}>
          <input type="hidden" name="intent" value="subscription-offering" />
          <input type="hidden" name="offer" value={offering ? "off" : "on"} />
          <ReturnTo to={`${SUBSCRIPTION_SETTINGS_PATH}#subscription`} />
          <SubmitButton variant={offering ? "secondary" : "primary"} busy={busy} busyLabel="Saving..." className="px-4 py-1.5 text-sm">
            {offering ? "Disable subscriptions" : "Enable subscriptions"}
          </SubmitButton>
        </FetcherForm>
      )}
      {offering ? <PriceForm key={priceCents} priceCents={priceCents} /> : null}
    </section>
  );
}

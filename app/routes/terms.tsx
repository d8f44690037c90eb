import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal";
import { MINIMUM_AGE, PARENTAL_CONSENT_AGE, PRICE_CHANGE_NOTICE_DAYS, VERIFIED_PERIOD_DAYS, VERIFIED_PRICE_CENTS, YEARLY_DISCOUNT_PERCENT } from "~/lib/constants";
import { formatPrice } from "~/lib/money";

export const meta: MetaFunction = () => [
  { title: "Terms of Service | Murmur" },
  { name: "description", content: "The terms that apply when you use Murmur." },
];

export default function TermsOfService() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms govern your use of Murmur. Please read them together with our{" "}
        <Link to="/privacy" className="text-accent underline">Privacy Policy</Link>.
      </p>

      <h2>Eligibility</h2>
      <p>
        You must be at least {MINIMUM_AGE} years old to use Murmur. If you are under {PARENTAL_CONSENT_AGE}, you may use
        Murmur only with the consent of a parent or legal guardian.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password secret and tell us if you think someone else has used your account. You are responsible for what
        is posted from your account.
      </p>

      <h2>Your content</h2>
      <p>
        You keep ownership of what you post. You give Murmur permission to store, display and distribute it so the service can
        work. Do not post content that is illegal, harasses others, incites violence, spreads hate, infringes copyright or is
        spam. Anyone can report a post, and we may remove content or suspend accounts that break these rules.
      </p>
      <p>
        Who can see your posts depends on your settings, and comments on other people&apos;s posts are seen by everyone who
        can see those posts: see the <Link to="/privacy" className="text-accent underline">Privacy Policy</Link>.
      </p>

      <h2>Paid features</h2>
      <ul>
        <li>
          The verified subscription costs {formatPrice(VERIFIED_PRICE_CENTS)} per month and renews every {VERIFIED_PERIOD_DAYS} days until you cancel.
        </li>
        <li>
          Creators may offer subscriptions at a monthly price they set, paid each month or once a year ({YEARLY_DISCOUNT_PERCENT}% less); each renews at
          the end of its period until you cancel. Subscribers get the creator's subscriber-only posts.
        </li>
        <li>Payments are processed by Stripe, our card payment provider.</li>
        <li>We will give you at least {PRICE_CHANGE_NOTICE_DAYS} days notice before a price changes.</li>
        <li>You can cancel at any time. Cancellation takes effect at the end of the current billing period, and you keep access until then.</li>
      </ul>

      <h2>Ending your use</h2>
      <p>
        You can stop using Murmur and delete your account at any time, in{" "}
        <Link to="/settings/account" className="text-accent underline">Settings › Account</Link>. Communities you created that
        others have joined must be deleted first. Deleting your account cancels the renewal of your subscriptions and of
        subscriptions to you. The Privacy Policy says what is kept after that, and for how long. We may suspend accounts
        that break these terms.
      </p>

      <h2>Changes to these terms</h2>
      <p>If we change these terms in a material way, we will tell you before the changes take effect.</p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal";
import { MINIMUM_AGE, PARENTAL_CONSENT_AGE, PRICE_CHANGE_NOTICE_DAYS, VERIFIED_PRICE_CENTS } from "~/lib/constants";
import { formatPrice } from "~/lib/money";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | Murmur" },
  { name: "description", content: "How Murmur collects, uses and protects your information." },
];

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what information Murmur collects when you use the service, how we use it and the choices you
        have. By using Murmur you agree to this policy and to our <Link to="/terms" className="text-accent underline">Terms of Service</Link>.
      </p>

      <h2>Who may use Murmur</h2>
      <p>
        You must be at least {MINIMUM_AGE} years old to create an account. If you are under {PARENTAL_CONSENT_AGE}, you
        need the consent of a parent or legal guardian, who agrees to this policy on your behalf.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>Account information: your e-mail address, username, display name and password (stored only as a salted hash).</li>
        <li>Profile information you choose to add: bio, location, website, avatar and banner images.</li>
        <li>Content you create: posts, images, videos, comments, messages, likes, reposts, bookmarks and reports.</li>
        <li>Activity: which posts you view, so that view counts and recommendations work.</li>
        <li>Payment records: the amount, date and status of payments. Card details go directly to our card payment provider and never reach our servers.</li>
        <li>Technical data: your IP address, used to protect accounts against abuse (for example, limiting sign-in attempts).</li>
      </ul>

      <h2>How we use information</h2>
      <ul>
        <li>To run Murmur: show your posts, deliver messages and notifications, and keep you signed in.</li>
        <li>To personalise your feed using the hashtags of the posts you write.</li>
        <li>To keep the community safe: review reports, prevent spam and enforce our terms.</li>
        <li>To process payments for creator subscriptions and the verified badge.</li>
      </ul>

      <h2>Payments</h2>
      <p>
        The verified subscription costs {formatPrice(VERIFIED_PRICE_CENTS)} per month. Payments are handled by a card
        payment provider under its own privacy policy; we receive only a confirmation and a reference to the payment.
        We give at least {PRICE_CHANGE_NOTICE_DAYS} days notice before a price changes, and a cancelled subscription
        ends at the end of the current billing period.
      </p>

      <h2>What others can see</h2>
      <p>
        Your profile and public posts can be seen by anyone, including visitors who are not signed in. Subscriber-only
        posts are shown only to your active subscribers. Direct messages are visible only to the two participants.
      </p>

      <h2>Cookies</h2>
      <p>
        We use a small number of cookies that Murmur needs to work: one that keeps you signed in, one that remembers your
        light or dark theme, and a short-lived one that carries on-screen messages between pages. We do not use
        advertising cookies.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>You can edit your profile and delete your posts at any time.</li>
        <li>You can change notification and privacy settings in Settings.</li>
        <li>
          You can change your password and delete your account in{" "}
          <Link to="/settings/account" className="text-accent underline">Settings › Account</Link>.
        </li>
        <li>You can ask us for a copy of your data.</li>
      </ul>

      <h2>When you delete your account</h2>
      <p>
        Your account is deleted at once, with your profile, settings, posts and their images and videos, comments, likes,
        reposts, bookmarks, follows, notifications, direct messages (both sides of each conversation) and payment records,
        and you are signed out everywhere. Counts on other people&apos;s posts and profiles no longer include you. View counts
        stay as totals. The renewal of your subscriptions is cancelled with the card payment provider, which keeps its own
        records under its own privacy policy. Files may take a few minutes to leave our storage, and pages kept in caches
        expire within minutes.
      </p>

      <h2>Changes to this policy</h2>
      <p>We will tell you about material changes to this policy before they take effect.</p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

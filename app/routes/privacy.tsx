import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { LegalPage } from "~/components/legal";
import {
  MINIMUM_AGE,
  NOTIFICATION_RETENTION_DAYS,
  PARENTAL_CONSENT_AGE,
  PASSWORD_RESET_LIFETIME_MS,
  PRICE_CHANGE_NOTICE_DAYS,
  RATE_LIMITS,
  REPORT_RETENTION_MS,
  SESSION_LIFETIME_MS,
  SUPPORT_REQUEST_RETENTION_MS,
  TIME,
  VERIFIED_PRICE_CENTS,
} from "~/lib/constants";
import { formatPrice } from "~/lib/money";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | Murmur" },
  { name: "description", content: "How Murmur collects, uses and protects your information." },
];

const linkClass = "text-accent underline";

export default function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This policy explains what information Murmur collects when you use the service, how we use it, who processes it
        for us, how long we keep it and the choices you have. By using Murmur you agree to this policy and to our{" "}
        <Link to="/terms" className={linkClass}>Terms of Service</Link>.
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
        <li>
          Content you create: posts (with the location you type, if any), images, videos, comments, direct messages, likes,
          reposts, shares, bookmarks, follows, community memberships and reports.
        </li>
        <li>Subscriptions and payment records: whom you subscribe to, and the amount, date and status of payments.</li>
        <li>
          Reports you file: the reason, the words you add, your username, and a copy of the reported post as it was (its
          words, its author&apos;s account id and username, its community and the names of its image and video files).
        </li>
        <li>
          Messages you send to support in the Help Center: the topic, your words and whether you had the verified badge
          when you wrote.
        </li>
        <li>Activity: which posts you view, so that view counts work.</li>
        <li>
          When you were last active, recorded only while Show activity status is on in{" "}
          <Link to="/settings/privacy" className={linkClass}>Settings › Privacy &amp; Safety</Link>.
        </li>
        <li>Notifications we show you about what others did, and your settings.</li>
        <li>
          Technical data: your IP address, used to protect accounts against abuse (for example, limiting sign-in
          attempts), and the requests your browser makes, which our host logs (see below).
        </li>
      </ul>

      <h2>Photos and videos</h2>
      <p>
        Before we store an image you upload, we remove its location and camera data (EXIF and XMP metadata, and the text
        that PNG and WebP files can carry), keeping only which way up it goes. From videos we remove the location that
        phones record; other details in a video file, such as when it was recorded, stay in it. Murmur never asks for
        your device&apos;s location: a post&apos;s location is only the text you type.
      </p>
      <p>
        If you give your avatar as a web address, Murmur fetches that image once when you save your profile and keeps
        its own copy, so the site it came from never learns who looks at your profile.
      </p>

      <h2>How we use information</h2>
      <ul>
        <li>To run Murmur: show your posts, deliver messages and notifications, and keep you signed in.</li>
        <li>To personalise your feed using the hashtags of the posts you write.</li>
        <li>To keep the community safe: review reports, prevent spam and enforce our terms.</li>
        <li>To process payments for creator subscriptions and the verified badge.</li>
        <li>
          To send you e-mail: password reset links, a summary of your notifications if you turned it on in{" "}
          <Link to="/settings/notifications" className={linkClass}>Settings › Notifications</Link>, and answers to your
          messages to support.
        </li>
      </ul>
      <p>We do not sell your information, and we show no advertising.</p>

      <h2>What others can see</h2>
      <p>
        Your profile and public posts can be seen by anyone, including visitors who are not signed in. In{" "}
        <Link to="/settings/privacy" className={linkClass}>Settings › Privacy &amp; Safety</Link> you can choose:
      </p>
      <ul>
        <li>Private: people who aren&apos;t signed in see your profile, but not your posts.</li>
        <li>Only your followers: only people who follow you see your posts and reposts of them.</li>
      </ul>
      <p>
        Comments you write on someone else&apos;s post are shown to everyone who can see that post, whatever your own
        settings. Subscriber-only posts are shown only to your active subscribers, and posts in a private community only
        to its members. Signed-in members can see who you follow and who follows you. A change of these settings applies
        at once in Murmur; copies of public pages kept in caches follow within a few minutes.
      </p>
      <p>
        When you like, repost or comment on someone&apos;s post, mention them, follow them or subscribe to them, they are
        told, with your name, in their notifications and in their e-mail summary if they get one. Direct messages are visible only to the two
        participants, and either of you can download the conversation with a copy of your data; the sender sees when
        you have read a message. If Show activity status is on for both of you, the
        people you have written to in a conversation, and who may still message you, can see when you were last active.
        Your e-mail address is never shown to other members.
      </p>

      <h2>Who processes your information</h2>
      <ul>
        <li>
          Cloudflare hosts Murmur: it runs the service and stores its database, your images and videos, and the logs of
          requests. Public pages and files are kept in its caches in data centres around the world.
        </li>
        <li>
          Resend delivers our e-mail. It receives your e-mail address and the messages we send you: password reset links
          and notification summaries (which name the people who, for example, liked your posts or followed you). It also delivers your
          messages to support to our team, with your e-mail address, name and username, and every report: a report you
          file, with your username, and a report of your post, with a copy of it (its words, your username and account
          id, and the names of its images and videos).
        </li>
        <li>
          Stripe is our card payment provider. When you pay, we send it your Murmur account id and what you buy (for
          example, &quot;Subscription to&quot; followed by the creator&apos;s name, or the verified badge) with its price.
          Your card details and anything else you enter at checkout go directly to Stripe and never reach our servers;
          we receive only a confirmation and a reference to the payment.
        </li>
        <li>
          Our team&apos;s support mailbox receives your messages to support, and we answer you from it by e-mail. It also
          receives every report, so that our team reviews it, including reports of your posts with their copies. The
          mails in it are kept outside the database&apos;s {REPORT_RETENTION_MS / TIME.DAY} days.
        </li>
      </ul>
      <p>Each of them keeps its own records under its own privacy policy.</p>

      <h2>Logs</h2>
      <p>
        Our host keeps technical logs of requests (your IP address, your browser and the address of the page requested,
        which includes any words you searched for) for a limited period set by our host, to run and secure the service.
        When something fails, we log what failed, without the contents of database queries: no e-mail addresses or
        message words.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Your account, profile, posts, comments, likes, reposts, shares, bookmarks, follows, memberships, subscriptions,
          direct messages and payment records: until you delete them or your account. A conversation goes when either of
          its two members deletes their account.
        </li>
        <li>
          Notifications: deleted {NOTIFICATION_RETENTION_DAYS} days after they were made, read or not (likes or reposts
          of one post, shown together, go together {NOTIFICATION_RETENTION_DAYS} days after the latest of them), or
          sooner when the post, comment or member they are about is deleted, or your account is.
        </li>
        <li>
          Reports: deleted from our database {REPORT_RETENTION_MS / TIME.DAY} days after they were filed. Until then a
          report keeps its copy of the reported post even after the post, or its author&apos;s account, is deleted (the
          post&apos;s images and videos themselves go with the post; the report keeps only their names). If you delete
          your account, the reports you filed stay until then without your account id or username; the reason and the
          words you added stay with them.
        </li>
        <li>
          When you were last active: the latest time, until your account is deleted. Nothing new is recorded while Show
          activity status is off, and no one sees it then.
        </li>
        <li>Which posts you viewed: about two days; after that only the totals remain.</li>
        <li>
          Messages to support: deleted from our database {SUPPORT_REQUEST_RETENTION_MS / TIME.DAY} days after you sent
          them, or with your account.
        </li>
        <li>
          Sign-in sessions: at most {SESSION_LIFETIME_MS / TIME.DAY} days after you last used Murmur on that browser, or
          until you sign out. Password reset links: {PASSWORD_RESET_LIFETIME_MS / TIME.HOUR} hour.
        </li>
        <li>Copies of e-mails waiting to be sent: about an hour.</li>
        <li>
          Counts of attempts per IP address, account or browser, used to limit them: until their limit&apos;s window ends,
          at most a day.
        </li>
        <li>Database backups: up to 30 days. Our host&apos;s logs: a limited period set by our host.</li>
      </ul>

      <h2>Payments</h2>
      <p>
        The verified subscription costs {formatPrice(VERIFIED_PRICE_CENTS)} per month. Payments are handled by Stripe,
        our card payment provider, under its own privacy policy. We give at least {PRICE_CHANGE_NOTICE_DAYS} days notice
        before a price changes, and a cancelled subscription ends at the end of the current billing period.
      </p>

      <h2>Cookies</h2>
      <p>We use four cookies, all needed for Murmur to work. We do not use advertising or analytics cookies.</p>
      <ul>
        <li>session: keeps you signed in, for up to {SESSION_LIFETIME_MS / TIME.DAY} days, renewed as you use Murmur.</li>
        <li>theme: remembers your light or dark theme, for a year (your browser also keeps it in its local storage).</li>
        <li>toast: carries an on-screen message to the next page, for a minute at most.</li>
        <li>
          device: remembers the accounts that signed in on this browser, to slow down people guessing passwords without
          slowing you down, for a year. Deleting your account removes it from this cookie on the browser you delete it on.
        </li>
      </ul>

      <h2>Your choices</h2>
      <ul>
        <li>You can edit your profile and delete your posts at any time.</li>
        <li>
          You can change notification and privacy settings in Settings, including who may message you and whether search
          engines may list your profile.
        </li>
        <li>
          You can change your password and delete your account in{" "}
          <Link to="/settings/account" className={linkClass}>Settings › Account</Link>.
        </li>
        <li>
          You can download a copy of your data in{" "}
          <Link to="/settings/account" className={linkClass}>Settings › Account</Link> (Download your data), as one JSON
          file: your profile and settings, posts, reposts, comments, likes, bookmarks, shares, follows, communities, direct
          messages (both sides of each conversation), notifications, subscriptions, payment records, messages to support,
          reports you filed and your sign-ins. It never includes your password or other members&apos; e-mail addresses. You
          can download it {RATE_LIMITS.export.max} times a day.
        </li>
        <li>
          You can ask us to correct your data, or anything else about it, in{" "}
          <Link to="/settings/help" className={linkClass}>Settings › Help Center</Link>, with the topic &quot;Privacy and
          your data&quot;. We answer at your account&apos;s e-mail address.
        </li>
      </ul>

      <h2>When you delete your account</h2>
      <p>
        Your account is deleted at once, with your profile, settings, posts and their images and videos, comments, likes,
        reposts, bookmarks, follows, notifications, direct messages (both sides of each conversation), messages to
        support and payment records, and you are signed out everywhere. Counts on other people&apos;s posts and profiles
        no longer include you. View counts stay as totals. The renewal of your subscriptions is cancelled with Stripe.
        Files may take a few minutes to leave our storage, and pages kept in caches expire within minutes.
      </p>
      <p>Some copies outlive your account for a while, or are not ours to delete:</p>
      <ul>
        <li>Database backups, kept for up to 30 days.</li>
        <li>
          Reports: those you filed, without your account id or username, and copies of your posts in reports about them,
          until {REPORT_RETENTION_MS / TIME.DAY} days after each report was filed.
        </li>
        <li>Our host&apos;s logs, for the limited period our host keeps them.</li>
        <li>
          E-mails in our support mailbox: your messages to support, the mails of your reports (with your username), and
          the mails of reports of your posts (with their copies).
          Write to the address we answered you from, or through the Help Center before you delete your account, to have
          them deleted.
        </li>
        <li>The records Stripe and Resend keep under their own privacy policies.</li>
        <li>
          Public images and videos that browsers already loaded, which they may keep in their caches for up to a year, and
          copies other people made.
        </li>
      </ul>

      <h2>Changes to this policy</h2>
      <p>We will tell you about material changes to this policy before they take effect.</p>
    </LegalPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

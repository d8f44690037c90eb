import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { invariantResponse } from "~/.server/http";
import { profileRead, profileUsername } from "~/.server/profiles";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { SubscribeForm } from "~/components/subscriptions/subscribe";
import { formatDay } from "~/lib/format";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Subscribe to ${data.creator.displayName} | Murmur` : "Subscribe | Murmur" },
  { name: "robots", content: "noindex" },
];

/** The subscribe dialog as a page (without JavaScript; with it, a dialog on the profile). The form posts to the profile. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const username = profileUsername(params.username);
  const answers = username ? readLater(context.readAsMember((viewer) => [profileRead(context.db, viewer, { username })] as const)) : null;
  await requireUser(request, context);
  const profile = (await answers)?.[0];
  invariantResponse(profile, PROFILE_MESSAGES.notFound, { status: 404 });
  const { username: name, displayName, isSelf, subscription } = profile;
  return { creator: { username: name, displayName }, isSelf, subscription };
}

export default function SubscribePage() {
  const { creator, isSelf, subscription } = useLoaderData<typeof loader>();
  const back = `/profile/${creator.username}`;
  // With JavaScript, subscribed: back to the profile, as the form's redirect does without it.
  const navigate = useNavigate();
  const unavailable = isSelf
    ? SUBSCRIPTION_MESSAGES.notYourself
    : subscription.mine
      ? `${SUBSCRIPTION_MESSAGES.alreadySubscribed(creator.displayName)} (until ${formatDay(subscription.mine.expiresAt)}).`
      : subscription.priceCents === null
        ? SUBSCRIPTION_MESSAGES.notOffered(creator.displayName)
        : null;
  return (
    <div>
      <PageHeader title={`Subscribe to ${creator.displayName}`} />
      <div className="flex flex-col gap-4 px-4 py-4">
        {unavailable || subscription.priceCents === null ? (
          <p>{unavailable}</p>
        ) : (
          <SubscribeForm username={creator.username} priceCents={subscription.priceCents} onDone={() => navigate(back)} />
        )}
        <Link to={back} className="text-accent hover:underline">
          Back to the profile
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText) }} />;
}

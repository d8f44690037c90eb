import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { followListLoader } from "~/.server/follow-list-route";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { FollowListPageView } from "~/components/profile/follow-list";
import { isFollowerRemoval } from "~/components/profile/remove-follower-form";
import { BLOCK_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import { skipQuietRevalidation } from "~/lib/revalidation";

export const loader = followListLoader("followers");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Followers of @${data.profile.username} | Murmur` : `${PROFILE_MESSAGES.notFound} | Murmur` }];

/**
 * Not read again after a follower's removal (with JavaScript): the row leaves the list once its answer
 * is handled (its toast shown, `onRemoved`). Read again, the list could drop the row before the row's
 * form saw the answer: Remix renders in transitions, and on a slow device the render with the answer
 * was skipped for the one after the reload, so 'Removed @… from your followers' never showed (seen in
 * an end-to-end run on a slow host). The profile under the list is read again as after any action.
 */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  isFollowerRemoval(args.formAction) ? false : skipQuietRevalidation(args);

export default function FollowersPage() {
  return <FollowListPageView {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: (error) => <ErrorPage status={403} title={BLOCK_TEXTS.blocksYouTitle} text={String(error.data)} />,
        404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText),
      }}
    />
  );
}

import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { followListLoader } from "~/.server/follow-list-route";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { FollowListPageView } from "~/components/profile/follow-list";
import { BLOCK_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import { skipQuietRevalidation } from "~/lib/revalidation";

export const loader = followListLoader("followers");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Followers of @${data.profile.username} | Murmur` : `${PROFILE_MESSAGES.notFound} | Murmur` }];

export const shouldRevalidate = skipQuietRevalidation;

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

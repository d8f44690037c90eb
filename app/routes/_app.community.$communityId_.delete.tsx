import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireOwnCommunity } from "~/.server/community-page";
import { communityNotFound, DeleteCommunityForm } from "~/components/community/community-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";

export const meta: MetaFunction = () => [{ title: `${COMMUNITY_MESSAGES.deleteTitle} | Murmur` }];

/** The delete confirmation as a page (without JavaScript; with it, a dialog): its creator only. The form posts to the community's page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { id, name } = await requireOwnCommunity(request, context, params);
  return { community: { id, name } };
}

export default function DeleteCommunity() {
  const { community } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title={COMMUNITY_MESSAGES.deleteTitle} />
      <div className="px-4 py-4">
        <DeleteCommunityForm community={community} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: communityNotFound }} />;
}

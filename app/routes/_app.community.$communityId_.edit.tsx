import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { answerCommunityForm, requireOwnCommunity } from "~/.server/community-page";
import { requiredParam } from "~/.server/http";
import { answerHeaders } from "~/.server/respond";
import { CommunityForm } from "~/components/community/community-form";
import { communityNotFound } from "~/components/community/community-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: `${COMMUNITY_MESSAGES.editTitle} | Murmur` }];

/** Edit Community as a page (without JavaScript; with it, a dialog on the community's page): its creator only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return { community: await requireOwnCommunity(request, context, params) };
}

export function action(args: ActionFunctionArgs) {
  const communityId = requiredParam(args.params, "communityId");
  return memberAction(args, ["community-update"], (actionArgs) => answerCommunityForm(actionArgs, communityId));
}

export const headers = answerHeaders;

export const clientAction = answerOffline;

export default function EditCommunity() {
  const { community } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  return (
    <div>
      <PageHeader title={COMMUNITY_MESSAGES.editTitle} />
      <div className="px-4 py-4">
        <CommunityForm mode="edit" action={`/community/${community.id}/edit`} community={community} lastResult={lastResult} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: communityNotFound }} />;
}

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { answerCommunityForm } from "~/.server/community-page";
import { answerHeaders } from "~/.server/respond";
import { CommunityForm } from "~/components/community/community-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: `${COMMUNITY_MESSAGES.createTitle} | Murmur` }];

/** Create Community as a page: what members without JavaScript use (with it, a dialog on /communities). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return null;
}

export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["community-create"], (actionArgs) => answerCommunityForm(actionArgs));
}

export const headers = answerHeaders;

export const clientAction = answerOffline;

export default function NewCommunity() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  return (
    <div>
      <PageHeader title={COMMUNITY_MESSAGES.createTitle} />
      <div className="px-4 py-4">
        <CommunityForm mode="create" action="/communities/new" lastResult={lastResult} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

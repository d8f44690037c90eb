import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { answerAccountDeletion, answerPasswordChange } from "~/.server/account-actions";
import { sharedCommunitiesRead } from "~/.server/account-deletion";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { answerHeaders } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChangePasswordForm, DeleteAccountForm, DownloadDataSection } from "~/components/settings/account-forms";
import { SettingsSection } from "~/components/settings/settings-nav";
import { skipQuietRevalidation } from "~/lib/revalidation";
import type { AccountAnswer } from "~/lib/types/settings";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Account settings | Murmur" }, { name: "robots", content: "noindex" }];

/** /settings/account: the communities that hold the account back, read with the session (docs/decisions/026). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const answers = readLater(context.readAsMember((viewer) => [sharedCommunitiesRead(context.db, viewer)] as const));
  await requireUser(request, context);
  return data({ sharedCommunities: (await answers)?.[0] ?? [] });
}

/** Change Password ('Password changed') and Delete Account (docs/decisions/074). */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["password-change", "account-delete"], (actionArgs) =>
    actionArgs.intent === "account-delete" ? answerAccountDeletion(actionArgs) : answerPasswordChange(actionArgs),
  );
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function AccountSettingsPage() {
  const { sharedCommunities } = useLoaderData<typeof loader>();
  const actionData = useActionData<AccountAnswer>();
  // Each form shows only its own answer (a page without JavaScript posted one of them).
  const answerOf = (intent: AccountAnswer["intent"]) => (actionData?.intent === intent ? actionData.lastResult : undefined);
  return (
    <SettingsSection title="Account" description="Your password, a copy of your data, and your account itself.">
      <ChangePasswordForm lastResult={answerOf("password-change")} />
      <div className="mt-4">
        <DownloadDataSection />
      </div>
      <div className="mt-4">
        <DeleteAccountForm sharedCommunities={sharedCommunities} lastResult={answerOf("account-delete")} />
      </div>
    </SettingsSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { answerHeaders } from "~/.server/respond";
import { answerSupportRequest, supportRequestsRead } from "~/.server/support";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SettingsSection } from "~/components/settings/settings-nav";
import { SupportForm, SupportRequestList, type SupportRequestView } from "~/components/settings/support-form";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { skipQuietRevalidation } from "~/lib/revalidation";
import type { SettingsAnswer } from "~/lib/types/settings";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Help Center | Murmur" }, { name: "robots", content: "noindex" }];

/** The Help Center: the member's latest messages to support, read with the session (docs/decisions/026). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const answers = readLater(context.readAsMember((viewer) => [supportRequestsRead(context.db, viewer)] as const));
  const user = await requireUser(request, context);
  const requests: SupportRequestView[] = ((await answers)?.[0] ?? []).map((item) => ({ ...item, createdAt: item.createdAt.toISOString() }));
  return data({ email: user.email, verified: user.verifiedType !== null, requests });
}

/** Contact support (decision 078). */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["support-request"], answerSupportRequest);
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a message that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

/** Help Center (spec document 2 §2: placeholder text), the legal pages, and contact support (decision 078). */
export default function HelpCenterPage() {
  const { email, verified, requests } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsAnswer>();
  return (
    <SettingsSection title="Help Center">
      <p className="text-muted">{SETTINGS_MESSAGES.helpPlaceholder}</p>
      <ul className="flex flex-col gap-1">
        <li>
          <Link to="/privacy" className="text-link hover:underline">
            Privacy Policy
          </Link>
        </li>
        <li>
          <Link to="/terms" className="text-link hover:underline">
            Terms of Service
          </Link>
        </li>
      </ul>
      <SupportForm email={email} verified={verified} lastResult={actionData?.lastResult} />
      <SupportRequestList requests={requests} />
    </SettingsSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { answerHeaders, respond } from "~/.server/respond";
import { saveNotificationSettings } from "~/.server/settings";
import { loadOwnSettings } from "~/.server/settings-page";
import { parseSubmission } from "~/.server/submission";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationSettingsForm } from "~/components/settings/settings-forms";
import { SettingsSection } from "~/components/settings/settings-nav";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { NotificationSettingsSchema } from "~/lib/schemas/settings";
import type { SettingsAnswer } from "~/lib/types/settings";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Notification settings | Murmur" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { notifications } = await loadOwnSettings(request, context);
  return { notifications };
}

/** Saves which notifications the member wants (docs/decisions/030: the notifications issue honours them). */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["notification-settings"], async ({ context, member, form }) => {
    const submission = parseSubmission(form, { schema: NotificationSettingsSchema });
    if (submission.status !== "success") {
      return data<SettingsAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await saveNotificationSettings(context.db, member.id, submission.value);
    return respond(context, form, outcome, SETTINGS_MESSAGES.notificationsSaved);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a save that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function NotificationSettingsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsAnswer>();
  return (
    <SettingsSection title="Notifications" description="Choose what Murmur tells you about.">
      <NotificationSettingsForm settings={notifications} lastResult={actionData?.lastResult} />
    </SettingsSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

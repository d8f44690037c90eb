import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { updateProfile } from "~/.server/profile-changes";
import { answerProfilePhoto } from "~/.server/profile-photo-action";
import { answerSubscriptionPrice } from "~/.server/subscription-actions";
import { answerHeaders, respond } from "~/.server/respond";
import { loadOwnSettings } from "~/.server/settings-page";
import { parseSubmission } from "~/.server/submission";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfileSettingsForm } from "~/components/settings/profile-form";
import { SettingsSection } from "~/components/settings/settings-nav";
import { SubscriptionPriceSection } from "~/components/subscriptions/subscribe";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { ProfileSettingsSchema } from "~/lib/schemas/settings";
import type { SettingsAnswer } from "~/lib/types/settings";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Profile settings | Murmur" }, { name: "robots", content: "noindex" }];

/** /settings/profile: the member's profile as they edit it, read with the session (docs/decisions/026). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile, profileVersion, subscription } = await loadOwnSettings(request, context);
  return { profile, profileVersion, subscription };
}

/**
 * Save Changes ('Profile updated successfully!' / 'Failed to update profile'), or a new avatar from a
 * file. A form that breaks the rules comes back with its errors and what was typed.
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["profile-settings", "avatar", "subscription-price", "subscription-offering"], async (actionArgs) => {
    if (actionArgs.intent === "avatar") return answerProfilePhoto({ ...actionArgs, intent: "avatar" });
    if (actionArgs.intent === "subscription-price" || actionArgs.intent === "subscription-offering") {
      return answerSubscriptionPrice({ ...actionArgs, intent: actionArgs.intent });
    }
    const { context, member, form } = actionArgs;
    const submission = parseSubmission(form, { schema: ProfileSettingsSchema });
    if (submission.status !== "success") {
      return data<SettingsAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await updateProfile({ context, member }, submission.value);
    if (!outcome.ok && outcome.field) {
      const lastResult = submission.reply({ fieldErrors: { [outcome.field]: [outcome.message ?? SETTINGS_MESSAGES.profileFailed] } });
      return data<SettingsAnswer>({ ok: false, message: null, lastResult }, { status: outcome.status });
    }
    return respond(context, form, outcome, SETTINGS_MESSAGES.profileUpdated);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a save that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function ProfileSettingsPage() {
  const { profile, profileVersion, subscription } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsAnswer>();
  return (
    <SettingsSection title="Profile" description="How you appear to others on Murmur.">
      {/* Starts again from what was saved after each save (the saved text may be cleaned or completed). */}
      <ProfileSettingsForm key={profileVersion} profile={profile} lastResult={actionData?.lastResult} />
      <div className="mt-6">
        <SubscriptionPriceSection priceCents={subscription.priceCents} canOffer={subscription.canOffer} />
      </div>
    </SettingsSection>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

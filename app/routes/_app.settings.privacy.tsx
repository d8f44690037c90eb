import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { answerHeaders, respond } from "~/.server/respond";
import { savePrivacySettings } from "~/.server/settings";
import { loadOwnSettings } from "~/.server/settings-page";
import { parseSubmission } from "~/.server/submission";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Icon } from "~/components/icon";
import { PageLink } from "~/components/ui/page-link";
import { PrivacySettingsForm } from "~/components/settings/settings-forms";
import { SettingsSection } from "~/components/settings/settings-nav";
import { BLOCK_TEXTS, MUTE_TEXTS } from "~/lib/texts/profile";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { PrivacySettingsSchema } from "~/lib/schemas/settings";
import type { SettingsAnswer } from "~/lib/types/settings";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Privacy settings | Murmur" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { privacy } = await loadOwnSettings(request, context);
  return { privacy };
}

/**
 * Saves who sees the member's profile and posts and who may message them: a public profile change
 * (profileVisibility and indexProfile shape the public page). What each does: docs/decisions/030.
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["privacy-settings"], async ({ context, member, form }) => {
    const submission = parseSubmission(form, { schema: PrivacySettingsSchema });
    if (submission.status !== "success") {
      return data<SettingsAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await savePrivacySettings(context, member, submission.value);
    return respond(context, form, outcome, SETTINGS_MESSAGES.privacySaved);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a save that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function PrivacySettingsPage() {
  const { privacy } = useLoaderData<typeof loader>();
  const actionData = useActionData<SettingsAnswer>();
  return (
    <SettingsSection title="Privacy & Safety" description="Choose who sees your profile and posts, and who can reach you.">
      <PrivacySettingsForm settings={privacy} lastResult={actionData?.lastResult} />
      {/* The accounts the member blocked (decision 100) and muted (107): pages of their own, to undo them. */}
      <KeptListLink to="/settings/blocked" texts={BLOCK_TEXTS} />
      <KeptListLink to="/settings/muted" texts={MUTE_TEXTS} />
    </SettingsSection>
  );
}

/** A link to one of Settings' lists of members, with what it holds. */
function KeptListLink({ to, texts }: { to: string; texts: { listLink: string; listLinkHint: string } }) {
  return (
    <PageLink to={to} className="flex items-center justify-between gap-3 rounded-2xl border border-line px-4 py-3 hover:bg-surface">
      <span>
        <span className="block font-semibold">{texts.listLink}</span>
        <span className="block text-sm text-muted">{texts.listLinkHint}</span>
      </span>
      <Icon name="chevron-right" className="size-5 shrink-0 text-muted" />
    </PageLink>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

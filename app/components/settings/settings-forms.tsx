import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { lastAnswer } from "~/lib/last-answer";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { FormError, FormField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { NotificationSettingsSchema, PrivacySettingsSchema } from "~/lib/schemas/settings";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import {
  DIRECT_MESSAGE_AUDIENCE_LABELS,
  NOTIFICATION_TOGGLES,
  POST_VISIBILITY_LABELS,
  PROFILE_VISIBILITY_LABELS,
  type DirectMessageAudience,
  type NotificationSettings,
  type PrivacySettings,
} from "~/lib/settings-options";
import type { SettingsAnswer } from "~/lib/types/settings";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useSchemaForm } from "~/lib/use-schema-form";
import { SettingChoice, SettingToggle } from "./choices";

/**
 * The Notifications and Privacy & Safety tabs' forms (spec document 2 §3): saved for real (the spec's
 * app only pretended), each a plain form to its tab's page, through a fetcher with JavaScript.
 */

export function NotificationSettingsForm({ settings, lastResult }: { settings: NotificationSettings; lastResult?: SubmissionResult<string[]> }) {
  const { fetcher, busy } = useActionFetcher<SettingsAnswer>("notification-settings");
  const [form, fields] = useSchemaForm("notification-settings", NotificationSettingsSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult), {
    defaultValue: settings,
  });
  return (
    <FetcherForm fetcher={fetcher} action="/settings/notifications" {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="notification-settings" />
      <ReturnTo />
      <FormError errors={form.errors} />
      <fieldset className="flex flex-col divide-y divide-line">
        <legend className="mb-1 font-semibold">Notify me about</legend>
        {NOTIFICATION_TOGGLES.map((toggle) => (
          <SettingToggle key={toggle.name} field={fields[toggle.name]} label={toggle.label} description={toggle.description} />
        ))}
      </fieldset>
      <SubmitButton busy={busy} busyLabel="Saving..." className="mt-2 w-fit">
        {SETTINGS_MESSAGES.saveChanges}
      </SubmitButton>
    </FetcherForm>
  );
}

export function PrivacySettingsForm({ settings, lastResult }: { settings: PrivacySettings; lastResult?: SubmissionResult<string[]> }) {
  const { fetcher, busy } = useActionFetcher<SettingsAnswer>("privacy-settings");
  const [form, fields] = useSchemaForm("privacy-settings", PrivacySettingsSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult), {
    defaultValue: settings,
  });
  return (
    <FetcherForm fetcher={fetcher} action="/settings/privacy" {...getFormProps(form)} className="flex flex-col gap-5">
      <input type="hidden" name="intent" value="privacy-settings" />
      <ReturnTo />
      <FormError errors={form.errors} />
      <SettingChoice field={fields.profileVisibility} legend="Profile visibility" options={PROFILE_VISIBILITY_LABELS} />
      <SettingChoice field={fields.postVisibility} legend="Who can see your posts" options={POST_VISIBILITY_LABELS} />
      <FormField label="Who can send you direct messages" id={fields.allowDirectMessages.id} errors={fields.allowDirectMessages.errors}>
        {(control) => (
          <select {...getSelectProps(fields.allowDirectMessages)} {...control} className={`${inputClass} w-fit`}>
            {(Object.keys(DIRECT_MESSAGE_AUDIENCE_LABELS) as DirectMessageAudience[]).map((audience) => (
              <option key={audience} value={audience}>
                {DIRECT_MESSAGE_AUDIENCE_LABELS[audience]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex flex-col divide-y divide-line">
        <SettingToggle
          field={fields.showActivity}
          label="Show activity status"
          description="People you message can see when you were last active, if they share theirs too: off, you don't see theirs either. 'Seen' on your messages is shown either way, but never between members in a block."
        />
        <SettingToggle
          field={fields.indexProfile}
          label="Let search engines index your profile"
          description="Off, your public profile and your posts ask search engines not to list them."
        />
      </div>
      <SubmitButton busy={busy} busyLabel="Saving..." className="w-fit">
        {SETTINGS_MESSAGES.saveChanges}
      </SubmitButton>
    </FetcherForm>
  );
}

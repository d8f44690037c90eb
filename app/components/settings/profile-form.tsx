import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { lastAnswer } from "~/lib/last-answer";
import { Avatar } from "~/components/avatar";
import { FetcherForm } from "~/components/fetcher-form";
import { ProfilePhotoForm } from "~/components/profile/profile-photo-form";
import { ReturnTo } from "~/components/return-to";
import { Field, FormError, FormField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, PROFILE_LIMITS } from "~/lib/constants";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { ProfileSettingsSchema } from "~/lib/schemas/settings";
import type { ProfileSettings } from "~/lib/settings-options";
import type { SettingsAnswer } from "~/lib/types/settings";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useSchemaForm } from "~/lib/use-schema-form";

export const PROFILE_SETTINGS_PATH = "/settings/profile";

/**
 * The settings' Profile tab (spec document 2 §2): a new avatar from a file (its own form), then the
 * profile form: avatar URL, display name (required), bio, location and website, Save Changes. The
 * same schema checks it in the browser and in the action; refused, the fields keep what was typed.
 */
export function ProfileSettingsForm({ profile, lastResult }: { profile: ProfileSettings; lastResult?: SubmissionResult<string[]> }) {
  const { fetcher, busy } = useActionFetcher<SettingsAnswer>("profile-settings");
  const [form, fields] = useSchemaForm("profile-settings", ProfileSettingsSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult), {
    defaultValue: {
      avatarUrl: profile.avatarUrl ?? "",
      displayName: profile.displayName,
      bio: profile.bio ?? "",
      location: profile.location ?? "",
      website: profile.website ?? "",
    },
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={profile.avatarUrl} alt="Your profile photo" size="xl" />
        <ProfilePhotoForm photo="avatar" action={PROFILE_SETTINGS_PATH} />
      </div>

      <FetcherForm fetcher={fetcher} action={PROFILE_SETTINGS_PATH} {...getFormProps(form)} className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="profile-settings" />
        <ReturnTo />
        <FormError errors={form.errors} />
        <Field
          label="Avatar URL"
          inputProps={{ ...getInputProps(fields.avatarUrl, { type: "url" }), placeholder: "https://example.com/photo.jpg", maxLength: PROFILE_LIMITS.urlMaxLength }}
          errors={fields.avatarUrl.errors}
        />
        <Field
          label="Display Name"
          inputProps={{ ...getInputProps(fields.displayName, { type: "text" }), autoComplete: "name", maxLength: DISPLAY_NAME_MAX_LENGTH }}
          errors={fields.displayName.errors}
        />
        <FormField label="Bio" id={fields.bio.id} errors={fields.bio.errors}>
          {(control) => (
            <textarea
              {...getTextareaProps(fields.bio)}
              {...control}
              rows={3}
              dir="auto"
              placeholder="Tell people about yourself"
              className={`${inputClass} resize-y`}
            />
          )}
        </FormField>
        <Field
          label="Location"
          inputProps={{ ...getInputProps(fields.location, { type: "text" }), placeholder: "Where you are", maxLength: LOCATION_MAX_LENGTH, dir: "auto" }}
          errors={fields.location.errors}
        />
        <Field
          label="Website"
          inputProps={{ ...getInputProps(fields.website, { type: "url" }), placeholder: "https://example.com", maxLength: PROFILE_LIMITS.urlMaxLength }}
          errors={fields.website.errors}
        />
        <SubmitButton busy={busy} busyLabel="Saving..." className="w-fit">
          {SETTINGS_MESSAGES.saveChanges}
        </SubmitButton>
      </FetcherForm>
    </div>
  );
}

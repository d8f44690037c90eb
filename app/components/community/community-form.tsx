import { useEffect, useRef, useState } from "react";
import { lastAnswer } from "~/lib/last-answer";
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { Field, FormError, FormField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { COMMUNITY_DESCRIPTION_MAX_LENGTH, COMMUNITY_NAME_MAX_LENGTH, MAX_CODE_UNITS_PER_CHARACTER } from "~/lib/constants";
import { acceptAttribute } from "~/lib/media-types";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { CreateCommunitySchema, EditCommunitySchema } from "~/lib/schemas/community";
import type { CommunityFormAnswer, CommunityView } from "~/lib/types/community";
import { precheckFile } from "~/lib/upload-client";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useSchemaForm } from "~/lib/use-schema-form";

/**
 * Create Community and Edit Community (spec document 2 §2, §5): name (required), description, an
 * image, and (creating) the private flag. One form for the page without JavaScript and the dialog
 * with it; the same schema checks it in the browser and in the action. Success redirects to the
 * community with the spec's toast; refused, the fields keep what was typed.
 */
export function CommunityForm({
  mode,
  action,
  community,
  lastResult,
  onSaved,
}: {
  mode: "create" | "edit";
  /** A dialog closes when the save went through (the answer was the redirect to the community). */
  onSaved?: () => void;
  action: string;
  community?: Pick<CommunityView, "name" | "description" | "imageUrl">;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = mode === "create" ? "community-create" : "community-update";
  const { fetcher, busy } = useActionFetcher<CommunityFormAnswer>(`${intent}:${action}`);
  const schema = mode === "create" ? CreateCommunitySchema : EditCommunitySchema;
  const [form, fields] = useSchemaForm(intent, schema, busy ? undefined : lastAnswer(fetcher.data, lastResult), {
    defaultValue: { name: community?.name ?? "", description: community?.description ?? "" },
  });
  // A save is answered with the redirect to the community, which brings no answer of its own: React
  // Router keeps the last one (a refusal) until the form goes. So a send ended saved when the answer is
  // still the one it began with; a refusal is a new answer.
  const sent = useRef({ state: fetcher.state, before: fetcher.data });
  useEffect(() => {
    const { state: was, before } = sent.current;
    sent.current = { state: fetcher.state, before: was === "idle" ? fetcher.data : before };
    if (was !== "idle" && fetcher.state === "idle" && fetcher.data === before) onSaved?.();
  }, [fetcher.state, fetcher.data, onSaved]);
  const f = fields as typeof fields & Record<"isPrivate" | "removeImage", (typeof fields)["name"]>;
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <FetcherForm fetcher={fetcher} action={action} encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      <ReturnTo />
      <FormError errors={form.errors} />
      <Field
        label={COMMUNITY_MESSAGES.nameLabel}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: COMMUNITY_MESSAGES.namePlaceholder, maxLength: COMMUNITY_NAME_MAX_LENGTH * MAX_CODE_UNITS_PER_CHARACTER, dir: "auto", autoFocus: true, "data-autofocus": "" }}
        errors={fields.name.errors}
      />
      <FormField label={COMMUNITY_MESSAGES.descriptionLabel} id={fields.description.id} errors={fields.description.errors}>
        {(control) => (
          <textarea
            {...getTextareaProps(fields.description)}
            {...control}
            rows={3}
            dir="auto"
            maxLength={COMMUNITY_DESCRIPTION_MAX_LENGTH * MAX_CODE_UNITS_PER_CHARACTER}
            placeholder={COMMUNITY_MESSAGES.descriptionPlaceholder}
            className={`${inputClass} resize-y`}
          />
        )}
      </FormField>
      <FormField label={COMMUNITY_MESSAGES.imageLabel} errors={picked ? [picked] : (fields as unknown as Record<string, { errors?: string[] }>).image?.errors}>
        {(control) => (
          <input
            {...control}
            type="file"
            name="image"
            accept={acceptAttribute("image")}
            className="text-sm"
            onChange={(event) => {
              // With JavaScript a picture the server would refuse is not sent (decision 070: past the
              // form's size it would be refused unread); the server checks it again by its bytes.
              const file = event.currentTarget.files?.[0];
              const problem = file ? precheckFile(file, "image") : null;
              setPicked(problem);
              if (problem) event.currentTarget.value = "";
            }}
          />
        )}
      </FormField>
      {mode === "edit" && community?.imageUrl ? (
        <label className="flex items-center gap-2 text-sm">
          <input {...getInputProps(f.removeImage, { type: "checkbox" })} />
          Use the default image
        </label>
      ) : null}
      {mode === "create" ? (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input {...getInputProps(f.isPrivate, { type: "checkbox" })} />
            {COMMUNITY_MESSAGES.privateLabel}
          </label>
          <p className="text-sm text-muted">{COMMUNITY_MESSAGES.privateHint}</p>
        </div>
      ) : null}
      <SubmitButton busy={busy} busyLabel={mode === "create" ? "Creating..." : "Saving..."} className="w-fit">
        {mode === "create" ? COMMUNITY_MESSAGES.create : COMMUNITY_MESSAGES.save}
      </SubmitButton>
    </FetcherForm>
  );
}

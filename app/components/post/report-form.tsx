import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { lastAnswer } from "~/lib/last-answer";
import { useId } from "react";
import { REPORT_REASON_LABELS, REPORT_REASONS } from "~/lib/post-options";
import { ReportSchema } from "~/lib/schemas/post";
import type { ActionAnswer } from "~/lib/types/post";
import { isRetryable } from "~/lib/unanswered";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { ReturnTo } from "../return-to";
import { ConfirmActions } from "../ui/confirm-actions";
import { ErrorList, FormError, FormField } from "../ui/field";
import { useSchemaForm } from "~/lib/use-schema-form";

export { REPORT_TITLE } from "./report-title";

/** The report form: one reason of the spec's list (required) and optional additional information. */
export function ReportForm({
  postId,
  lastResult,
  returnTo,
  onCancel,
  onDone,
}: {
  postId: string;
  lastResult?: SubmissionResult<string[]>;
  returnTo: string;
  onCancel?: () => void;
  onDone: () => void;
}) {
  // Done (reported, or refused with a message); a form with errors, or one to try again, stays open.
  const { fetcher, busy } = useActionFetcher<ActionAnswer>(`report-${postId}`, (answer) => {
    if (!answer.lastResult && !isRetryable(answer)) onDone();
  });
  const infoId = useId();
  const [form, fields] = useSchemaForm(`report-${postId}`, ReportSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult), {
    validate: "onSubmit",
  });

  return (
    <fetcher.Form
      method="post"
      // The query keeps the way back when the page is shown again with an error (without JavaScript).
      action={`/post/${postId}/report?${new URLSearchParams({ returnTo })}`} {...getFormProps(form)} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="report" />
      <ReturnTo to={returnTo} />
      <FormError errors={form.errors} />
      <fieldset className="flex flex-col gap-1" aria-describedby={fields.reason.errors ? `${infoId}-reason` : undefined}>
        <legend className="mb-2 font-semibold">Why are you reporting this post?</legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-surface">
            <input
              type="radio"
              name={fields.reason.name}
              value={reason}
              defaultChecked={fields.reason.initialValue === reason}
              // Each choice carries the error, so the one focused on a refusal reads it out.
              aria-invalid={fields.reason.errors ? true : undefined}
              aria-describedby={fields.reason.errors ? `${infoId}-reason` : undefined}
              className="size-4 accent-accent"
            />
            {REPORT_REASON_LABELS[reason]}
          </label>
        ))}
        <ErrorList id={`${infoId}-reason`} errors={fields.reason.errors} />
      </fieldset>
      <FormField label="Additional information (optional)" errors={fields.additionalInfo.errors}>
        {(control) => (
          <textarea
            {...control}
            name={fields.additionalInfo.name}
            // Refused without JavaScript (no reason chosen), the page keeps what was written.
            defaultValue={typeof fields.additionalInfo.initialValue === "string" ? fields.additionalInfo.initialValue : ""}
            rows={3}
            placeholder="Tell us more about the problem"
            className="w-full rounded-lg border border-field bg-bg px-3 py-2 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
          />
        )}
      </FormField>
      <ConfirmActions label="Submit Report" busyLabel="Submitting..." busy={busy} onCancel={onCancel} cancelHref={returnTo} />
    </fetcher.Form>
  );
}

import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { FormError, FormField, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { usePageSendId, useSendId } from "~/lib/client-ids";
import { MAX_CODE_UNITS_PER_CHARACTER, SUPPORT_MESSAGE_MAX_LENGTH } from "~/lib/constants";
import { formatDay } from "~/lib/format";
import { lastAnswer } from "~/lib/last-answer";
import { SupportRequestSchema } from "~/lib/schemas/support";
import { SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportTopic } from "~/lib/support-options";
import { SUPPORT_MESSAGES } from "~/lib/texts/support";
import type { SettingsAnswer } from "~/lib/types/settings";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { useSchemaForm } from "~/lib/use-schema-form";

export const HELP_PATH = "/settings/help";

export type SupportRequestView = { id: string; topic: SupportTopic; message: string; priority: boolean; createdAt: string };

/**
 * Contact support (decision 078): a topic and a message, sent as a plain form to the Help Center
 * without JavaScript and through a fetcher with it (the form empties once it is stored). A verified
 * member is told their messages are answered first; others where Priority Support comes from.
 */
export function SupportForm({ email, verified, lastResult }: { email: string; verified: boolean; lastResult?: SubmissionResult<string[]> }) {
  const sendId = useSendId();
  const pageSendId = usePageSendId("support");
  const { fetcher, busy } = useActionFetcher<SettingsAnswer>("support-request", (answer) => {
    if (answer.ok) sendId.forget();
  });
  const [form, fields] = useSchemaForm("support-request", SupportRequestSchema, busy ? undefined : lastAnswer(fetcher.data, lastResult));
  const formProps = getFormProps(form);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 className="font-bold">{SUPPORT_MESSAGES.heading}</h3>
        <p className="text-sm text-muted">{SUPPORT_MESSAGES.intro(email)}</p>
        {verified ? (
          <p className="text-sm">{SUPPORT_MESSAGES.priority}</p>
        ) : (
          <p className="text-sm text-muted">
            {SUPPORT_MESSAGES.priorityOffer}{" "}
            <Link to="/verified" className="text-link hover:underline">
              {SUPPORT_MESSAGES.getVerified}
            </Link>
          </p>
        )}
      </div>
      <FetcherForm
        fetcher={fetcher}
        action={HELP_PATH}
        {...formProps}
        // Without JavaScript, Back after sending must not bring the sent words back to send twice (082).
        autoComplete="off"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          sendId.stamp(event.currentTarget);
          formProps.onSubmit(event);
        }}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value="support-request" />
        <input type="hidden" name="clientId" defaultValue={pageSendId} />
        <ReturnTo />
        <FormError errors={form.errors} />
        <FormField label={SUPPORT_MESSAGES.topicLabel} id={fields.topic.id} errors={fields.topic.errors}>
          {(control) => (
            <select {...getSelectProps(fields.topic)} {...control} className={`${inputClass} w-fit max-w-full`}>
              <option value="">{SUPPORT_MESSAGES.topicPlaceholder}</option>
              {SUPPORT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {SUPPORT_TOPIC_LABELS[topic]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={SUPPORT_MESSAGES.messageLabel} id={fields.message.id} errors={fields.message.errors}>
          {(control) => (
            <textarea
              {...getTextareaProps(fields.message)}
              {...control}
              rows={5}
              dir="auto"
              maxLength={SUPPORT_MESSAGE_MAX_LENGTH * MAX_CODE_UNITS_PER_CHARACTER}
              placeholder={SUPPORT_MESSAGES.messagePlaceholder}
              className={`${inputClass} resize-y`}
            />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel={SUPPORT_MESSAGES.sending} className="w-fit">
          {SUPPORT_MESSAGES.send}
        </SubmitButton>
      </FetcherForm>
    </div>
  );
}

/** The member's latest messages to support: when, about what, whether with priority, and the words (clamped). */
export function SupportRequestList({ requests }: { requests: SupportRequestView[] }) {
  if (requests.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 id="support-requests-heading" className="font-bold">
        {SUPPORT_MESSAGES.yours}
      </h3>
      <ul aria-labelledby="support-requests-heading" className="flex flex-col divide-y divide-line rounded-xl border border-line">
        {requests.map((request) => (
          <li key={request.id} className="flex min-w-0 flex-col gap-1 px-3 py-2">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{SUPPORT_TOPIC_LABELS[request.topic]}</span>
              {request.priority ? <span className="rounded-full bg-accent/10 px-2 py-0.5 text-xs font-semibold text-accent">{SUPPORT_MESSAGES.priorityTag}</span> : null}
              <time dateTime={request.createdAt} className="text-muted">
                {formatDay(Date.parse(request.createdAt))}
              </time>
            </div>
            <p className="line-clamp-3 text-sm break-words whitespace-pre-line" dir="auto">
              {request.message}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

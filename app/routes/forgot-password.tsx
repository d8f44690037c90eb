import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { requestPasswordReset } from "~/.server/auth/accounts";
import { requireAnonymous } from "~/.server/auth/guards";
import { clientIp, readForm } from "~/.server/http";
import { attempt, isFailure } from "~/.server/outcome";
import { answerHeaders } from "~/.server/respond";
import { limiterOf } from "~/.server/limits";
import { mailerOf } from "~/.server/mail";
import { parseSubmission } from "~/.server/submission";
import { PublicPage } from "~/components/public-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { AUTH_MESSAGES } from "~/lib/messages";
import { ForgotPasswordSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";

/** A refused attempt says when to try again (Retry-After). */
export const headers = answerHeaders;

export const meta: MetaFunction = () => [{ title: "Forgot password | Murmur" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  return null;
}

type ActionData = { lastResult: SubmissionResult<string[]>; sent?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  await requireAnonymous(context);
  const submission = parseSubmission(form, { schema: ForgotPasswordSchema });
  if (submission.status !== "success") return data<ActionData>({ lastResult: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  // A deploy mails after the answer (the same time for every e-mail); locally the outbox has the mail
  // by the time the answer is shown, for /dev/outbox.
  const afterAnswer = context.config.isLocal ? undefined : (sending: Promise<void>) => context.cloudflare.ctx.waitUntil(sending);
  const result = await attempt("sending a reset link", AUTH_MESSAGES.authFailed, () =>
    requestPasswordReset(context.db, limiterOf(context), mailerOf(context), { email, origin: context.config.origin, ip: clientIp(request), afterAnswer }),
  );
  if (isFailure(result)) {
    return data<ActionData>({ lastResult: submission.reply({ formErrors: [result.message ?? AUTH_MESSAGES.authFailed] }) }, { status: 500 });
  }
  if (!result.ok) {
    const headers = { "Retry-After": String(result.retryAfterSeconds) };
    return data<ActionData>({ lastResult: submission.reply({ formErrors: [result.message] }) }, { status: 429, headers });
  }
  return data<ActionData>({ lastResult: submission.reply({ resetForm: true }), sent: result.message });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm("forgot-password", ForgotPasswordSchema, actionData?.lastResult);
  const busy = navigation.state === "submitting";

  return (
    <PublicPage>
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight">Forgot password?</h1>
          <p className="text-muted">Enter the email of your account and we will send you a link to choose a new password.</p>
        </div>
        {actionData?.sent ? (
          <p role="status" className="rounded-lg border border-success px-3 py-2 text-sm">
            {actionData.sent}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <FormError errors={form.errors} />
          <Field
            label="Email"
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: "you@example.com" }}
            errors={fields.email.errors}
          />
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
        </Form>
        <p className="text-center">
          <Link to="/auth" className="text-accent hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

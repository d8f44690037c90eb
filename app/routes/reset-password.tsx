import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { findPasswordResetUser, resetPassword } from "~/.server/auth/accounts";
import { startSessionAndRedirect } from "~/.server/auth/guards";
import { clientIp, readForm } from "~/.server/http";
import { limiterOf, subjects } from "~/.server/limits";
import { attempt, isFailure } from "~/.server/outcome";
import { answerHeaders } from "~/.server/respond";
import { invalidateSession } from "~/.server/auth/session";
import { closeRoomsOfEndedSessions } from "~/.server/realtime";
import { parseSubmission } from "~/.server/submission";
import { PublicPage } from "~/components/public-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Field, FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { AUTH_MESSAGES, RATE_MESSAGES } from "~/lib/messages";
import { ResetPasswordSchema } from "~/lib/schemas/auth";
import { useSchemaForm } from "~/lib/use-schema-form";

/** A refused attempt says when to try again (Retry-After). */
export const headers = answerHeaders;

export const meta: MetaFunction = () => [{ title: "Choose a new password | Murmur" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await findPasswordResetUser(context.db, token)) !== null;
  return data({ token: valid ? token : null }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { lastResult: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await readForm(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data<ActionData>({ lastResult: submission.reply({ hideFields }) }, { status: 400 });
  const said = (message: string, status: number, headers?: HeadersInit) =>
    data<ActionData>({ lastResult: submission.reply({ formErrors: [message], hideFields }) }, { status, headers });
  // Trying reset links is guessing too: limited per address, like the account forms.
  const { token, password } = submission.value;
  const outcome = await attempt("resetting a password", AUTH_MESSAGES.authFailed, async () => {
    const verdict = await limiterOf(context).hit([subjects.address(clientIp(request))], "passwordReset");
    if (!verdict.allowed) return verdict;
    return { allowed: true as const, userId: await resetPassword(context.db, token, password) };
  });
  if (isFailure(outcome)) return said(outcome.message ?? AUTH_MESSAGES.authFailed, 500);
  if (!outcome.allowed) {
    const wait = outcome.retryAfterSeconds;
    return said(RATE_MESSAGES.tooOften(wait), 429, { "Retry-After": String(wait) });
  }
  const { userId } = outcome;
  if (!userId) {
    return data<ActionData>(
      { lastResult: submission.reply({ formErrors: [AUTH_MESSAGES.resetLinkInvalid], hideFields }) },
      { status: 400 },
    );
  }
  // Every session of the member was revoked; whoever reset the password starts a fresh one. The pages
  // of the old sessions stop hearing their rooms (decision 067).
  const { session } = await context.getSession();
  if (session) await invalidateSession(context.db, session.id);
  closeRoomsOfEndedSessions(context, userId);
  // Whoever was signed in here (another member, on a shared browser) was signed out too.
  if (session && session.userId !== userId) closeRoomsOfEndedSessions(context, session.userId);
  return startSessionAndRedirect(request, context, userId, "/", { message: AUTH_MESSAGES.passwordReset });
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm("reset-password", ResetPasswordSchema, actionData?.lastResult);
  const busy = navigation.state === "submitting";

  return (
    <PublicPage>
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        <h1 className="text-center text-3xl font-extrabold tracking-tight">Choose a new password</h1>
        {token ? (
          <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
            <input type="hidden" name="token" value={token} />
            <FormError errors={form.errors} />
            <Field
              label="New Password"
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.password.errors}
            />
            <Field
              label="Confirm Password"
              inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.confirmPassword.errors}
            />
            <SubmitButton busy={busy} busyLabel="Saving...">
            Set new password
          </SubmitButton>
          </Form>
        ) : (
          <div className="flex flex-col gap-4 text-center">
            <p role="alert" className="text-danger">
              {AUTH_MESSAGES.resetLinkInvalid}
            </p>
            <Link to="/forgot-password" className="text-accent hover:underline">
              Send a new link
            </Link>
          </div>
        )}
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

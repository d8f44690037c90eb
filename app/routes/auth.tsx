import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { authenticate, type Authentication } from "~/.server/auth/authenticate";
import { requireAnonymous } from "~/.server/auth/guards";
import { readForm, safeRedirectPath } from "~/.server/http";
import { answerHeaders } from "~/.server/respond";
import { attempt, isFailure } from "~/.server/outcome";
import { parseSubmission } from "~/.server/submission";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Icon } from "~/components/icon";
import { PublicPage } from "~/components/public-page";
import { Field, FormError } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { MINIMUM_AGE } from "~/lib/constants";
import { AUTH_MESSAGES } from "~/lib/messages";
import { SignInSchema, SignUpSchema } from "~/lib/schemas/auth";
import { showToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import { useSchemaForm } from "~/lib/use-schema-form";

type Mode = "sign-in" | "sign-up";

/** A refused attempt says when to try again (Retry-After). */
export const headers = answerHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.mode === "sign-up" ? "Create your account | Murmur" : "Sign in | Murmur" },
  { name: "description", content: "Sign in to Murmur, or create an account to post, follow and talk." },
  // Every page a visitor is sent to sign in from gives this page another address (?returnTo=…): one for search engines.
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonical }] : []),
];

function readMode(value: unknown): Mode {
  return value === "sign-up" ? "sign-up" : "sign-in";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(context);
  const url = new URL(request.url);
  const signUpFlag = url.searchParams.get("signUp");
  const mode: Mode = signUpFlag !== null && signUpFlag !== "false" && signUpFlag !== "0" ? "sign-up" : "sign-in";
  const returnTo = safeRedirectPath(url.searchParams.get("returnTo"), "");
  return { mode, returnTo, canonical: `${url.origin}/auth` };
}

/** Passwords never travel back in a page: after any round trip their fields are empty. */
const HIDDEN = ["password", "confirmPassword"];

/**
 * `refusal`: the server's own refusal of a field the form's rules passed ('Username already taken…'):
 * shown under its field and, with JavaScript, as the toast the spec names (document 1 §8).
 */
type ActionData = { lastResult: SubmissionResult<string[]>; showPassword?: boolean; refusal?: string };

/** The form's fields by the rules of its mode, and what to authenticate when they pass. */
function parseAuthentication(mode: Mode, formData: FormData) {
  if (mode === "sign-up") {
    const submission = parseSubmission(formData, { schema: SignUpSchema });
    const auth: Authentication | null = submission.status === "success" ? { mode, input: submission.value } : null;
    return { submission, auth };
  }
  const submission = parseSubmission(formData, { schema: SignInSchema });
  const auth: Authentication | null = submission.status === "success" ? { mode, input: submission.value } : null;
  return { submission, auth };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  await requireAnonymous(context);
  const mode = readMode(formData.get("mode"));

  // The show/hide password button without JavaScript: the same form again, its password fields shown
  // as text or hidden, and empty (what was typed is never sent back in the page).
  if (formData.has("togglePassword")) {
    const values = Object.fromEntries(
      [...formData.entries()].filter(([name, value]) => typeof value === "string" && name !== "togglePassword" && !HIDDEN.includes(name)),
    ) as Record<string, string>;
    return data<ActionData>(
      { lastResult: { initialValue: values }, showPassword: formData.get("showPassword") !== "1" },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  const { submission, auth } = parseAuthentication(mode, formData);
  if (!auth) {
    return data<ActionData>({ lastResult: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  }
  const failed = (message: string, field?: string, status = 400, headers: HeadersInit = {}) => {
    const reply = field
      ? submission.reply({ fieldErrors: { [field]: [message] }, hideFields: HIDDEN })
      : submission.reply({ formErrors: [message], hideFields: HIDDEN });
    return data<ActionData>({ lastResult: reply, ...(field ? { refusal: message } : {}) }, { status, headers });
  };
  const returnTo = safeRedirectPath(String(formData.get("returnTo") ?? ""));
  // Anything unexpected (the database unreachable) gets the spec's fallback text, not an error page.
  const result = await attempt(mode, AUTH_MESSAGES.authFailed, () => authenticate(request, context, auth, returnTo));
  if (result instanceof Response) return result;
  if (isFailure(result)) return failed(result.message ?? AUTH_MESSAGES.authFailed, undefined, 500);
  const wait = result.retryAfterSeconds;
  return wait ? failed(result.message, undefined, 429, { "Retry-After": String(wait) }) : failed(result.message, result.field);
}

export default function AuthPage() {
  const { mode, returnTo } = useLoaderData<typeof loader>();
  return (
    <PublicPage>
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
        {/* Keyed by mode: toggling sign-in/sign-up starts a fresh form. */}
        <AuthForm key={mode} mode={mode} returnTo={returnTo} />
      </div>
    </PublicPage>
  );
}

function AuthForm({ mode, returnTo }: { mode: Mode; returnTo: string }) {
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();
  const isSignUp = mode === "sign-up";
  const schema = isSignUp ? SignUpSchema : SignInSchema;
  const [showPassword, setShowPassword] = useState(actionData?.showPassword ?? false);
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth") === true;

  // Sign-in fields are a subset of sign-up fields, so one field set serves both modes.
  // Sign-in's schema checks a subset of the same fields; conform's types want the one field set.
  const [form, fields] = useSchemaForm(`auth-${mode}`, schema as typeof SignUpSchema, navigation.state === "idle" ? actionData?.lastResult : undefined);

  useEffect(() => {
    if (actionData?.showPassword !== undefined) setShowPassword(actionData.showPassword);
  }, [actionData]);

  // With JavaScript, form-level failures (wrong password, too many attempts) also raise a toast, and so
  // does the server's refusal of a field (a username someone has). The form's own error is an alert
  // already: its toast is quiet, so a screen reader hears it once.
  const formErrors = form.errors;
  useEffect(() => {
    if (formErrors?.[0]) showToast(formErrors[0], "error", undefined, { quiet: true });
  }, [formErrors]);
  useEffect(() => {
    if (actionData?.refusal) showToast(actionData.refusal, "error");
  }, [actionData]);

  const passwordType = showPassword ? "text" : "password";
  const toggleParams = new URLSearchParams(returnTo ? { returnTo } : {});
  if (!isSignUp) toggleParams.set("signUp", "true");
  const toggleHref = `/auth${toggleParams.size ? `?${toggleParams}` : ""}`;

  const passwordToggle = (
    <button
      type={hydrated ? "button" : "submit"}
      name="togglePassword"
      value="1"
      formNoValidate
      onClick={hydrated ? () => setShowPassword((shown) => !shown) : undefined}
      aria-pressed={showPassword}
      aria-label={showPassword ? "Hide password" : "Show password"}
      className="shrink-0 rounded-lg border border-line p-2.5 text-muted hover:bg-surface"
    >
      {showPassword ? <Icon name="eye-off" className="size-5" /> : <Icon name="eye" className="size-5" />}
    </button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-2 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight">{isSignUp ? "Create your account" : "Welcome back"}</h1>
        <p className="text-muted">
          {isSignUp ? "Join Murmur to post, follow and talk." : "Sign in to see what's happening."}
        </p>
      </div>

      <Form method="post" action={`/auth${location.search}`} {...getFormProps(form)} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="mode" value={mode} />
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <input type="hidden" name="showPassword" value={showPassword ? "1" : ""} />
        <FormError errors={form.errors} />
        {isSignUp ? (
          <>
            <Field
              label="Display Name"
              inputProps={{ ...getInputProps(fields.displayName, { type: "text" }), autoComplete: "name", placeholder: "Your name" }}
              errors={fields.displayName.errors}
            />
            <Field
              label="Username"
              inputProps={{
                ...getInputProps(fields.username, { type: "text" }),
                autoComplete: "username",
                placeholder: "username",
                autoCapitalize: "none",
                spellCheck: false,
              }}
              errors={fields.username.errors}
            />
          </>
        ) : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", placeholder: "you@example.com" }}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            type: passwordType,
            autoComplete: isSignUp ? "new-password" : "current-password",
          }}
          errors={fields.password.errors}
          after={passwordToggle}
        />
        {isSignUp ? (
          <Field
            label="Confirm Password"
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              type: passwordType,
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
        ) : null}
        {!isSignUp ? (
          <Link to="/forgot-password" className="self-end text-sm text-accent hover:underline">
            Forgot password?
          </Link>
        ) : null}
        <SubmitButton busy={submitting} busyLabel={isSignUp ? "Creating account..." : "Signing in..."} className="mt-2 w-full">
          {isSignUp ? AUTH_MESSAGES.signUp : AUTH_MESSAGES.signIn}
        </SubmitButton>
        {isSignUp ? (
          <p className="text-center text-sm text-muted">
            By signing up, you agree to the{" "}
            <Link to="/terms" className="text-accent underline">Terms of Service</Link> and{" "}
            <Link to="/privacy" className="text-accent underline">Privacy Policy</Link> and confirm you are at least{" "}
            {MINIMUM_AGE} years old.
          </p>
        ) : null}
      </Form>

      <p className="text-center">
        <Link to={toggleHref} className="text-accent hover:underline">
          {isSignUp ? AUTH_MESSAGES.haveAccount : AUTH_MESSAGES.noAccount}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readForm } from "~/.server/http";
import { attempt, isFailure } from "~/.server/outcome";
import { answerHeaders } from "~/.server/respond";
import { memberOfUnsubscribeToken, unsubscribeByLink } from "~/.server/unsubscribe";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicPage } from "~/components/public-page";
import { SubmitButton } from "~/components/ui/submit-button";
import { RATE_MESSAGES } from "~/lib/messages";
import { UNSUBSCRIBE_TEXTS } from "~/lib/texts/notification";

/**
 * A notification digest's unsubscribe link (decision 085), for whoever holds the e-mail: no session is
 * needed, the signed link is the permission. Opening it changes nothing (mail scanners open links):
 * the page says what its button will do. The button's POST turns the member's Email Notifications
 * off, as does a mail provider's RFC 8058 one-click POST to the same address (which comes from
 * elsewhere, so workers/app.ts answers it before Remix). A link that is not valid changes nothing and
 * says so (400).
 */

/** A refused attempt says when to try again (Retry-After); the page is never kept (no-store). */
export const headers = answerHeaders;

export const meta: MetaFunction = () => [{ title: UNSUBSCRIBE_TEXTS.title }, { name: "robots", content: "noindex" }];

const NO_STORE = { "Cache-Control": "no-store" };

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t") ?? "";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const valid = (await memberOfUnsubscribeToken(context.db, context.config.cookieSecret, token)) !== null;
  return data({ token: valid ? token : null }, { status: valid ? 200 : 400, headers: NO_STORE });
}

type ActionData = { done: true } | { done: false; message: string };

/** The page's button (a same-origin form; a one-click request from elsewhere is answered by workers/app.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  // Its button sends no fields; anything but a form of a form's size is still refused.
  await readForm(request);
  const outcome = await attempt("unsubscribing from digests", UNSUBSCRIBE_TEXTS.failed, () => unsubscribeByLink(context, tokenOf(request)));
  if (isFailure(outcome)) return data<ActionData>({ done: false, message: outcome.message ?? UNSUBSCRIBE_TEXTS.failed }, { status: 500, headers: NO_STORE });
  if (outcome.status === 400) return data<ActionData>({ done: false, message: UNSUBSCRIBE_TEXTS.invalid }, { status: 400, headers: NO_STORE });
  if (outcome.status === 429) {
    const wait = outcome.retryAfterSeconds;
    return data<ActionData>({ done: false, message: RATE_MESSAGES.tooOften(wait) }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(wait) } });
  }
  return data<ActionData>({ done: true }, { headers: NO_STORE });
}

export default function UnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const T = UNSUBSCRIBE_TEXTS;

  return (
    <PublicPage>
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 text-center sm:py-16">
        {answer?.done ? (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">{T.doneHeading}</h1>
            <p role="status">{T.done}</p>
            <Link to="/settings/notifications" className="text-accent hover:underline">
              {T.settings}
            </Link>
          </>
        ) : token ? (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">{T.heading}</h1>
            <p className="text-muted">{T.explain}</p>
            {answer ? (
              <p role="alert" className="text-danger">
                {answer.message}
              </p>
            ) : null}
            <Form method="post" action={`/unsubscribe?t=${token}`} className="flex flex-col">
              <SubmitButton busy={busy} busyLabel={T.busy}>
                {T.button}
              </SubmitButton>
            </Form>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-extrabold tracking-tight">{T.invalidHeading}</h1>
            <p role="alert" className="text-danger">
              {T.invalid}
            </p>
          </>
        )}
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

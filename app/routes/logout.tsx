import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, type ClientActionFunctionArgs } from "@remix-run/react";
import { clearedSessionCookie, invalidateSession } from "~/.server/auth/session";
import { readForm, safeRedirectPath } from "~/.server/http";
import { attempt } from "~/.server/outcome";
import { closeRoomsOfEndedSessions } from "~/.server/realtime";
import { PublicPage } from "~/components/public-page";
import { SIGN_OUT_MESSAGE, SignOutActions } from "~/components/sign-out";
import { AUTH_MESSAGES } from "~/lib/messages";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerUnanswered } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Sign Out | Murmur" }];

/** The sign-out confirmation as a page, for visitors without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await context.getSession();
  if (!user) throw redirect("/auth");
  return { returnTo: safeRedirectPath(new URL(request.url).searchParams.get("returnTo")) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request);
  const { session } = await context.getSession();
  const ended = await attempt("signing out", AUTH_MESSAGES.signOutFailed, async () => {
    if (session) await invalidateSession(context.db, session.id);
    return { ok: true as const };
  });
  // The session could not be ended: say so, and stay signed in rather than pretend.
  if (!ended.ok) return context.toasts.redirect("/", { type: "error", message: AUTH_MESSAGES.signOutFailed });
  // The member's other open pages of this session stop hearing their rooms (decision 067).
  if (session) closeRoomsOfEndedSessions(context, session.userId);
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(request));
  headers.append("Set-Cookie", await context.toasts.header({ message: AUTH_MESSAGES.signedOut }));
  // A whole new document: the page's modules (its rooms, its 'signing out' mark) start afresh.
  return redirectDocument("/auth", { headers });
}

/** A sign-out that got no answer says so (spec: 'Failed to sign out'), and the page stays signed in. */
export const clientAction = ({ serverAction }: ClientActionFunctionArgs) => answerUnanswered(() => serverAction(), AUTH_MESSAGES.signOutFailed);
export const shouldRevalidate = skipQuietRevalidation;

export default function SignOutPage() {
  const { returnTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <PublicPage>
      <div className="mx-auto flex max-w-md flex-col gap-4 px-4 py-16">
        <h1 className="text-2xl font-bold">Sign Out</h1>
        <p className="text-muted">{SIGN_OUT_MESSAGE}</p>
        <Form method="post">
          <SignOutActions busy={navigation.state === "submitting"} cancelHref={returnTo} />
        </Form>
      </div>
    </PublicPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

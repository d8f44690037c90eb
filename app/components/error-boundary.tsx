import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { FEED_MESSAGES } from "~/lib/messages";
import { isNoAnswer } from "~/lib/unanswered";

const messages: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "That request could not be understood." },
  403: { title: "Not allowed", text: "You don't have permission to do that." },
  404: { title: "Page not found", text: "The page you're looking for doesn't exist or has moved." },
};

/**
 * One error boundary for every route: known statuses get a friendly page, a page whose data got no
 * answer (offline) says so with the spec's feed-load text and offers to load it again, anything else
 * a generic page.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isNoAnswer(error)) {
    // A plain link: loading the whole page again is the retry, whatever state the app is in.
    return (
      <ErrorPage title="No connection" text={FEED_MESSAGES.network}>
        <a href={`${location.pathname}${location.search}`} className={buttonClass("primary")}>
          Try again
        </a>
      </ErrorPage>
    );
  }

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = messages[status];
  if (!isRouteErrorResponse(error)) console.error(error);
  const text =
    known?.text ??
    (isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "An unexpected error occurred. Please try again.");
  return (
    <ErrorPage status={status} title={known?.title ?? "Something went wrong"} text={text}>
      <Link to="/" className={buttonClass("primary")}>
        Go Home
      </Link>
    </ErrorPage>
  );
}

function ErrorPage({ status, title, text, children }: { status?: number; title: string; text: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {status ? <p className="text-sm font-semibold text-muted">{status}</p> : null}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      {children}
    </main>
  );
}

import { isRouteErrorResponse, Link, useLocation, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { useInsideMain } from "~/components/main-landmark";
import { buttonClass } from "~/components/ui/button";
import { ERROR_MESSAGES, FEED_MESSAGES } from "~/lib/messages";
import { isNoAnswer } from "~/lib/unanswered";

/** What a route shows for an error response of one status (its own not-found text, say). */
export type StatusHandler = (error: ErrorResponse) => ReactNode;

/** Anything else: the spec's 'An unexpected error occurred' (document 2 §8). */
const UNEXPECTED = ERROR_MESSAGES.unexpected;

const DEFAULTS = ERROR_MESSAGES.byStatus;

/** The page title of an error page: 'Page not found | Murmur', 'Too large | Murmur', and so on. */
export function errorPageTitle(error: unknown): string {
  const known = isRouteErrorResponse(error) ? (DEFAULTS[error.status] ?? UNEXPECTED) : UNEXPECTED;
  return `${known.title} | Murmur`;
}

/**
 * The error boundary of every route (as in the Epic Stack): a route passes handlers for the statuses
 * it has words for; other known statuses get a friendly page; a page whose data got no answer (offline)
 * says so with the spec's feed-load text and offers to load it again; anything else a generic page.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Partial<Record<number, StatusHandler>> }) {
  const error = useRouteError();
  const location = useLocation();
  if (isNoAnswer(error)) {
    // A plain link: loading the whole page again is the retry, whatever state the app is in.
    return (
      <ErrorPage title={ERROR_MESSAGES.noConnection} text={FEED_MESSAGES.network}>
        <a href={`${location.pathname}${location.search}`} className={buttonClass("primary")}>
          {ERROR_MESSAGES.tryAgain}
        </a>
      </ErrorPage>
    );
  }
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
    const known = DEFAULTS[error.status] ?? UNEXPECTED;
    // A request refused as it came (a body that is not a form, or too large, a spent limit) says why.
    const said = [400, 413, 429].includes(error.status) && typeof error.data === "string" && error.data ? error.data : known.text;
    return <ErrorPage status={error.status} title={known.title} text={said} />;
  }
  console.error(error);
  return <ErrorPage status={500} title={UNEXPECTED.title} text={UNEXPECTED.text} />;
}

/** An error page: the status, a title, a sentence, and a way on (home, unless given). */
export function ErrorPage({ status, title, text, children }: { status?: number; title: string; text: string; children?: ReactNode }) {
  // Inside the shell's (or a public page's) main, a part of it; on its own (the root's error), the main.
  const Landmark = useInsideMain() ? "div" : "main";
  return (
    <Landmark className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      {status ? <p className="text-sm font-semibold text-muted">{status}</p> : null}
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      {children ?? (
        <Link to="/" className={buttonClass("primary")}>
          {ERROR_MESSAGES.goHome}
        </Link>
      )}
    </Landmark>
  );
}

/** A route's 404 handler with its own title and text. */
export function notFound(title: string, text: string): StatusHandler {
  return () => <ErrorPage status={404} title={title} text={text} />;
}

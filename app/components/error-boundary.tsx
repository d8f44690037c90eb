import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

const messages: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "That request could not be understood." },
  403: { title: "Not allowed", text: "You don't have permission to do that." },
  404: { title: "Page not found", text: "The page you're looking for doesn't exist or has moved." },
};

/** One error boundary for every route: known statuses get a friendly page, anything else a generic one. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = messages[status];
  if (!isRouteErrorResponse(error)) console.error(error);
  const title = known?.title ?? "Something went wrong";
  const text =
    known?.text ??
    (isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "An unexpected error occurred. Please try again.");

  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-sm font-semibold text-muted">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      <Link to="/" className="rounded-full bg-primary px-5 py-2 font-semibold text-on-primary">
        Go Home
      </Link>
    </main>
  );
}

import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Any path the app does not know, for a signed-in member: the not-found page inside the shell. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

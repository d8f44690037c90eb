import type { MetaFunction } from "@remix-run/cloudflare";
import { errorPageTitle, GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = ({ error }) => [{ title: errorPageTitle(error) }];

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

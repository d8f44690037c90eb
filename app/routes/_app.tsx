import { providerOf } from "~/.server/payments";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AppShell } from "~/components/shell/app-shell";
import { skipQuietRevalidation } from "~/lib/revalidation";

/** Every page below needs a signed-in member: visitors go to /auth and come back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const shell = await context.getShell();
  // Pages that take money say so when no card is charged (docs/decisions/037).
  return { user, ...shell!, paymentsTestMode: providerOf(context.config).testMode };
}

export const shouldRevalidate = skipQuietRevalidation;

export default function AppLayout() {
  const shell = useLoaderData<typeof loader>();
  return (
    <AppShell shell={shell}>
      <Outlet />
    </AppShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

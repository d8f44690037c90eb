import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { getOptionalUser } from "~/.server/auth/guards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicPage } from "~/components/public-page";
import { AppShell } from "~/components/shell/app-shell";
import { buttonClass } from "~/components/ui/button";
import { skipQuietRevalidation } from "~/lib/revalidation";

/**
 * Pages that visitors may see too (a shared post): members get the app shell, visitors a public
 * frame with a way to sign in. Each page still decides what a visitor may see and do.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) return { shell: null };
  return { shell: { user, ...(await context.getShell())! } };
}

export const shouldRevalidate = skipQuietRevalidation;

function SiteFrame({ children }: { children: ReactNode }) {
  const { shell } = useLoaderData<typeof loader>();
  if (shell) return <AppShell shell={shell}>{children}</AppShell>;
  return <VisitorFrame>{children}</VisitorFrame>;
}

function VisitorFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  const returnTo = new URLSearchParams({ returnTo: `${location.pathname}${location.search}` });
  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-2xl">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
          <p className="font-semibold">Join to interact with posts</p>
          <div className="flex gap-2">
            <Link to={`/auth?${returnTo}`} className={buttonClass("primary", "px-4 py-1.5")}>
              Sign In
            </Link>
            <Link to={`/auth?${returnTo}&signUp=true`} className={buttonClass("secondary", "px-4 py-1.5")}>
              Create Account
            </Link>
          </div>
        </div>
        {children}
      </div>
    </PublicPage>
  );
}

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

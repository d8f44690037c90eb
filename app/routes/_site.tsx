import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { getOptionalUser } from "~/.server/auth/guards";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PublicPage } from "~/components/public-page";
import { AppShell } from "~/components/shell/app-shell";
import { buttonClass } from "~/components/ui/button";
import { AUTH_MESSAGES } from "~/lib/messages";
import { PUBLIC_PROFILE_MESSAGES } from "~/lib/texts/public-profile";
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

/** What a page under this layout may say of its frame: `joinPrompt` false for its data leaves the visitor's prompt out. */
export type SiteHandle = { joinPrompt?: (data: unknown) => boolean };

function SiteFrame({ children }: { children: ReactNode }) {
  const { shell } = useLoaderData<typeof loader>();
  if (shell) return <AppShell shell={shell}>{children}</AppShell>;
  return <VisitorFrame>{children}</VisitorFrame>;
}

/**
 * A visitor's frame: Sign In at the top, and the spec's prompt 'Join to interact with posts' at the
 * bottom right (spec document 2 §2, "Public profile (signed out)"), which stays in view while the page
 * scrolls and never covers the footer.
 */
function VisitorFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  // A page with its own way in (an invitation's 'Sign In to Join' and 'Create Account') says it once.
  const prompts = useMatches().every((match) => (match.handle as SiteHandle | undefined)?.joinPrompt?.(match.data) ?? true);
  const returnTo = new URLSearchParams({ returnTo: `${location.pathname}${location.search}` });
  return (
    <PublicPage>
      <div className="mx-auto w-full max-w-2xl">
        <div className="flex items-center justify-end border-b border-line px-4 py-3">
          <Link to={`/auth?${returnTo}`} className={buttonClass("primary", "px-4 py-1.5")}>
            {AUTH_MESSAGES.signIn}
          </Link>
        </div>
        {children}
      </div>
      {prompts ? (
      <section aria-label="Join Murmur" className="sticky bottom-4 z-20 mr-4 mb-4 ml-auto w-fit max-w-[calc(100%-2rem)] rounded-2xl border border-line bg-bg p-4 shadow-lg">
        <p className="font-semibold">{PUBLIC_PROFILE_MESSAGES.joinPrompt}</p>
        <Link to={`/auth?${returnTo}&signUp=true`} className={buttonClass("secondary", "mt-2 px-4 py-1.5")}>
          {AUTH_MESSAGES.createAccount}
        </Link>
      </section>
      ) : null}
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

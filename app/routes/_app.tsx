import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Feather, Menu } from "lucide-react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/.server/auth/guards";
import { getShellData } from "~/.server/shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LogoMark } from "~/components/logo";
import { LeftNav, NAV_DRAWER_ID } from "~/components/shell/left-nav";
import { RightSidebar } from "~/components/shell/right-sidebar";
import { SiteFooter } from "~/components/site-footer";
import { showsFooter, showsRightSidebar } from "~/lib/navigation";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const shell = await getShellData(context.db, user.id);
  return { user, ...shell };
}

/**
 * The signed-in app: left navigation (a drawer on small screens that opens without JavaScript,
 * through a checkbox and its labels), the page, and the right sidebar on wide screens.
 */
export default function AppShell() {
  const { user, unreadNotifications, trends } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const drawer = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (drawer.current) drawer.current.checked = false;
  }, [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-bg focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex items-center justify-between border-b border-line bg-bg/90 px-3 py-2 backdrop-blur lg:hidden">
        <label htmlFor={NAV_DRAWER_ID} className="cursor-pointer rounded-full p-2 hover:bg-surface">
          <Menu className="size-6" aria-hidden />
          <span className="sr-only">Open menu</span>
        </label>
        <Link to="/" aria-label="Murmur home" className="text-fg">
          <LogoMark className="size-7" />
        </Link>
        <Link to="/compose" className="rounded-full bg-primary p-2 text-on-primary" aria-label="Create Post">
          <Feather className="size-5" aria-hidden />
        </Link>
      </header>

      <div className="mx-auto flex w-full max-w-7xl flex-1">
        <input ref={drawer} id={NAV_DRAWER_ID} type="checkbox" className="peer sr-only lg:hidden" aria-label="Menu" />
        <label
          htmlFor={NAV_DRAWER_ID}
          aria-hidden
          className="fixed inset-0 z-40 hidden bg-black/50 peer-checked:block lg:hidden!"
        />
        <div className="fixed inset-y-0 left-0 z-50 w-72 -translate-x-full bg-bg shadow-xl transition-transform peer-checked:translate-x-0 lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:translate-x-0 lg:shadow-none xl:w-72">
          <LeftNav user={user} unreadNotifications={unreadNotifications} />
        </div>
        <main id="main" className="min-w-0 flex-1 border-line lg:border-x">
          <Outlet />
        </main>
        {showsRightSidebar(pathname) ? <RightSidebar trends={trends} /> : null}
      </div>
      {showsFooter(pathname) ? <SiteFooter /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

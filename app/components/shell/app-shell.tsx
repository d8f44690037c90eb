import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useEffect, useRef, type ReactNode } from "react";
import type { SessionUser } from "~/lib/types/member";
import { showsFooter, showsRightSidebar } from "~/lib/navigation";
import { useBadges, useLiveRooms } from "~/lib/live-rooms";
import { LogoMark } from "../logo";
import { ComposeLink, ComposeProvider } from "../post/compose-dialog";
import { SiteFooter } from "../site-footer";
import { LeftNav, NAV_DRAWER_ID } from "./left-nav";
import { RightSidebar, type Trend } from "./right-sidebar";

export type ShellData = {
  user: SessionUser;
  unreadNotifications: number;
  unreadMessages: number;
  trends: Trend[];
  canPostForSubscribers: boolean;
};

/**
 * The signed-in app: left navigation (a drawer on small screens that opens without JavaScript,
 * through a checkbox and its labels), the page, and the right sidebar on wide screens.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { user, trends, canPostForSubscribers } = shell;
  const badges = useBadges({ notifications: shell.unreadNotifications, messages: shell.unreadMessages });
  const { pathname } = useLocation();
  const drawer = useRef<HTMLInputElement>(null);
  useLiveRooms(user.id);

  useEffect(() => {
    if (drawer.current) drawer.current.checked = false;
  }, [pathname]);

  return (
    <ComposeProvider canPostForSubscribers={canPostForSubscribers}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-bg focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <header className="sticky top-0 z-30 flex items-center justify-between border-b border-line bg-bg/90 px-3 py-2 backdrop-blur lg:hidden">
          <label htmlFor={NAV_DRAWER_ID} className="cursor-pointer rounded-full p-2 hover:bg-surface">
            <Icon name="menu" className="size-6" />
            <span className="sr-only">Open menu</span>
          </label>
          <Link to="/" aria-label="Murmur home" className="text-fg">
            <LogoMark className="size-7" />
          </Link>
          <ComposeLink className="rounded-full bg-primary p-2 text-on-primary" aria-label="Create Post">
            <Icon name="feather" className="size-5" />
          </ComposeLink>
        </header>

        <div className="mx-auto flex w-full max-w-7xl flex-1">
          <input ref={drawer} id={NAV_DRAWER_ID} type="checkbox" className="peer sr-only lg:hidden" aria-label="Menu" />
          <label
            htmlFor={NAV_DRAWER_ID}
            aria-hidden
            className="fixed inset-0 z-40 hidden bg-black/50 peer-checked:block lg:hidden!"
          />
          <div className="invisible fixed inset-y-0 left-0 z-50 w-72 -translate-x-full bg-bg shadow-xl transition-[transform,visibility] peer-checked:visible peer-checked:translate-x-0 lg:visible lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:translate-x-0 lg:shadow-none xl:w-72">
            <LeftNav user={user} unreadNotifications={badges.notifications} unreadMessages={badges.messages} />
          </div>
          <main id="main" className="min-w-0 flex-1 border-line lg:border-x">
            {children}
          </main>
          {showsRightSidebar(pathname) ? <RightSidebar trends={trends} /> : null}
        </div>
        {showsFooter(pathname) ? <SiteFooter /> : null}
      </div>
    </ComposeProvider>
  );
}

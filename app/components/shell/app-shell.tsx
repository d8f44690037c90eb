import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import type { SessionUser } from "~/lib/types/member";
import { showsFooter, showsRightSidebar } from "~/lib/navigation";
import { useBadges, useLiveRooms } from "~/lib/live-rooms";
import { LogoMark } from "../logo";
import { ComposeLink, ComposeProvider } from "../post/compose-dialog";
import { MainLandmark } from "../main-landmark";
import { SiteFooter } from "../site-footer";
import { BadgeAnnouncer } from "../unread-badge";
import { LeftNav, NAV_DRAWER_ID } from "./left-nav";
import { RightSidebar, type Trend } from "./right-sidebar";

export type ShellData = {
  user: SessionUser;
  unreadNotifications: number;
  unreadMessages: number;
  trends: Trend[];
  canPostForSubscribers: boolean;
  /** When the page's counts began to be read (ms): a newer live count wins (app/lib/live-rooms.ts). */
  badgesAt: number;
};

/**
 * The signed-in app: left navigation (a drawer on small screens that opens without JavaScript,
 * through a checkbox and its labels), the page, and the right sidebar on wide screens.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { user, trends, canPostForSubscribers } = shell;
  const badges = useBadges({ notifications: shell.unreadNotifications, messages: shell.unreadMessages }, shell.badgesAt);
  const { pathname, key } = useLocation();
  const { root, drawer, closeDrawer } = useDrawer();
  useLiveRooms(user.id);

  // Every navigation closes the drawer, to the page it opened.
  useEffect(closeDrawer, [key, closeDrawer]);

  return (
    <ComposeProvider canPostForSubscribers={canPostForSubscribers}>
      <div ref={root} className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-bg focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        {/* First, so that the keyboard reaches it where the eye does: before the top bar's other links. What
            it opens, and its focus shown on the menu button, follow it in the page (app/tailwind.css). */}
        <input ref={drawer} id={NAV_DRAWER_ID} type="checkbox" className="sr-only lg:hidden" aria-label="Menu" />
        {/* 56 px (h-14), the height the pages' title bars stick below (top-14); its buttons are square boxes
            around their icons, not lines of text (decision 077). */}
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-line bg-bg/90 px-3 backdrop-blur lg:hidden">
          <label htmlFor={NAV_DRAWER_ID} className="flex size-10 cursor-pointer items-center justify-center rounded-full hover:bg-surface">
            <Icon name="menu" className="size-6" />
            <span className="sr-only">Open menu</span>
          </label>
          <Link to="/" aria-label="Murmur home" className="flex text-fg">
            <LogoMark className="size-7" />
          </Link>
          <ComposeLink className="flex size-9 items-center justify-center rounded-full bg-primary text-on-primary" aria-label="Create Post">
            <Icon name="feather" className="size-5" />
          </ComposeLink>
        </header>

        <div className="mx-auto flex w-full max-w-7xl flex-1">
          <label
            htmlFor={NAV_DRAWER_ID}
            aria-hidden
            className="nav-drawer-overlay fixed inset-0 z-40 hidden bg-black/50 lg:hidden!"
          />
          <div className="nav-drawer-panel invisible fixed inset-y-0 left-0 z-50 w-72 -translate-x-full bg-bg shadow-xl transition-[translate,visibility] lg:visible lg:sticky lg:top-0 lg:h-dvh lg:w-64 lg:translate-x-0 lg:shadow-none xl:w-72">
            <LeftNav user={user} unreadNotifications={badges.notifications} unreadMessages={badges.messages} />
          </div>
          {/* Outside the drawer, which is hidden (and its live regions with it) on a phone until opened. */}
          <BadgeAnnouncer notifications={badges.notifications} messages={badges.messages} />
          <MainLandmark id="main" className="min-w-0 flex-1 border-line lg:border-x">
            {children}
          </MainLandmark>
          {showsRightSidebar(pathname) ? <RightSidebar trends={trends} /> : null}
        </div>
        {showsFooter(pathname) ? <SiteFooter /> : null}
      </div>
    </ComposeProvider>
  );
}

/** The width from which the navigation is a column beside the page, not a drawer (Tailwind's lg). */
const WIDE = "(min-width: 64rem)";

/**
 * The drawer opens and closes without JavaScript (its checkbox and the labels for it). With
 * JavaScript, an open drawer is a modal, as a dialog is: the page behind it is inert, Escape closes
 * it and the keyboard is back on its button, and it closes at the width where it is a column.
 */
function useDrawer() {
  const root = useRef<HTMLDivElement>(null);
  const drawer = useRef<HTMLInputElement>(null);
  const behind = useCallback(
    () => root.current?.querySelectorAll(":scope > a[href='#main'], :scope > header, :scope > footer, #main") ?? [],
    [],
  );
  const sync = useCallback(() => {
    for (const part of behind()) part.toggleAttribute("inert", drawer.current?.checked === true);
  }, [behind]);
  const closeDrawer = useCallback(() => {
    if (!drawer.current?.checked) return;
    drawer.current.checked = false;
    sync();
  }, [sync]);

  useEffect(() => {
    const input = drawer.current;
    if (!input) return;
    const wide = window.matchMedia(WIDE);
    const onKey = (event: KeyboardEvent) => {
      // A dialog open over the drawer closes first, on its own.
      if (event.key !== "Escape" || !input.checked || document.querySelector("dialog[open]")) return;
      // This Escape was the drawer's: nothing else (an image's page going back) acts on it.
      event.preventDefault();
      closeDrawer();
      input.focus();
    };
    input.addEventListener("change", sync);
    wide.addEventListener("change", closeDrawer);
    // Capturing: the drawer hears Escape before a page's own listener (an image's page going back).
    document.addEventListener("keydown", onKey, true);
    sync();
    return () => {
      input.removeEventListener("change", sync);
      wide.removeEventListener("change", closeDrawer);
      document.removeEventListener("keydown", onKey, true);
    };
  }, [sync, closeDrawer]);

  return { root, drawer, closeDrawer };
}

import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Marks what a page inside a layout that stays (Messages' list beside a conversation, Settings' tabs
 * beside a section) takes the keyboard to after a navigation, instead of the layout's h1: the part that
 * changed (the conversation, the section's heading). Spread it on the element.
 */
export const NAVIGATION_FOCUS = { "data-navigation-focus": "" } as const;

/**
 * Moves the keyboard to the page's heading: what the page marked (NAVIGATION_FOCUS), else the first h1
 * on screen (in the main landmark first: the shell's, a public page's), else the main landmark itself.
 * Not scrolled to: the page's scroll is ScrollRestoration's (the top, or where Back left it). Answers
 * whether anything took it.
 */
export function focusPageHeading(): boolean {
  const onScreen = (element: HTMLElement) => element.getClientRects().length > 0;
  const heading =
    [...document.querySelectorAll<HTMLElement>("main [data-navigation-focus]")].findLast(onScreen) ??
    [...document.querySelectorAll<HTMLElement>("main h1")].find(onScreen) ??
    [...document.querySelectorAll<HTMLElement>("h1")].find(onScreen);
  const target = heading ?? document.querySelector<HTMLElement>("main");
  if (!target) return false;
  // A heading is no control: -1 lets it take the focus without making it a stop for Tab.
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  return document.activeElement === target;
}

/**
 * A client-side navigation to another page puts the keyboard on the new page's heading (decision 086),
 * as a page load puts it at the document's start: a screen reader reads where the member arrived, and
 * Tab goes on into the new page. Without it the focus stayed on the link pressed (nothing was said),
 * or fell to the page's body when the link went with the old page.
 *
 * Only when the path changes: a tab, a search or 'Load more' changes the query and leaves the focus
 * where it is. And only when the new page did not place the focus itself (a form's first field), nor
 * opened a dialog.
 */
export function useNavigationFocus() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);
  // What had the focus when the navigation began (the link or button that started it).
  const startedFrom = useRef<Element | null>(null);

  const navigating = navigation.state !== "idle";
  useEffect(() => {
    if (navigating) startedFrom.current = document.activeElement;
  }, [navigating]);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const started = startedFrom.current;
    const focused = document.activeElement;
    const placedByPage = focused !== null && focused !== started && focused.closest("main") !== null;
    if (placedByPage || document.querySelector("dialog[open]")) return;
    focusPageHeading();
  }, [pathname]);
}

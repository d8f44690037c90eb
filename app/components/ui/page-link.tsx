import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";
import { html } from "~/lib/html";

/**
 * A link to one of Murmur's pages inside long lists (feed cards carry about ten each), without router
 * hooks (docs/decisions/014-page-links.md): Remix's <Link> resolves its path against the route matches
 * on every render, about a tenth of a feed page's server time. A PageLink is a plain <a> that works
 * before and without JavaScript; once the app runs, `usePageLinkNavigation` (in the root) turns a
 * plain click on it into a client-side navigation, as <Link> would.
 */
export function PageLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a {...props} href={to} data-page-link="" />;
}

/** The attribute that marks a PageLink, for the links of markup written with `html` (decision 057). */
export const PAGE_LINK = html`data-page-link=""`;

const SELECTOR = "a[data-page-link]";

type ClickKeys = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">;

/** A click that asks for a new tab or window (another button, a modifier key): the browser's to handle. */
export function isModifiedClick(event: ClickKeys) {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/** Whether the browser should handle this click itself (new tab, download, modifier keys…). */
function leftToBrowser(event: MouseEvent, link: HTMLAnchorElement) {
  return (
    event.defaultPrevented ||
    isModifiedClick(event) ||
    (link.target !== "" && link.target !== "_self") ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin
  );
}

/**
 * One document listener for every PageLink. React's own handlers (a card's share or reply link that
 * opens a dialog) run first and may prevent the navigation. Like <Link>, a link to the current address
 * replaces the history entry instead of adding one.
 */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(SELECTOR) : null;
      if (!link || leftToBrowser(event, link)) return;
      event.preventDefault();
      const to = `${link.pathname}${link.search}${link.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

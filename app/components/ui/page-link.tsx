import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";
import { html, type Markup } from "~/lib/html";

/**
 * A link to one of Murmur's pages inside long lists (feed cards carry about ten each), without router
 * hooks (docs/decisions/014-page-links.md): Remix's <Link> resolves its path against the route matches
 * on every render, about a tenth of a feed page's server time. A PageLink is a plain <a> that works
 * before and without JavaScript; once the app runs, `usePageLinkNavigation` (in the root) turns a
 * plain click on it into a client-side navigation, as <Link> would.
 */
export function PageLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a {...props} href={to} {...MARK} />;
}

/** The attribute that marks a PageLink, which the selector below finds. */
const ATTRIBUTE = "data-page-link";
const MARK = { [ATTRIBUTE]: "" };
const SELECTOR = `a[${ATTRIBUTE}]`;

/** The same mark for links in markup written with `html` (decision 057). */
export const PAGE_LINK = html`data-page-link=""`;

/**
 * A member's name as a PageLink to their profile, as markup: the card's author, its reposter, a top
 * comment's author. `id` names the link for the card's aria-labelledby.
 */
export function profileLinkHtml({ username, name, className, id }: { username: string; name: string; className: string; id?: string }): Markup {
  return html`<a${id ? html` id="${id}"` : null} dir="auto" class="${className}" title="${name}" href="/profile/${username}" ${PAGE_LINK}>${name}</a>`;
}

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

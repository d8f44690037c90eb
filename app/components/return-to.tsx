import { useLocation } from "@remix-run/react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Forms rendered before JavaScript runs post a whole document: they carry the page to come back to
 * (and an anchor to scroll to). Once hydrated the same form runs through a fetcher, and the server
 * answers with data instead (docs/decisions/004).
 */
export function ReturnTo({ anchor, to }: { anchor?: string; to?: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  if (hydrated) return null;
  const here = to ?? `${location.pathname}${location.search}`;
  return <input type="hidden" name="returnTo" value={anchor ? `${here}#${anchor}` : here} />;
}

/** The current page as a returnTo query value, for links to dialog pages. */
export function useReturnTo(anchor?: string) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return anchor ? `${here}#${anchor}` : here;
}

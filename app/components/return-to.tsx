import { useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useClientLayoutEffect } from "~/lib/use-client-layout-effect";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Forms rendered before JavaScript runs post a whole document: they carry the page to come back to
 * (and an anchor to scroll to). Once hydrated the same form runs through a fetcher, and the server
 * answers with data instead (docs/decisions/004).
 */
export function ReturnTo({ anchor, to }: { anchor?: string; to?: string }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const field = useRef<HTMLInputElement>(null);
  // The field goes once the page marks itself hydrated, a task after hydration (decision 054); React
  // sends the form through a fetcher from hydration's commit. A press between the two sent the field
  // with it, so the answer was the redirect a document gets and the fetcher had none (a cheap phone's
  // review found the button then showing the state before the press). Disabled in that commit, the
  // field is left out of any form the page sends from then on.
  useClientLayoutEffect(() => {
    if (field.current) field.current.disabled = true;
  }, []);
  if (hydrated) return null;
  const here = to ?? `${location.pathname}${location.search}`;
  return <input ref={field} type="hidden" name="returnTo" value={anchor ? `${here}#${anchor}` : here} />;
}

/** The current page as a returnTo query value, for links to dialog pages. */
export function useReturnTo(anchor?: string) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return anchor ? `${here}#${anchor}` : here;
}

import { SEARCH_BUTTON_CLASS, SEARCH_FORM_CLASS, SEARCH_ICON_CLASS, SEARCH_INPUT_CLASS } from "~/components/ui/search-form";
import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "~/components/icon";
import { EXPLORE_SEARCH_DEBOUNCE_MS, SEARCH_QUERY_MAX_LENGTH } from "~/lib/constants";
import { exploreHref, type ExplorePath, type ExploreTab } from "~/lib/explore";
import { EXPLORE_MESSAGES } from "~/lib/texts/explore";

/**
 * Explore's search box (spec document 1 §2.8, §5): a GET form to the view with `?q=` and the tab
 * (without JavaScript, Search or Enter submits it); with JavaScript the results follow by themselves
 * EXPLORE_SEARCH_DEBOUNCE_MS after typing stops, and an emptied box goes back to what is popular. The
 * box keeps what is being typed while its results arrive; a search started elsewhere (the sidebar, a
 * trend) shows its own words in it.
 */
export function ExploreSearch({ path, query, tab }: { path: ExplorePath; query: string | null; tab: ExploreTab }) {
  const id = useId();
  const navigate = useNavigate();
  const [term, setTerm] = useState(query ?? "");
  const typed = useRef(false);
  // What this box last asked for: a query that differs came from somewhere else.
  const asked = useRef(query ?? "");

  useEffect(() => {
    if ((query ?? "") === asked.current) return;
    asked.current = query ?? "";
    typed.current = false;
    setTerm(query ?? "");
  }, [query]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      const next = term.trim();
      if (next === asked.current) return;
      asked.current = next;
      // Refining a search replaces it in the history; the first one leaves the way back.
      navigate(exploreHref(path, { q: next, tab }), { replace: Boolean(query) });
    }, EXPLORE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, path, tab, query, navigate]);

  return (
    <Form method="get" action={path} role="search" aria-label={EXPLORE_MESSAGES.search} className={SEARCH_FORM_CLASS}>
      {tab === "trending" ? null : <input type="hidden" name="tab" value={tab} />}
      <div className="relative flex-1">
        <label htmlFor={id} className="sr-only">
          {EXPLORE_MESSAGES.search}
        </label>
        <Icon name="search" className={SEARCH_ICON_CLASS} />
        <input
          id={id}
          type="search"
          name="q"
          value={term}
          onChange={(event) => {
            typed.current = true;
            setTerm(event.target.value);
          }}
          placeholder={EXPLORE_MESSAGES.search}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          className={SEARCH_INPUT_CLASS}
        />
      </div>
      <button type="submit" className={SEARCH_BUTTON_CLASS}>
        Search
      </button>
    </Form>
  );
}

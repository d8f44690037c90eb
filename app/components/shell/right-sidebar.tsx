import { SEARCH_INPUT_CLASS } from "~/components/ui/search-form";
import { Form, Link, useNavigate, useSearchParams } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useEffect, useRef, useState } from "react";
import { SIDEBAR_SEARCH_DEBOUNCE_MS } from "~/lib/constants";
import { countOf } from "~/lib/format";

export type Trend = { hashtag: string; postsCount: number };

/** Search box and 'Trending Now', on wide screens (spec document 1 §2.7). */
export function RightSidebar({ trends }: { trends: Trend[] }) {
  return (
    <aside aria-label="Search and trends" className="sticky top-0 hidden h-dvh w-80 shrink-0 flex-col gap-4 overflow-y-auto px-5 py-3 xl:flex">
      <SidebarSearch />
      <section aria-labelledby="trending-now" className="rounded-2xl border border-line">
        <h2 id="trending-now" className="px-4 pt-3 pb-2 text-xl font-extrabold">
          Trending Now
        </h2>
        {trends.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-muted">Nothing is trending yet.</p>
        ) : (
          <ol>
            {trends.map((trend) => (
              <li key={trend.hashtag}>
                <Link
                  to={`/explore?${new URLSearchParams({ q: `#${trend.hashtag}` })}`}
                  className="flex flex-col px-4 py-2.5 hover:bg-surface"
                >
                  <span className="font-bold">{`#${trend.hashtag}`}</span>
                  <span className="text-sm text-muted">{countOf(trend.postsCount, "post", "posts")}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>
    </aside>
  );
}

/** A GET form to /explore?q=; with JavaScript it goes there by itself after a 500 ms pause in typing. */
function SidebarSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [term, setTerm] = useState(params.get("q") ?? "");
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current || term.trim() === "") return;
    const timer = setTimeout(() => navigate(`/explore?${new URLSearchParams({ q: term.trim() })}`), SIDEBAR_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, navigate]);

  return (
    // Named apart from a page's own search beside it (two search landmarks).
    <Form method="get" action="/explore" role="search" aria-label="Sidebar search" className="relative">
      <label htmlFor="sidebar-search" className="sr-only">
        Search posts
      </label>
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted" />
      <input
        id="sidebar-search"
        type="search"
        name="q"
        value={term}
        onChange={(event) => {
          typed.current = true;
          setTerm(event.target.value);
        }}
        placeholder="Search posts"
        className={SEARCH_INPUT_CLASS}
      />
    </Form>
  );
}

import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

type Page = { nextCursor: string | null };

/** What follows the route's own page: the pages 'Load more' appended, and entries carried over. */
type Tail<P, E> = { pages: P[]; carried: E[] };

/**
 * Keyset pages shown one after another (with JavaScript): the route's own page first, then each page
 * 'Load more' appended through `fetcher`. Returns their entries, each once (a page may overlap the one
 * before when new entries arrived), and the cursor of the page after the last.
 *
 * A new first page from a navigation starts the list again. One from a revalidation (after an action,
 * a live update, 'Show new posts') keeps what was appended below it, so nobody loses their place:
 * React Router reloads only the fetcher's last page, which takes that page's place, and the entries
 * the new first page pushed out (newer ones arrived above them) stay between it and the next page.
 */
export function useAppendedPages<P extends Page, E extends { id: string }>(
  first: P,
  loaded: P | undefined,
  fetcher: { state: string; load: (href: string) => unknown },
  entriesOf: (page: P) => E[],
) {
  const loading = fetcher.state !== "idle";
  const [tail, setTail] = useState<Tail<P, E>>(() => ({ pages: [], carried: [] }));
  const { key } = useLocation();
  const shown = useRef({ first, key });
  // The list (location) for which 'Load more' asked for the page on its way: anything else the fetcher
  // brings is a reload, and a page asked for before a navigation does not join the next list.
  const asked = useRef<string | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = { first, key };
    if (before.first === first) return;
    // On mount and on a list with nothing appended there is nothing to keep: no extra render.
    setTail((tail) => {
      if (tail.pages.length === 0) return tail;
      if (before.key !== key) return { pages: [], carried: [] };
      const later = tail.pages.flatMap(entriesOf);
      return { ...tail, carried: pushedOut([...entriesOf(before.first), ...tail.carried], entriesOf(first), later) };
    });
  }, [first, key, entriesOf]);

  useEffect(() => {
    if (loading || !loaded) return;
    const append = asked.current === key;
    asked.current = null;
    setTail((tail) => {
      if (tail.pages.includes(loaded)) return tail;
      if (append) return { ...tail, pages: [...tail.pages, loaded] };
      return tail.pages.length === 0 ? tail : { ...tail, pages: [...tail.pages.slice(0, -1), loaded] };
    });
  }, [loading, loaded, key]);

  const entries = uniqueById([...entriesOf(first), ...tail.carried, ...tail.pages.flatMap(entriesOf)]);
  const cursor = (tail.pages.at(-1) ?? first).nextCursor;
  const loadMore = (href: string) => {
    asked.current = key;
    fetcher.load(href);
  };
  return { entries, cursor, loading, loadMore };
}

/**
 * The entries of the old first page (and what it carried) that a new first page no longer holds
 * because newer ones pushed them down: those after the new page's last entry. Entries before it that
 * the new page lacks were removed. When the new page's last entry is new to the list, the whole old
 * page was pushed out; when it comes from a later page, entries moved up and nothing was pushed out.
 */
export function pushedOut<E extends { id: string }>(before: E[], now: E[], later: E[]): E[] {
  const last = now.at(-1);
  if (!last) return [];
  const at = before.findIndex((entry) => entry.id === last.id);
  if (at >= 0) return before.slice(at + 1);
  return later.some((entry) => entry.id === last.id) ? [] : before;
}

/** Entries of all pages, each once (a page may overlap the one before when new entries arrived). */
export function uniqueById<T extends { id: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}

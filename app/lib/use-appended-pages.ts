import { useEffect, useState } from "react";

/**
 * Keyset pages shown one after another: the route's own page first, then each page a fetcher loaded
 * ('Load more' with JavaScript). A new first page (navigation, revalidation) starts again.
 */
export function useAppendedPages<P extends { nextCursor: string | null }>(first: P, loaded: P | undefined, loading: boolean): P[] {
  const [more, setMore] = useState<P[]>([]);
  // Only a new first page empties the list (on mount there is nothing to empty: no extra render).
  useEffect(() => setMore((pages) => (pages.length === 0 ? pages : [])), [first]);
  useEffect(() => {
    if (!loading && loaded) setMore((pages) => (pages.includes(loaded) ? pages : [...pages, loaded]));
  }, [loading, loaded]);
  return [first, ...more];
}

/** Entries of all pages, each once (a page may overlap the one before when new entries arrived). */
export function uniqueById<T extends { id: string }>(entries: T[]): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.id) && Boolean(seen.add(entry.id)));
}

import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRootData } from "~/lib/root-data";
import { useUnansweredLoad, wasUnanswered } from "./unanswered";

type Page = { nextCursor: string | null };

/** What follows the route's own page: the pages 'Load more' appended, and entries carried over. */
type Tail<P, E> = { pages: P[]; carried: E[] };

/** How a list names its entries: one entry per key, shown once (the first time it appears). */
export type ListOptions<E> = {
  /** Ordered by a score that changes (For you, comments by likes), not by time: see `pushedOut`. */
  ranked?: boolean;
  /** An entry's identity when one thing can come back under a new id (a notification group's new head). */
  keyOf?: (entry: E) => string;
};

const byId = (entry: { id: string }) => entry.id;

/**
 * What each list had appended, by history entry (`location.key`), so that Back and Forward show it again
 * on the first render and ScrollRestoration finds the height it left (the pages are component state,
 * gone when the route unmounts). Only for the same history entry, the same kind of list and the same
 * member (signed in or out in this tab without a new document, an entry from before shows nothing kept);
 * in memory only, so a new document starts without any. The newest entries are kept, up to KEPT_MAX.
 */
type Kept = { member: string | null; entriesOf: unknown; first: Page; tail: Tail<Page, unknown> };
const kept = new Map<string, Kept>();
const KEPT_MAX = 20;

/**
 * A list's place in `kept`: its history entry and its kind (its `entriesOf`, one function per kind of
 * list), so two lists on one page (a profile's posts, and its Followers dialog) keep theirs apart.
 */
const kinds = new WeakMap<object, number>();
let kindsNamed = 0;
function keptKey(historyKey: string, entriesOf: object): string {
  let kind = kinds.get(entriesOf);
  if (kind === undefined) kinds.set(entriesOf, (kind = ++kindsNamed));
  return `${historyKey} ${kind}`;
}

function keep(key: string, entry: Kept | null) {
  kept.delete(key);
  if (!entry) return;
  kept.set(key, entry);
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!);
}

/**
 * The tail kept for this history entry, joined to its new first page (read again on the way back) as a
 * revalidation joins it; null when there is none, or when the new first page is too far ahead to join.
 */
function restored<P extends Page, E extends { id: string }>(
  saved: Kept | undefined,
  member: string | null,
  first: P,
  entriesOf: (page: P) => E[],
  keyOf: (entry: E) => string,
  ranked: boolean,
): Tail<P, E> | null {
  if (!saved || saved.member !== member || saved.entriesOf !== entriesOf) return null;
  const tail = saved.tail as Tail<P, E>;
  if (saved.first === first) return tail;
  const later = new Set(tail.pages.flatMap(entriesOf).map(keyOf));
  const carried = pushedOut([...entriesOf(saved.first as P), ...tail.carried], entriesOf(first), later, keyOf, ranked);
  return carried ? { pages: tail.pages, carried } : null;
}

/**
 * Keyset pages shown one after another (with JavaScript): the route's own page first, then each page
 * 'Load more' appended through `fetcher`. Returns their entries, each once (a page may overlap the one
 * before when new entries arrived), and the cursor of the page after the last.
 *
 * A new first page from a navigation starts the list again. One from a revalidation (a fetcher's
 * submission, a live update, 'Show new posts') keeps what was appended below it, so nobody loses their
 * place (docs/decisions/045): React Router reloads only the fetcher's last page, which takes that page's
 * place, and the entries the new first page pushed out stay between it and the next page.
 *
 * Back and Forward to the list's history entry show what was appended again (`kept`).
 *
 * A page that got no answer (offline) appends nothing: the list and its cursor stay, the member is told,
 * and 'Load more' tries again (`useUnansweredLoad`).
 *
 * The list's element takes `listRef`, its entries as its children, each focusable (`tabIndex={-1}`):
 * once a page is appended, the keyboard moves from 'Load more' to the first entry it brought
 * (`useFocusAppended`).
 */
export function useAppendedPages<P extends Page, E extends { id: string }>(
  first: P,
  answer: P | undefined,
  fetcher: { state: string; data?: unknown; load: (href: string) => unknown },
  entriesOf: (page: P) => E[],
  { ranked = false, keyOf = byId }: ListOptions<E> = {},
) {
  const loading = fetcher.state !== "idle";
  useUnansweredLoad(fetcher);
  // A load that got no answer is no page (a list that passes the fetcher's data as its page gets it too).
  const loaded = answer && !wasUnanswered(answer) ? answer : undefined;
  const { key: historyKey } = useLocation();
  const key = keptKey(historyKey, entriesOf);
  const member = useRootData()?.user?.id ?? null;
  const [tail, setTail] = useState<Tail<P, E>>(() => restored(kept.get(key), member, first, entriesOf, keyOf, ranked) ?? { pages: [], carried: [] });
  const shown = useRef({ first, key });
  // Which list the entries belong to: a navigation that brings a new first page starts another.
  const list = useRef(0);
  // The list for which 'Load more' asked for the page on its way: anything else the fetcher brings is
  // a reload, and a page asked for before the list started again does not join the new one.
  const asked = useRef<number | null>(null);

  useEffect(() => {
    const before = shown.current;
    shown.current = { first, key };
    if (before.first === first) return;
    const revalidated = before.key === key;
    // A revalidation with nothing appended and nothing on its way leaves nothing to keep.
    if (revalidated && tail.pages.length === 0 && asked.current === null) return;
    // A page on its way was asked for from the old first page's cursor: it follows what that one held.
    // One arriving in this same commit (React Router sends a load on its way again with the
    // revalidation) is a later page already.
    const arriving = !loading && loaded && asked.current === list.current && !tail.pages.includes(loaded) ? entriesOf(loaded) : [];
    const later = new Set([...tail.pages.flatMap(entriesOf), ...arriving].map(keyOf));
    const carried = revalidated ? pushedOut([...entriesOf(before.first), ...tail.carried], entriesOf(first), later, keyOf, ranked) : null;
    if (carried) {
      if (carried.length > 0 || tail.carried.length > 0) setTail((current) => ({ ...current, carried }));
      return;
    }
    // A navigation, or more new entries than a page holds (those between could not be shown): the list
    // starts again, and a page asked for before does not join it.
    list.current += 1;
    asked.current = null;
    // On mount and on a list with nothing appended there is nothing to empty: no extra render.
    if (tail.pages.length > 0 || tail.carried.length > 0) setTail({ pages: [], carried: [] });
  }, [first, key, tail, loading, loaded, entriesOf, keyOf, ranked]);

  useEffect(() => {
    if (loading || !loaded) return;
    const append = asked.current === list.current;
    asked.current = null;
    setTail((tail) => {
      if (tail.pages.includes(loaded)) return tail;
      if (append) return { ...tail, pages: [...tail.pages, loaded] };
      return tail.pages.length === 0 ? tail : { ...tail, pages: [...tail.pages.slice(0, -1), loaded] };
    });
  }, [loading, loaded]);

  useEffect(() => {
    keep(key, tail.pages.length > 0 || tail.carried.length > 0 ? { member, entriesOf, first, tail: tail as Tail<Page, unknown> } : null);
  }, [key, member, entriesOf, first, tail]);

  const entries = uniqueBy([...entriesOf(first), ...tail.carried, ...tail.pages.flatMap(entriesOf)], keyOf);
  const cursor = (tail.pages.at(-1) ?? first).nextCursor;
  const focusAppended = useFocusAppended(tail.pages.length);
  const loadMore = (href: string) => {
    asked.current = list.current;
    focusAppended.asked();
    fetcher.load(href);
  };
  return { entries, cursor, loading, loadMore, listRef: focusAppended.listRef };
}

/**
 * After 'Load more', the keyboard goes to the first entry the page brought: a screen reader reads what
 * was loaded, and when it was the last page the link that had the focus is gone, which would leave it
 * on the page's body. Only while the focus is still on the link (or lost): a member who moved on keeps
 * their place. With nothing new on the page (all of it already shown), the last entry takes it once the
 * link is gone.
 */
function useFocusAppended(appended: number) {
  const listElement = useRef<HTMLElement | null>(null);
  const listRef = useCallback((element: HTMLElement | null) => {
    listElement.current = element;
  }, []);
  // What had the focus when 'Load more' was pressed (its link), and the entry that was last then.
  const before = useRef<{ focused: Element | null; last: Element | null } | null>(null);
  const count = useRef(appended);

  useEffect(() => {
    const grew = appended > count.current;
    count.current = appended;
    const asked = before.current;
    if (!grew || !asked) return;
    before.current = null;
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body;
    if (focused !== asked.focused && !lost) return;
    const first = asked.last ? asked.last.nextElementSibling : (listElement.current?.firstElementChild ?? null);
    const target = first ?? (lost ? asked.last : null);
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  }, [appended]);

  return {
    listRef,
    asked: () => {
      before.current = { focused: document.activeElement, last: listElement.current?.lastElementChild ?? null };
    },
  };
}

/**
 * The entries of the old first page (and what it carried) that a new first page no longer holds, to
 * keep between it and the next page.
 * - In a list ordered by time, newer entries pushed them down: those after the new page's last entry.
 *   Entries before it that the new page lacks were removed. When the new page's last entry comes from
 *   a later page, entries moved up and nothing was pushed out; when it is new to the list, more new
 *   entries arrived than a page holds, and the list starts again (null).
 * - In a ranked list a missing entry may have moved down as well as been removed, and the pages below
 *   are not read again: all of them stay.
 */
export function pushedOut<E extends { id: string }>(
  before: E[],
  now: E[],
  later: ReadonlySet<string>,
  keyOf: (entry: E) => string = byId,
  ranked = false,
): E[] | null {
  const kept = new Set(now.map(keyOf));
  if (ranked) return before.filter((entry) => !kept.has(keyOf(entry)));
  const last = now.at(-1);
  if (!last) return [];
  const at = before.findIndex((entry) => keyOf(entry) === keyOf(last));
  if (at >= 0) return before.slice(at + 1).filter((entry) => !kept.has(keyOf(entry)));
  return later.has(keyOf(last)) || before.length === 0 ? [] : null;
}

/** Entries of all pages, each once, where it first appears (a page may overlap the one before). */
export function uniqueBy<T>(entries: T[], keyOf: (entry: T) => string): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = keyOf(entry);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

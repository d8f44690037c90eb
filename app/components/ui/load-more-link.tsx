import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { isModifiedClick } from "./page-link";

/**
 * 'Load more' under a keyset list: without JavaScript a link to the next page; with it, `onLoad`
 * appends that page in place (through a fetcher), once at a time.
 */
export function LoadMoreLink({ to, loading, onLoad, children }: { to: string; loading: boolean; onLoad: () => void; children: ReactNode }) {
  return (
    <div className="flex justify-center border-b border-line p-4">
      <Link
        to={to}
        preventScrollReset
        onClick={(event) => {
          // A click that asks for a new tab or window opens the next page there.
          if (isModifiedClick(event)) return;
          event.preventDefault();
          if (!loading) onLoad();
        }}
        aria-disabled={loading || undefined}
        className="rounded-full px-4 py-2 font-semibold text-accent hover:bg-surface"
      >
        {loading ? "Loading..." : children}
      </Link>
    </div>
  );
}

import type { ReactNode } from "react";

/**
 * A page's sticky title bar (and, below it, tabs or other controls). The title is one line, cut with an
 * ellipsis, in the direction of its first letter (it may be a member's name; a name inside a title of
 * other words comes in a <bdi>, which that first letter skips). On a short screen (a phone on its side,
 * 200% zoom) it scrolls with the page rather than cover it (decision 077).
 */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="sticky top-14 z-10 border-b border-line bg-bg/90 backdrop-blur short:static lg:top-0">
      <h1 className="truncate px-4 py-3 text-xl font-extrabold" dir="auto">
        {title}
      </h1>
      {children}
    </div>
  );
}

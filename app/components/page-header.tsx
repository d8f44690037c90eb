import type { ReactNode } from "react";

/** A page's sticky title bar (and, below it, tabs or other controls). */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="sticky top-14 z-10 border-b border-line bg-bg/90 backdrop-blur lg:top-0">
      <h1 className="px-4 py-3 text-xl font-extrabold">{title}</h1>
      {children}
    </div>
  );
}

import type { ReactNode } from "react";
import { LEGAL_LAST_UPDATED } from "~/lib/constants";
import { PublicPage } from "./public-page";

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicPage>
      <article className="mx-auto flex max-w-3xl flex-col gap-6 px-5 py-10 leading-relaxed [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_ul]:list-disc [&_ul]:pl-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <p className="text-sm text-muted">Last updated: {LEGAL_LAST_UPDATED}</p>
        </header>
        {children}
      </article>
    </PublicPage>
  );
}

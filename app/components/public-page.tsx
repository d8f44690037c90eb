import type { ReactNode } from "react";
import { Logo } from "./logo";
import { MainLandmark } from "./main-landmark";
import { SiteFooter } from "./site-footer";
import { ThemeToggle } from "./theme-toggle";

/** Pages outside the signed-in shell (auth, legal, password recovery): a slim header and the footer. */
export function PublicPage({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between border-b border-line px-4 py-3 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <MainLandmark id="main" className="flex-1">
        {children}
      </MainLandmark>
      {footer ? <SiteFooter /> : null}
    </div>
  );
}

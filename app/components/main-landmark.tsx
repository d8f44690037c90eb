import { createContext, useContext, type ReactNode } from "react";

/** Whether what renders is already inside the page's one <main> (the shell's, a public page's). */
const InsideMain = createContext(false);

/** The page's one main landmark; what renders in it knows (`useInsideMain`) not to add another. */
export function MainLandmark({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <main id={id} className={className}>
      <InsideMain.Provider value={true}>{children}</InsideMain.Provider>
    </main>
  );
}

export const useInsideMain = () => useContext(InsideMain);

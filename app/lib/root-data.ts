import type { useRouteLoaderData } from "@remix-run/react";
import { createContext, useContext } from "react";
import type { RootLoaderData } from "~/root";

type RootData = ReturnType<typeof useRouteLoaderData<RootLoaderData>>;

/**
 * The root loader's data as a context the root's Layout provides (docs/decisions/102). Remix's
 * `useRouteLoaderData` reads the whole router state, so a component holding it renders again whenever
 * any fetcher or navigation moves; a feed card read the signed-in member that way, and one like
 * re-rendered every card. This context changes only when the root's data does.
 */
export const RootDataContext = createContext<RootData>(undefined);

/** The root loader's data (undefined where the root has none: its error page before the loader ran). */
export function useRootData(): RootData {
  return useContext(RootDataContext);
}

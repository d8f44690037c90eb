import { useFetchers } from "@remix-run/react";
import { useEffect } from "react";
import { inNextTask } from "./next-task";
import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, type Theme } from "./theme";

export const THEME_FETCHER_KEY = "theme";

/**
 * The theme to render: a theme change still in flight wins (instant with JavaScript), else the
 * server's (from the cookie). Mirrored to localStorage under the spec's key.
 */
export function useThemeMode(serverTheme: Theme | undefined): Theme {
  const fetchers = useFetchers();
  const pending = fetchers.find((fetcher) => fetcher.key === THEME_FETCHER_KEY)?.formData?.get("theme");
  const theme = isTheme(pending) ? pending : (serverTheme ?? DEFAULT_THEME);

  // In a task of its own: a page's first use of localStorage opens the origin's storage (054).
  useEffect(
    () =>
      inNextTask(() => {
        try {
          window.localStorage.setItem(THEME_STORAGE_KEY, theme);
        } catch {
          // Storage can be unavailable (private mode); the cookie still carries the choice.
        }
      }),
    [theme],
  );

  return theme;
}

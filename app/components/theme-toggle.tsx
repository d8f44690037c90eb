import { useFetcher, useLocation } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { useRootData } from "~/lib/root-data";
import { themeCookieValue } from "~/lib/theme";
import { THEME_FETCHER_KEY, useThemeMode } from "~/lib/use-theme";

/** Light/dark switch: a form post without JavaScript, an instant optimistic toggle with it. */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const rootData = useRootData();
  const theme = useThemeMode(rootData?.theme);
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const location = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? "Dark mode" : "Light mode";

  return (
    <fetcher.Form
      method="post"
      action="/theme"
      onSubmit={(event) => {
        event.preventDefault();
        // Persist at once, so a reload right after the click already renders the new theme.
        document.cookie = themeCookieValue(next);
        fetcher.submit({ theme: next }, { method: "post", action: "/theme" });
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        data-theme-toggle
        className={`flex items-center gap-3 rounded-full px-3 py-2 text-fg hover:bg-surface ${className}`}
      >
        {next === "dark" ? <Icon name="moon" className="size-5" /> : <Icon name="sun" className="size-5" />}
        <span>{label}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * The explore view's addresses (spec document 1 §2.1, §2.8): /explore and /trending are the same view;
 * `q` carries a search, `tab` a category of trending hashtags ('Trending' shows them all), `cursor` a
 * later page of a search's posts. Shared by the loader and the links, so both read them alike.
 */

/** The tabs in order; each but 'trending' is a hashtag_trends.category. */
export const EXPLORE_TABS = ["trending", "news", "sports", "entertainment"] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];

export const EXPLORE_PATHS = ["/explore", "/trending"] as const;
export type ExplorePath = (typeof EXPLORE_PATHS)[number];

/** The tab an address asks for; anything else is 'trending'. */
export function exploreTabOf(value: string | null | undefined): ExploreTab {
  return EXPLORE_TABS.find((tab) => tab === value) ?? "trending";
}

export function explorePathOf(pathname: string): ExplorePath {
  return EXPLORE_PATHS.find((path) => path === pathname) ?? "/explore";
}

/** The address of the view with a search, a tab and a page (the defaults left out). */
export function exploreHref(path: ExplorePath, { q, tab = "trending", cursor }: { q?: string | null; tab?: ExploreTab; cursor?: string | null }) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (tab !== "trending") params.set("tab", tab);
  if (cursor) params.set("cursor", cursor);
  return params.size ? `${path}?${params}` : path;
}

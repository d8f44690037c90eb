/** Where each left-navigation item leads (spec document 1 §2.3), in order. */
export const NAV_PATHS = [
  "/",
  "/explore",
  "/trending",
  "/videos",
  "/notifications",
  "/messages",
  "/bookmarks",
  "/subscriptions",
  "/communities",
  "/profile",
  "/settings",
] as const;

export type NavPath = (typeof NAV_PATHS)[number];

/** Extra path prefixes that belong to an item (a single community belongs to Communities). */
const ALSO: Partial<Record<NavPath, string[]>> = { "/communities": ["/community"] };

/** The active item is the one whose path is a prefix of the current path; Home only for "/" itself. */
export function isNavItemActive(item: NavPath, pathname: string): boolean {
  if (item === "/") return pathname === "/";
  return [item, ...(ALSO[item] ?? [])].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Pages without the right sidebar (spec document 2, app shell). */
export function showsRightSidebar(pathname: string): boolean {
  return !["/messages", "/settings", "/profile"].some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Pages inside the shell with the site footer (settings; privacy and terms have their own). */
export function showsFooter(pathname: string): boolean {
  return pathname === "/settings" || pathname.startsWith("/settings/");
}

/**
 * Whether an address is the post's own page, at /post/{id} or at its community's /community/{cid}/post/{id},
 * or one of its pages (its photos, its share, its report): after the post is deleted, none exists.
 */
export function isPostPage(path: string | null | undefined, postId: string): boolean {
  if (!path) return false;
  const pathname = path.split(/[?#]/, 1)[0]!;
  const [own] = pathname.match(/^\/(?:community\/[^/]+\/)?post\/[^/]+/) ?? [];
  return own !== undefined && own.endsWith(`/post/${postId}`);
}

import { Link, NavLink, useLocation } from "@remix-run/react";
import { Icon, type IconName } from "~/components/icon";
import type { SessionUser } from "~/lib/types/member";
import { isNavItemActive, type NavPath } from "~/lib/navigation";
import { Avatar } from "../avatar";
import { Logo } from "../logo";
import { ComposeLink } from "../post/compose-dialog";
import { SignOutButton } from "../sign-out";
import { ThemeToggle } from "../theme-toggle";
import { buttonClass } from "../ui/button";
import { UNREAD_CONVERSATIONS, UNREAD_NOTIFICATIONS, UnreadBadge } from "../unread-badge";
import { VerifiedBadge } from "../verified-badge";

const ITEMS: { to: NavPath; label: string; icon: IconName }[] = [
  { to: "/", label: "Home", icon: "house" },
  { to: "/explore", label: "Explore", icon: "search" },
  { to: "/trending", label: "Trending", icon: "trending-up" },
  { to: "/videos", label: "Videos", icon: "clapperboard" },
  { to: "/notifications", label: "Notifications", icon: "bell" },
  { to: "/messages", label: "Messages", icon: "mail" },
  { to: "/bookmarks", label: "Bookmarks", icon: "bookmark" },
  { to: "/subscriptions", label: "Subscriptions", icon: "star" },
  { to: "/communities", label: "Communities", icon: "users" },
  { to: "/profile", label: "Profile", icon: "user" },
  { to: "/settings", label: "Settings", icon: "settings" },
];

export const NAV_DRAWER_ID = "nav-drawer";

/**
 * The navigation: the column beside the page on a wide screen, the drawer on a phone. Below 56rem of
 * height (a 1366 × 768 laptop's window) its parts draw closer (.nav-link in app/tailwind.css); shorter
 * still, only the list of links scrolls, and Create Post, Sign Out and the member's card stay in view
 * (decision 077).
 */
export function LeftNav({ user, unreadNotifications, unreadMessages }: { user: SessionUser; unreadNotifications: number; unreadMessages: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex h-full flex-col gap-1 px-3 py-3">
      <div className="px-3 pb-3 [@media(max-height:56rem)]:pb-1">
        <Logo />
      </div>
      {/* Its padding keeps the links' focus rings inside the box that scrolls. */}
      <ul className="-m-1 flex min-h-0 flex-col gap-0.5 overflow-y-auto p-1">
        {ITEMS.map(({ to, label, icon }) => {
          const active = isNavItemActive(to, pathname);
          return (
            <li key={to}>
              <NavLink
                to={to}
                prefetch="intent"
                aria-current={active ? "page" : undefined}
                className={`nav-link ${active ? "font-bold" : ""}`}
              >
                <Icon name={icon} className="size-6" />
                <span>{label}</span>
                {to === "/notifications" ? <UnreadBadge count={unreadNotifications} {...UNREAD_NOTIFICATIONS} /> : null}
                {to === "/messages" ? <UnreadBadge count={unreadMessages} {...UNREAD_CONVERSATIONS} /> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <ComposeLink className={buttonClass("primary", "mt-3 w-full py-3 text-lg [@media(max-height:56rem)]:mt-2 [@media(max-height:56rem)]:py-2")}>
        <Icon name="feather" className="size-5" />
        Create Post
      </ComposeLink>
      <div className="mt-auto flex flex-col gap-1 pt-4 [@media(max-height:56rem)]:pt-2">
        <ThemeToggle />
        <SignOutButton className="[@media(max-height:56rem)]:py-2" />
        <Link
          to="/profile"
          className="mt-1 flex items-center gap-3 rounded-full p-2 hover:bg-surface"
        >
          <Avatar src={user.avatarUrl} />
          {/* Named by what it shows (the name and @username), said to be one's own profile first. */}
          <span className="sr-only">Your profile: </span>
          <span className="flex min-w-0 flex-col">
            <span className="flex items-center gap-1 truncate font-bold">
              <span dir="auto" className="truncate" title={user.displayName}>
                {user.displayName}
              </span>
              <VerifiedBadge type={user.verifiedType} />
            </span>
            <span className="truncate text-sm text-muted">{`@${user.username}`}</span>
          </span>
        </Link>
      </div>
    </nav>
  );
}

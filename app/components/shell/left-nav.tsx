import { Link, NavLink, useLocation } from "@remix-run/react";
import {
  Bell,
  Bookmark,
  Clapperboard,
  Feather,
  House,
  Mail,
  Search,
  Settings,
  Star,
  TrendingUp,
  User,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { SessionUser } from "~/.server/auth/session";
import { isNavItemActive, type NavPath } from "~/lib/navigation";
import { Avatar } from "../avatar";
import { Logo } from "../logo";
import { ComposeLink } from "../post/compose-dialog";
import { SignOutButton } from "../sign-out";
import { ThemeToggle } from "../theme-toggle";
import { buttonClass } from "../ui/button";
import { UnreadBadge } from "../unread-badge";
import { VerifiedBadge } from "../verified-badge";

const ITEMS: { to: NavPath; label: string; icon: LucideIcon }[] = [
  { to: "/", label: "Home", icon: House },
  { to: "/explore", label: "Explore", icon: Search },
  { to: "/trending", label: "Trending", icon: TrendingUp },
  { to: "/videos", label: "Videos", icon: Clapperboard },
  { to: "/notifications", label: "Notifications", icon: Bell },
  { to: "/messages", label: "Messages", icon: Mail },
  { to: "/bookmarks", label: "Bookmarks", icon: Bookmark },
  { to: "/subscriptions", label: "Subscriptions", icon: Star },
  { to: "/communities", label: "Communities", icon: Users },
  { to: "/profile", label: "Profile", icon: User },
  { to: "/settings", label: "Settings", icon: Settings },
];

export const NAV_DRAWER_ID = "nav-drawer";

export function LeftNav({ user, unreadNotifications }: { user: SessionUser; unreadNotifications: number }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="flex h-full flex-col gap-1 overflow-y-auto px-3 py-3">
      <div className="px-3 pb-3">
        <Logo />
      </div>
      <ul className="flex flex-col gap-0.5">
        {ITEMS.map(({ to, label, icon: Icon }) => {
          const active = isNavItemActive(to, pathname);
          return (
            <li key={to}>
              <NavLink
                to={to}
                prefetch="intent"
                aria-current={active ? "page" : undefined}
                className={`flex items-center gap-4 rounded-full px-3 py-2.5 text-lg hover:bg-surface ${active ? "font-bold" : ""}`}
              >
                <Icon className="size-6" strokeWidth={active ? 2.5 : 2} aria-hidden />
                <span>{label}</span>
                {to === "/notifications" ? <UnreadBadge count={unreadNotifications} label="unread notifications" /> : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
      <ComposeLink className={buttonClass("primary", "mt-3 w-full py-3 text-lg")}>
        <Feather className="size-5" aria-hidden />
        Create Post
      </ComposeLink>
      <div className="mt-auto flex flex-col gap-1 pt-4">
        <ThemeToggle />
        <SignOutButton />
        <Link
          to="/profile"
          className="mt-1 flex items-center gap-3 rounded-full p-2 hover:bg-surface"
          aria-label={`Your profile: ${user.displayName} @${user.username}`}
        >
          <Avatar src={user.avatarUrl} />
          <span className="flex min-w-0 flex-col">
            <span className="flex items-center gap-1 truncate font-bold">
              <span className="truncate">{user.displayName}</span>
              <VerifiedBadge type={user.verifiedType} />
            </span>
            <span className="truncate text-sm text-muted">@{user.username}</span>
          </span>
        </Link>
      </div>
    </nav>
  );
}

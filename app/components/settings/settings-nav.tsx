import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/icon";
import { SignOutButton } from "~/components/sign-out";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import { NAVIGATION_FOCUS } from "~/lib/navigation-focus";

/** The settings tabs (spec document 2 §2 "Settings"), each a page of its own so all work without JavaScript. */
export const SETTINGS_TABS: { to: string; label: string; icon: IconName }[] = [
  { to: "/settings/profile", label: SETTINGS_MESSAGES.tabs.profile, icon: "user" },
  { to: "/settings/notifications", label: SETTINGS_MESSAGES.tabs.notifications, icon: "bell" },
  { to: "/settings/privacy", label: SETTINGS_MESSAGES.tabs.privacy, icon: "lock" },
  { to: "/settings/account", label: SETTINGS_MESSAGES.tabs.account, icon: "shield" },
  { to: "/settings/appearance", label: SETTINGS_MESSAGES.tabs.appearance, icon: "sun" },
  { to: "/settings/accessibility", label: SETTINGS_MESSAGES.tabs.accessibility, icon: "eye" },
  { to: "/settings/help", label: SETTINGS_MESSAGES.tabs.help, icon: "message-circle" },
];

/**
 * The tabs beside the settings (above them on small screens), the current one marked
 * (aria-current="page", which NavLink sets), then Sign Out with its confirmation.
 */
export function SettingsNav() {
  return (
    <nav aria-label="Settings" className="border-b border-line md:w-56 md:shrink-0 md:border-r md:border-b-0">
      <ul className="flex flex-wrap gap-1 px-2 py-2 md:flex-col md:flex-nowrap">
        {SETTINGS_TABS.map(({ to, label, icon }) => (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              prefetch="intent"
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-full px-3 py-2 whitespace-nowrap hover:bg-surface ${isActive ? "bg-surface font-bold" : "text-fg"}`
              }
            >
              <Icon name={icon} className="size-5" />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
        <li className="shrink-0 md:mt-2 md:border-t md:border-line md:pt-2">
          <SignOutButton className="py-2 text-base" />
        </li>
      </ul>
    </nav>
  );
}

/** A settings tab's own heading and what it holds. */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    // Named apart from other regions with the same word (the toasts' 'Notifications', the profile's 'Profile').
    <section aria-label={`${title} settings`} className="flex flex-col gap-4 px-4 py-4">
      <div>
        {/* After a tab of the settings is opened, the keyboard comes here, not to the layout's 'Settings' (086). */}
        <h2 className="text-lg font-bold" {...NAVIGATION_FOCUS}>
          {title}
        </h2>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

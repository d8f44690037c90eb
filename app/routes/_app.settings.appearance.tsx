import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsSection } from "~/components/settings/settings-nav";
import { ThemeToggle } from "~/components/theme-toggle";

export const meta: MetaFunction = () => [{ title: "Appearance | Murmur" }, { name: "robots", content: "noindex" }];

/** Appearance (spec document 2 §2): the dark/light switch, the same one as in the navigation. */
export default function AppearanceSettingsPage() {
  return (
    <SettingsSection title="Appearance" description="Murmur comes in a light and a dark theme. This browser remembers your choice.">
      <ThemeToggle className="w-fit border border-line" />
    </SettingsSection>
  );
}

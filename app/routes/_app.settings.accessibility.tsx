import type { MetaFunction } from "@remix-run/cloudflare";
import { SettingsSection } from "~/components/settings/settings-nav";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";

export const meta: MetaFunction = () => [{ title: "Accessibility | Murmur" }, { name: "robots", content: "noindex" }];

/** Accessibility (spec document 2 §2): a placeholder for now. */
export default function AccessibilitySettingsPage() {
  return (
    <SettingsSection title="Accessibility">
      <p className="text-muted">{SETTINGS_MESSAGES.accessibilityPlaceholder}</p>
    </SettingsSection>
  );
}

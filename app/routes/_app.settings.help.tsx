import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { SettingsSection } from "~/components/settings/settings-nav";
import { SETTINGS_MESSAGES } from "~/lib/messages";

export const meta: MetaFunction = () => [{ title: "Help Center | Murmur" }, { name: "robots", content: "noindex" }];

/** Help Center (spec document 2 §2): placeholder text, and the legal pages that exist. */
export default function HelpCenterPage() {
  return (
    <SettingsSection title="Help Center">
      <p className="text-muted">{SETTINGS_MESSAGES.helpPlaceholder}</p>
      <ul className="flex flex-col gap-1">
        <li>
          <Link to="/privacy" className="text-link hover:underline">
            Privacy Policy
          </Link>
        </li>
        <li>
          <Link to="/terms" className="text-link hover:underline">
            Terms of Service
          </Link>
        </li>
      </ul>
    </SettingsSection>
  );
}

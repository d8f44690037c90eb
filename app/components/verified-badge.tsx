import { html, type Markup } from "~/lib/html";
import type { VerifiedType } from "~/lib/types/post";
import { Icon, iconHtml } from "./icon";

type BadgeType = VerifiedType | undefined;

function badgeIcon(type: NonNullable<VerifiedType>) {
  const label = type === "business" ? "Verified Business" : "Verified User";
  return { name: "badge-check", label, className: `size-4 ${type === "business" ? "text-amber-700 dark:text-amber-500" : "text-accent"}` } as const;
}

/** The verified badge, with the spec's tooltip ('Verified User' or 'Verified Business'). */
export function VerifiedBadge({ type }: { type: BadgeType }) {
  if (!type) return null;
  return <Icon {...badgeIcon(type)} />;
}

/** The same badge as markup (decision 057); nothing without a badge. */
export function verifiedBadgeHtml(type: BadgeType): Markup {
  return type ? iconHtml(badgeIcon(type)) : html``;
}

import { BadgeCheck } from "lucide-react";

/** The verified badge, with the spec's tooltip ('Verified User' or 'Verified Business'). */
export function VerifiedBadge({ type }: { type: "user" | "business" | null | undefined }) {
  if (!type) return null;
  const label = type === "business" ? "Verified Business" : "Verified User";
  return (
    <span title={label} className="inline-flex shrink-0">
      <BadgeCheck
        className={`size-4 ${type === "business" ? "text-amber-500" : "text-accent"}`}
        role="img"
        aria-label={label}
      />
    </span>
  );
}

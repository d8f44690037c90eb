import { Icon } from "./icon";

/** The verified badge, with the spec's tooltip ('Verified User' or 'Verified Business'). */
export function VerifiedBadge({ type }: { type: "user" | "business" | null | undefined }) {
  if (!type) return null;
  const label = type === "business" ? "Verified Business" : "Verified User";
  return <Icon name="badge-check" label={label} className={`size-4 ${type === "business" ? "text-amber-500" : "text-accent"}`} />;
}

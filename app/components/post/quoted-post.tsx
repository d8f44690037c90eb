import { VerifiedBadge } from "../verified-badge";

/**
 * A post quoted above a form (the one being replied to, the one being shared): its author's name and
 * @username on one line, and up to three lines of its text, each isolated (dir="auto").
 */
export function QuotedPost({
  displayName,
  username,
  verifiedType,
  text,
}: {
  displayName: string;
  username: string;
  verifiedType?: "user" | "business" | null;
  text: string;
}) {
  return (
    <blockquote className="rounded-xl border border-line px-3 py-2 text-sm">
      <p className="flex gap-1 font-semibold">
        <span dir="auto" className="truncate" title={displayName}>
          {displayName}
        </span>
        <VerifiedBadge type={verifiedType} />{" "}
        <span className="truncate font-normal text-muted">{`@${username}`}</span>
      </p>
      {text ? <p dir="auto" className="post-text line-clamp-3 text-muted">{text}</p> : null}
    </blockquote>
  );
}

import { Avatar } from "./avatar";
import { VerifiedBadge } from "./verified-badge";
import type { Byline } from "~/lib/types/post";

/**
 * A member as lists show them: avatar, display name with the verified badge, and a line under it
 * (their @username unless `line` says otherwise). Wrapped by the caller in the link to their profile.
 */
export function MemberIdentity({ member, line, children }: { member: Byline; line?: string; children?: React.ReactNode }) {
  return (
    <>
      <Avatar src={member.avatarUrl} />
      <span className="min-w-0">
        <span className="flex items-center gap-1 font-bold" dir="auto">
          <span className="truncate">{member.displayName}</span>
          <VerifiedBadge type={member.verifiedType} />
        </span>
        <span className="block truncate text-sm text-muted">{line ?? `@${member.username}`}</span>
        {children}
      </span>
    </>
  );
}

import { FetcherForm } from "~/components/fetcher-form";
import { Icon } from "~/components/icon";
import { ReturnTo } from "~/components/return-to";
import { PageLink } from "~/components/ui/page-link";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import type { CommunityRole, CommunitySummary } from "~/lib/types/community";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { InviteLinksButton } from "./invite-links";
import { SubmitButton } from "~/components/ui/submit-button";

export const DEFAULT_COMMUNITY_IMAGE = "/default-community.svg";

export function CommunityImage({ src, className = "size-14 rounded-xl" }: { src: string | null; className?: string }) {
  return <img src={src || DEFAULT_COMMUNITY_IMAGE} alt="" loading="lazy" decoding="async" className={`shrink-0 bg-surface object-cover ${className}`} />;
}

/** 'Private' with a lock or 'Public' with a globe (spec document 2 §2). */
export function Privacy({ isPrivate }: { isPrivate: boolean }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon name={isPrivate ? "lock" : "globe"} className="size-3.5" />
      {isPrivate ? "Private" : "Public"}
    </span>
  );
}

export const memberCountText = (count: number) => COMMUNITY_MESSAGES.members(count);

/**
 * Join / Leave (spec document 2 §4): a plain form to the community's page without JavaScript
 * (post/redirect/get with the toast), a fetcher with it; the page reloads after it, so the count is
 * the server's. The creator has no Leave (docs/decisions/035).
 */
export function MembershipButton({ communityId, role, label, describedBy }: { communityId: string; role: CommunityRole | null; label?: string; describedBy?: string }) {
  const { fetcher, busy } = useActionFetcher(`membership:${communityId}`);
  if (role === "creator") return null;
  const joining = role === null;
  const text = joining ? (label ?? COMMUNITY_MESSAGES.join) : COMMUNITY_MESSAGES.leave;
  return (
    <FetcherForm fetcher={fetcher} action={`/community/${communityId}`}>
      <ReturnTo />
      <input type="hidden" name="intent" value={joining ? "community-join" : "community-leave"} />
      <SubmitButton busy={busy} busyLabel={text} aria-describedby={describedBy} variant={joining ? "primary" : "secondary"} className="px-4 py-1.5 text-sm">
        {text}
      </SubmitButton>
    </FetcherForm>
  );
}

/** A community on /communities: image, name, privacy, members, description, Join / Leave, Invite. */
export function CommunityCard({ community }: { community: CommunitySummary }) {
  const { id, name, description, imageUrl, isPrivate, memberCount, role } = community;
  return (
    <li className="flex gap-3 border-b border-line px-4 py-3">
      <CommunityImage src={imageUrl} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <PageLink id={`community-${id}-name`} to={`/community/${id}`} className="truncate font-bold hover:underline" dir="auto">
          {name}
        </PageLink>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted">
          <Privacy isPrivate={isPrivate} />
          <span>{memberCountText(memberCount)}</span>
          {role ? <span>{COMMUNITY_MESSAGES.roles[role]}</span> : null}
        </p>
        {description ? (
          <p className="line-clamp-2 text-sm wrap-anywhere" dir="auto">
            {description}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">
        {/* Each card's buttons say which community they are for (a list repeats their names). */}
        <MembershipButton communityId={id} role={role} describedBy={`community-${id}-name`} />
        {role === "creator" || role === "admin" ? <InviteLinksButton communityId={id} communityName={name} describedBy={`community-${id}-name`} /> : null}
      </div>
    </li>
  );
}

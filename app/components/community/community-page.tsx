import { MemberIdentity } from "~/components/member-identity";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { FetcherForm } from "~/components/fetcher-form";
import { BackToNewest, FeedEmpty, FeedList } from "~/components/feed/feed-list";
import { Icon, type IconName } from "~/components/icon";
import { ComposeLink } from "~/components/post/compose-dialog";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { ErrorPage } from "~/components/error-boundary";
import { Dialog } from "~/components/ui/dialog";
import { formatCount } from "~/lib/format";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { COMMUNITY_ROLES_ASSIGNABLE } from "~/lib/schemas/community";
import { collapseBlankLines } from "~/lib/text";
import type { CommunityMemberView, CommunityMembersPage, CommunityRole, CommunityTab, CommunityView } from "~/lib/types/community";
import type { FeedPage } from "~/lib/types/post";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { CommunityForm } from "./community-form";
import { CommunityImage, MembershipButton, memberCountText, Privacy } from "./community-card";
import { InviteLinksButton } from "./invite-links";
import { SubmitButton } from "~/components/ui/submit-button";

const ROLE_ICONS: Record<CommunityRole, IconName> = { creator: "crown", admin: "shield-check", moderator: "shield", member: "user" };

/** /community/{id} (spec document 2 §2): the header, the member's buttons, and the Posts and Members tabs. */
export function CommunityPage({
  community,
  tab,
  page,
  failed,
  members,
  membersFailed,
  paged,
}: {
  community: CommunityView;
  tab: CommunityTab;
  page: FeedPage;
  failed: string | null;
  members: CommunityMembersPage;
  membersFailed: boolean;
  paged: boolean;
}) {
  const path = `/community/${community.id}`;
  const member = community.role !== null;
  return (
    <div>
      <CommunityHeader community={community} />
      <nav aria-label="Community" className="flex border-b border-line">
        {(["posts", "members"] as const).map((each) => (
          <Link
            key={each}
            to={each === "posts" ? path : `${path}?tab=members`}
            aria-current={each === tab ? "page" : undefined}
            className={`flex-1 px-3 py-3 text-center font-semibold hover:bg-surface ${each === tab ? "border-b-4 border-accent text-fg" : "text-muted"}`}
          >
            {each === "posts" ? `${COMMUNITY_MESSAGES.postsTab} (${formatCount(community.postsCount)})` : `${COMMUNITY_MESSAGES.membersTab} (${formatCount(community.memberCount)})`}
          </Link>
        ))}
      </nav>
      {paged ? <BackToNewest to={tab === "posts" ? path : `${path}?tab=members`}>Back to the start</BackToNewest> : null}
      {tab === "members" ? (
        <MembersList community={community} members={members} failed={membersFailed} path={path} />
      ) : !member ? (
        <div className="px-6 py-16 text-center">
          <h2 className="text-xl font-bold">{COMMUNITY_MESSAGES.joinToSee}</h2>
          <p className="mt-1 text-muted">{COMMUNITY_MESSAGES.joinToSeeText}</p>
        </div>
      ) : (
        <FeedList
          page={page}
          failed={failed}
          pageHref={(cursor) => `${path}?${new URLSearchParams({ cursor })}`}
          label={`Posts in ${community.name}`}
          fresh={{ community: community.id }}
          empty={<FeedEmpty title={COMMUNITY_MESSAGES.noPosts} text={COMMUNITY_MESSAGES.noPostsText} />}
        />
      )}
    </div>
  );
}

function CommunityHeader({ community }: { community: CommunityView }) {
  const { id, name, description, imageUrl, isPrivate, memberCount, role, creator } = community;
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const path = `/community/${id}`;
  const opens = (which: "edit" | "delete") => (event: React.MouseEvent) => {
    event.preventDefault();
    setDialog(which);
  };
  return (
    <header className="border-b border-line">
      <div className="flex items-center gap-2 px-4 py-3">
        <Link to="/communities" className="inline-flex items-center gap-1 text-sm text-muted hover:underline">
          <Icon name="chevron-left" className="size-4" />
          {COMMUNITY_MESSAGES.back}
        </Link>
      </div>
      <div className="flex gap-4 px-4 pb-4">
        <CommunityImage src={imageUrl} className="size-20 rounded-2xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold" dir="auto">
            <span className="truncate">{name}</span>
          </h1>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <Privacy isPrivate={isPrivate} />
            <span>{memberCountText(memberCount)}</span>
            <Link to={`/profile/${creator.username}`} className="truncate hover:underline">
              {COMMUNITY_MESSAGES.by(creator.username)}
            </Link>
          </p>
          {description ? (
            <p className="mt-1 whitespace-pre-line wrap-anywhere" dir="auto">
              {collapseBlankLines(description)}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 px-4 pb-4">
        {role ? (
          <ComposeLink community={{ id, name }} className={buttonClass("primary", "inline-flex items-center gap-1.5 px-4 py-1.5 text-sm")}>
            <Icon name="feather" className="size-4" />
            {COMMUNITY_MESSAGES.post}
          </ComposeLink>
        ) : null}
        {role === "creator" || role === "admin" ? <InviteLinksButton communityId={id} communityName={name} /> : null}
        {role === "creator" ? (
          <>
            <Link to={`${path}/edit`} onClick={opens("edit")} className={buttonClass("secondary", "inline-flex items-center gap-1.5 px-4 py-1.5 text-sm")}>
              <Icon name="pencil" className="size-4" />
              {COMMUNITY_MESSAGES.edit}
            </Link>
            <Link to={`${path}/delete`} onClick={opens("delete")} className={buttonClass("secondary", "inline-flex items-center gap-1.5 px-4 py-1.5 text-sm text-danger")}>
              <Icon name="trash" className="size-4" />
              {COMMUNITY_MESSAGES.delete}
            </Link>
          </>
        ) : null}
        <MembershipButton communityId={id} role={role} label={COMMUNITY_MESSAGES.joinCommunity} />
      </div>
      <Dialog open={dialog === "edit"} onClose={() => setDialog(null)} title={COMMUNITY_MESSAGES.editTitle} className="w-[min(96vw,32rem)]">
        {dialog === "edit" ? <CommunityForm mode="edit" action={`${path}/edit`} community={community} onSaved={() => setDialog(null)} /> : null}
      </Dialog>
      <Dialog open={dialog === "delete"} onClose={() => setDialog(null)} title={COMMUNITY_MESSAGES.deleteTitle}>
        {dialog === "delete" ? <DeleteCommunityForm community={community} onCancel={() => setDialog(null)} /> : null}
      </Dialog>
    </header>
  );
}

/** The delete confirmation (spec document 2 §2): the community, its posts and media go, for good. */
export function DeleteCommunityForm({ community, onCancel }: { community: Pick<CommunityView, "id" | "name">; onCancel?: () => void }) {
  const { fetcher, busy } = useActionFetcher(`community-delete:${community.id}`);
  return (
    <FetcherForm fetcher={fetcher} action={`/community/${community.id}`} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="community-delete" />
      <ReturnTo to={`/community/${community.id}`} />
      <p className="wrap-anywhere">{COMMUNITY_MESSAGES.deleteConfirm(community.name)}</p>
      <ConfirmActions label={COMMUNITY_MESSAGES.delete} busyLabel="Deleting..." busy={busy} onCancel={onCancel} cancelHref={`/community/${community.id}`} />
    </FetcherForm>
  );
}

function MembersList({ community, members, failed, path }: { community: CommunityView; members: CommunityMembersPage; failed: boolean; path: string }) {
  if (failed) {
    return (
      <p role="alert" className="p-6 text-center text-danger">
        {COMMUNITY_MESSAGES.membersFailed}
      </p>
    );
  }
  if (members.items.length === 0) {
    return (
      <div className="px-6 py-16 text-center">
        <h2 className="text-xl font-bold">{COMMUNITY_MESSAGES.noMembers}</h2>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={COMMUNITY_MESSAGES.membersTab}>
        {members.items.map((member) => (
          <MemberItem key={member.membershipId} member={member} communityId={community.id} manage={community.role === "creator" && member.role !== "creator"} />
        ))}
      </ul>
      {members.nextCursor ? (
        <div className="flex justify-center border-b border-line p-4">
          <Link to={`${path}?${new URLSearchParams({ tab: "members", cursor: members.nextCursor })}`} className={buttonClass("secondary", "px-4 py-2 text-sm")}>
            Load more
          </Link>
        </div>
      ) : null}
    </>
  );
}

function MemberItem({ member, communityId, manage }: { member: CommunityMemberView; communityId: string; manage: boolean }) {
  const { user, role } = member;
  return (
    <li className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
      <Link to={`/profile/${user.username}`} className="flex min-w-0 flex-1 items-center gap-3">
        <MemberIdentity member={user} />
      </Link>
      <span className="inline-flex items-center gap-1 text-sm text-muted">
        <Icon name={ROLE_ICONS[role]} className="size-4" />
        {COMMUNITY_MESSAGES.roles[role]}
      </span>
      {manage ? <RoleForm member={member} communityId={communityId} /> : null}
    </li>
  );
}

/** The creator makes a member an admin, a moderator or a member again. */
function RoleForm({ member, communityId }: { member: CommunityMemberView; communityId: string }) {
  const { fetcher, busy } = useActionFetcher(`community-role:${member.membershipId}`);
  const id = `role-${member.membershipId}`;
  return (
    <FetcherForm fetcher={fetcher} action={`/community/${communityId}`} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="community-role" />
      <input type="hidden" name="memberId" value={member.membershipId} />
      <ReturnTo />
      <label htmlFor={id} className="sr-only">
        {`${COMMUNITY_MESSAGES.roleLabel} of ${member.user.displayName}`}
      </label>
      <select id={id} name="role" defaultValue={member.role} className="rounded-lg border border-field bg-bg px-2 py-1 text-sm">
        {COMMUNITY_ROLES_ASSIGNABLE.map((role) => (
          <option key={role} value={role}>
            {COMMUNITY_MESSAGES.roles[role]}
          </option>
        ))}
      </select>
      <SubmitButton busy={busy} busyLabel={COMMUNITY_MESSAGES.save} variant="secondary" className="px-3 py-1 text-sm">
        {COMMUNITY_MESSAGES.save}
      </SubmitButton>
    </FetcherForm>
  );
}

/** 'Community not found', with the way back to the list. */
export function communityNotFound() {
  return (
    <ErrorPage status={404} title={COMMUNITY_MESSAGES.notFound} text={COMMUNITY_MESSAGES.notFoundText}>
      <Link to="/communities" className={buttonClass("primary")}>
        {COMMUNITY_MESSAGES.browse}
      </Link>
    </ErrorPage>
  );
}


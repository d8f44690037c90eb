import { MemberIdentity } from "~/components/member-identity";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { PageHeader } from "~/components/page-header";
import { Dialog } from "~/components/ui/dialog";
import { LoadFailed } from "~/components/ui/load-failed";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { isModifiedClick, PageLink } from "~/components/ui/page-link";
import { successorsOf } from "~/lib/successors";
import { PROFILE_MESSAGES, REMOVE_FOLLOWER_TEXTS } from "~/lib/texts/profile";
import type { FollowList, FollowListEntry, FollowListPage, ProfileView } from "~/lib/types/profile";
import { wasUnanswered } from "~/lib/unanswered";
import { useAppendedPages } from "~/lib/use-appended-pages";
import { useLeavingRows } from "~/lib/use-leaving-rows";
import { useReturnTo } from "../return-to";
import { FollowButton } from "./follow-button";
import { RemoveFollowerForm, removeFollowerPath } from "./remove-follower-form";

const TITLES: Record<FollowList, string> = { followers: "Followers", following: "Following" };
const FAILED: Record<FollowList, string> = { followers: PROFILE_MESSAGES.followersFailed, following: PROFILE_MESSAGES.followingFailed };

/** What the followers and following routes answer (their page, and the modal's fetcher). */
export type FollowListData = { profile: ProfileView; list: FollowListPage; kind: FollowList; failed: boolean };

const listPath = (username: string, kind: FollowList) => `/profile/${username}/${kind}`;

/**
 * A member's followers or the members they follow, as a page of its own (the list modal's URL without
 * JavaScript, spec document 2 §2).
 */
export function FollowListPageView({ profile, list, kind, failed }: FollowListData) {
  return (
    <div>
      <PageHeader
        title={
          <>
            <bdi>{profile.displayName}</bdi> · {TITLES[kind]}
          </>
        }
      >
        <nav aria-label="Follows" className="flex border-b border-line">
          {(Object.keys(TITLES) as FollowList[]).map((tab) => (
            <Link
              key={tab}
              to={listPath(profile.username, tab)}
              aria-current={tab === kind ? "page" : undefined}
              className={`flex-1 py-3 text-center font-semibold hover:bg-surface ${tab === kind ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {TITLES[tab]}
            </Link>
          ))}
        </nav>
      </PageHeader>
      <p className="truncate border-b border-line px-4 py-2 text-sm">
        <Link to={`/profile/${profile.username}`} className="text-accent hover:underline">
          {`Back to @${profile.username}`}
        </Link>
      </p>
      <FollowListBody username={profile.username} kind={kind} list={list} failed={failed} removable={profile.isSelf} />
    </div>
  );
}

const membersOf = (page: FollowListPage) => page.items;

/**
 * What takes the keyboard from a row leaving the list (decision 086's rule for cards): the rows after
 * it, those before it (nearest first), then the list's heading (the dialog's, else the page's).
 */
function rowSuccessorsOf(item: HTMLElement | null): Element[] {
  const heading = item?.closest("dialog")?.querySelector("h2");
  return heading ? [...successorsOf(item), heading] : successorsOf(item);
}

/**
 * The rows of a list, each linking to the profile with Follow/Unfollow; 'Load more' pages by keyset
 * (a link to the next page without JavaScript, appended in place with it). On one's own followers
 * (`removable`) each row can also remove its follower (decision 098).
 */
function FollowListBody({
  username,
  kind,
  list,
  failed,
  removable = false,
}: {
  username: string;
  kind: FollowList;
  list: FollowListPage;
  failed: boolean;
  removable?: boolean;
}) {
  const fetcher = useFetcher<FollowListData>();
  const { entries, cursor, loading, loadMore, listRef } = useAppendedPages(list, fetcher.data?.list, fetcher, membersOf);
  // Removed here (with JavaScript): gone at once, the keyboard to the next row (its Remove had it).
  const { gone: removed, leave: remove } = useLeavingRows(rowSuccessorsOf);
  const items = entries.filter((member) => !removed.has(member.id));
  const owner = removable && kind === "followers" ? username : null;
  const next = cursor ? `${listPath(username, kind)}?${new URLSearchParams({ cursor })}` : null;
  if (failed || fetcher.data?.failed) {
    return (
      <p role="alert" className="px-6 py-16 text-center font-semibold">
        {FAILED[kind]}
      </p>
    );
  }
  return (
    <>
      {/* Empty only when nothing is left to load: removed rows may empty a page before the next. */}
      {items.length === 0 && !next ? (
        <p className="px-6 py-16 text-center text-muted">{kind === "followers" ? "No followers yet." : "Not following anyone yet."}</p>
      ) : (
        <ul ref={listRef} aria-label={TITLES[kind]}>
          {items.map((member) => (
            <MemberRow key={member.id} member={member} removeFrom={owner} onRemoved={(item) => remove(member.id, item)} />
          ))}
        </ul>
      )}
      {next ? (
        <LoadMoreLink to={next} loading={loading} onLoad={() => loadMore(next)}>
          Load more
        </LoadMoreLink>
      ) : null}
    </>
  );
}

/**
 * A member in a list (followers, following, explore's People): their profile link with avatar, name,
 * badge, @username and bio, and Follow / Unfollow unless it is the viewer; on one's own followers
 * (`removeFrom`, the owner's username), Remove too.
 */
export function MemberRow({
  member,
  removeFrom = null,
  onRemoved,
}: {
  member: FollowListEntry;
  removeFrom?: string | null;
  onRemoved?: (item: HTMLElement | null) => void;
}) {
  const item = useRef<HTMLLIElement>(null);
  return (
    <li ref={item} tabIndex={-1} className="focus-inset flex items-center gap-3 border-b border-line px-4 py-3">
      <PageLink to={`/profile/${member.username}`} className="flex min-w-0 flex-1 items-center gap-3">
        <MemberIdentity member={member}>
          {member.bio ? (
            <span className="block truncate text-sm" dir="auto">
              {member.bio}
            </span>
          ) : null}
        </MemberIdentity>
      </PageLink>
      {member.isSelf ? null : <FollowButton username={member.username} followed={member.followed} size="sm" />}
      {removeFrom && !member.isSelf ? <RemoveFollower owner={removeFrom} follower={member} onRemoved={() => onRemoved?.(item.current)} /> : null}
    </li>
  );
}

/**
 * A row's Remove on one's own followers: a link to the confirmation's page without JavaScript (back to
 * the list after it), the confirmation as a dialog in place with it.
 */
function RemoveFollower({ owner, follower, onRemoved }: { owner: string; follower: FollowListEntry; onRemoved: () => void }) {
  const [open, setOpen] = useState(false);
  const here = useReturnTo();
  // From the profile's dialog (the profile's address) the page goes back to the list, where the rows are.
  const returnTo = here.startsWith(listPath(owner, "followers")) ? here : listPath(owner, "followers");
  return (
    <>
      <PageLink
        to={`${removeFollowerPath(owner, follower.username)}?${new URLSearchParams({ returnTo })}`}
        onClick={(event) => {
          if (isModifiedClick(event)) return;
          event.preventDefault();
          setOpen(true);
        }}
        aria-label={REMOVE_FOLLOWER_TEXTS.controlName(follower.displayName)}
        className="shrink-0 rounded-full px-2 py-1.5 text-sm text-muted hover:bg-surface hover:text-danger"
      >
        {REMOVE_FOLLOWER_TEXTS.control}
      </PageLink>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={REMOVE_FOLLOWER_TEXTS.title}>
          <RemoveFollowerForm owner={owner} follower={follower} returnTo={returnTo} onCancel={() => setOpen(false)} onDone={onRemoved} />
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * A profile's following or followers count: a link to the list's page, which with JavaScript opens
 * the list in a modal instead (at most 80% of the viewport tall, spec document 2 §2); for a visitor
 * (`signIn`), a link to sign in.
 */
export function FollowCountLink({ username, kind, signIn, children }: { username: string; kind: FollowList; signIn?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // A row's link to another profile (the same route) closes the list.
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);
  const onClick = (event: MouseEvent) => {
    // A new tab or window still opens the page.
    if (isModifiedClick(event)) return;
    event.preventDefault();
    setOpen(true);
  };
  // A signed-out visitor signs in first: the lists are members' pages.
  if (signIn) {
    return (
      <Link to={signIn} className="hover:underline">
        {children}
      </Link>
    );
  }
  return (
    <>
      <Link to={listPath(username, kind)} onClick={onClick} className="hover:underline">
        {children}
      </Link>
      {open ? <FollowListDialog username={username} kind={kind} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function FollowListDialog({ username, kind, onClose }: { username: string; kind: FollowList; onClose: () => void }) {
  const fetcher = useFetcher<FollowListData>();
  const { load } = fetcher;
  useEffect(() => load(listPath(username, kind)), [load, username, kind]);
  const data = fetcher.data;
  return (
    <Dialog open onClose={onClose} title={TITLES[kind]} className="max-h-[80vh] overflow-y-auto">
      {wasUnanswered(data) ? (
        <LoadFailed onRetry={() => load(listPath(username, kind))} />
      ) : data ? (
        <div className="-mx-6">
          <FollowListBody username={username} kind={kind} list={data.list} failed={data.failed} removable={data.profile.isSelf} />
        </div>
      ) : (
        <p aria-live="polite" className="py-8 text-center text-muted">
          Loading...
        </p>
      )}
    </Dialog>
  );
}

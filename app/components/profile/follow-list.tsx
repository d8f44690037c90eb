import { Link, useFetcher } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { PageHeader } from "~/components/page-header";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { VerifiedBadge } from "~/components/verified-badge";
import type { FollowList, FollowListPage, ProfileView } from "~/lib/types/profile";
import { uniqueById, useAppendedPages } from "~/lib/use-appended-pages";
import { FollowButton } from "./follow-button";

const TITLES: Record<FollowList, string> = { followers: "Followers", following: "Following" };

/**
 * A member's followers or the members they follow, as a page of its own (the list modal's URL, spec
 * document 2 §2): each row links to the profile and has Follow/Unfollow; 'Load more' pages by keyset.
 */
export function FollowListPageView({ profile, list, kind }: { profile: ProfileView; list: FollowListPage; kind: FollowList }) {
  const fetcher = useFetcher<{ list: FollowListPage }>();
  const loading = fetcher.state !== "idle";
  const pages = useAppendedPages(list, fetcher.data?.list, loading);
  const items = uniqueById(pages.flatMap((page) => page.items));
  const cursor = pages.at(-1)?.nextCursor ?? null;
  const path = `/profile/${profile.username}/${kind}`;
  return (
    <div>
      <PageHeader title={`${profile.displayName} · ${TITLES[kind]}`}>
        <nav aria-label="Follows" className="flex border-b border-line">
          {(Object.keys(TITLES) as FollowList[]).map((tab) => (
            <Link
              key={tab}
              to={`/profile/${profile.username}/${tab}`}
              aria-current={tab === kind ? "page" : undefined}
              className={`flex-1 py-3 text-center font-semibold hover:bg-surface ${tab === kind ? "border-b-4 border-accent text-fg" : "text-muted"}`}
            >
              {TITLES[tab]}
            </Link>
          ))}
        </nav>
      </PageHeader>
      <p className="border-b border-line px-4 py-2 text-sm">
        <Link to={`/profile/${profile.username}`} className="text-accent hover:underline">
          {`Back to @${profile.username}`}
        </Link>
      </p>
      {items.length === 0 ? (
        <p className="px-6 py-16 text-center text-muted">{kind === "followers" ? "No followers yet." : "Not following anyone yet."}</p>
      ) : (
        <ul aria-label={TITLES[kind]}>
          {items.map((member) => (
            <li key={member.id} className="flex items-center gap-3 border-b border-line px-4 py-3">
              <Link to={`/profile/${member.username}`} className="flex min-w-0 flex-1 items-center gap-3">
                <Avatar src={member.avatarUrl} />
                <span className="min-w-0">
                  <span className="flex items-center gap-1 font-bold" dir="auto">
                    <span className="truncate">{member.displayName}</span>
                    <VerifiedBadge type={member.verifiedType} />
                  </span>
                  <span className="block truncate text-sm text-muted">{`@${member.username}`}</span>
                  {member.bio ? (
                    <span className="block truncate text-sm" dir="auto">
                      {member.bio}
                    </span>
                  ) : null}
                </span>
              </Link>
              {member.isSelf ? null : <FollowButton username={member.username} followed={member.followed} size="sm" />}
            </li>
          ))}
        </ul>
      )}
      {cursor ? (
        <LoadMoreLink to={`${path}?${new URLSearchParams({ cursor })}`} loading={loading} onLoad={() => fetcher.load(`${path}?${new URLSearchParams({ cursor })}`)}>
          Load more
        </LoadMoreLink>
      ) : null}
    </div>
  );
}

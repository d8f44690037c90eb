import { Link } from "@remix-run/react";
import { Avatar } from "~/components/avatar";
import { buttonClass } from "~/components/ui/button";
import { VerifiedBadge } from "~/components/verified-badge";
import { formatCount, formatJoined, nounOf } from "~/lib/format";
import { collapseBlankLines } from "~/lib/text";
import { MUTE_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import type { ProfileView } from "~/lib/types/profile";
import { BlockControl, UnblockButton } from "./block-form";
import { FollowButton } from "./follow-button";
import { FollowCountLink } from "./follow-list";
import { MessageButton } from "./message-button";
import { MuteButton } from "./mute-button";
import { VisitorActions } from "./visitor-actions";
import { OwnerProfileTools } from "./profile-photo-form";
import { ProfileSubscription } from "~/components/subscriptions/subscribe";

/** A count of the header and its word, for one or any other number (`PROFILE_MESSAGES.counts`). */
function Count({ count, words }: { count: number; words: { one: string; many: string } }) {
  return (
    <>
      <strong>{formatCount(count)}</strong> <span className="text-muted">{nounOf(count, words.one, words.many)}</span>
    </>
  );
}

/**
 * A profile's header (spec document 2 §2 "Profile"): banner (a gradient when there is none), avatar,
 * name and badge, @username, bio, location, website, when they joined, the counts, and for someone
 * else's profile Message, Mention and Follow/Unfollow (for a signed-out visitor, `signIn`: Message and
 * Follow lead there).
 */
export function ProfileHeader({ profile, signIn }: { profile: ProfileView; signIn?: string }) {
  const base = `/profile/${profile.username}`;
  const mention = `/compose?${new URLSearchParams({ mention: profile.username, returnTo: base })}`;
  return (
    <section aria-label="Profile" className="border-b border-line">
      {profile.bannerUrl ? (
        <img src={profile.bannerUrl} alt="" className="h-40 w-full object-cover" />
      ) : (
        <div data-testid="profile-banner" className="h-40 w-full bg-linear-to-r from-accent to-secondary" />
      )}
      <div className="px-4 pb-4">
        <div className="-mt-12 flex items-end justify-between gap-3">
          <Avatar src={profile.avatarUrl} alt={`${profile.displayName}'s avatar`} size="xl" className="border-4 border-bg" />
          {profile.isSelf ? null : signIn ? (
            <VisitorActions username={profile.username} signIn={signIn} />
          ) : (
            <div className="flex flex-wrap items-center gap-2 pt-14">
              {profile.block === "blockedByYou" ? (
                <UnblockButton username={profile.username} />
              ) : (
                <>
                  {/* Neither writes to nor follows the other while one blocks (decision 100). */}
                  {profile.block ? null : (
                    <>
                      <MessageButton username={profile.username} />
                      <Link to={mention} className={buttonClass("secondary", "px-4 py-1.5 text-sm")}>
                        Mention
                      </Link>
                      <FollowButton username={profile.username} followed={profile.followed} size="sm" />
                    </>
                  )}
                  {/* A block already keeps everything of theirs away: no mute beside it (decision 107). */}
                  {profile.block ? null : <MuteButton username={profile.username} muted={profile.muted} />}
                  <BlockControl username={profile.username} />
                </>
              )}
            </div>
          )}
        </div>
        {profile.isSelf ? <OwnerProfileTools /> : null}
        {profile.muted && !profile.block && !signIn ? <p className="mt-3 text-sm text-muted">{MUTE_TEXTS.note(profile.username)}</p> : null}
        <ProfileSubscription profile={profile} signIn={signIn} />
        <h2 className="mt-3 flex items-center gap-1 text-xl font-extrabold" dir="auto">
          <span className="truncate">{profile.displayName}</span>
          <VerifiedBadge type={profile.verifiedType} />
        </h2>
        <p className="truncate text-muted">{`@${profile.username}`}</p>
        {profile.bio ? (
          <p className="mt-3 whitespace-pre-line break-words" dir="auto">
            {collapseBlankLines(profile.bio)}
          </p>
        ) : null}
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {profile.location ? (
            <li dir="auto" className="truncate" title={profile.location}>
              {profile.location}
            </li>
          ) : null}
          {profile.website ? (
            <li className="min-w-0">
              <a href={profile.website} rel="me nofollow noopener" target="_blank" className="break-all text-link hover:underline">
                {profile.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
              </a>
            </li>
          ) : null}
          <li>{formatJoined(profile.createdAt)}</li>
        </ul>
        <ul aria-label="Counts" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {/* A member who blocked the viewer keeps their lists from them (decision 100): the counts alone. */}
          <li>
            {profile.blocksViewer ? (
              <Count count={profile.followingCount} words={PROFILE_MESSAGES.counts.following} />
            ) : (
              <FollowCountLink username={profile.username} kind="following" signIn={signIn}>
                <Count count={profile.followingCount} words={PROFILE_MESSAGES.counts.following} />
              </FollowCountLink>
            )}
          </li>
          <li>
            {profile.blocksViewer ? (
              <Count count={profile.followersCount} words={PROFILE_MESSAGES.counts.followers} />
            ) : (
              <FollowCountLink username={profile.username} kind="followers" signIn={signIn}>
                <Count count={profile.followersCount} words={PROFILE_MESSAGES.counts.followers} />
              </FollowCountLink>
            )}
          </li>
          {profile.subscribersCount === null ? null : (
            <li>
              <Count count={profile.subscribersCount} words={PROFILE_MESSAGES.counts.subscribers} />
            </li>
          )}
          <li>
            <Count count={profile.postsCount} words={PROFILE_MESSAGES.counts.posts} />
          </li>
          <li>
            <Count count={profile.totalViews} words={PROFILE_MESSAGES.counts.views} />
          </li>
        </ul>
      </div>
    </section>
  );
}

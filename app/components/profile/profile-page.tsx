import { FeedEmpty, FeedList } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import type { FeedPage } from "~/lib/types/post";
import type { ProfileView } from "~/lib/types/profile";
import { BLOCK_TEXTS } from "~/lib/texts/profile";
import { PUBLIC_PROFILE_MESSAGES } from "~/lib/texts/public-profile";
import { ProfileHeader } from "./profile-header";
import { PostsKept } from "./public-profile";

/**
 * A profile page, one's own or another member's: the header, then their posts (keyset pages), or, when
 * the member keeps their posts for followers and the viewer is not one, whom they are for (decision 031),
 * or the block between the two (decision 100).
 */
export function ProfilePage({ profile, page, failed, path }: { profile: ProfileView; page: FeedPage; failed: string | null; path: string }) {
  return (
    <div>
      <PageHeader title={profile.displayName} />
      <ProfileHeader profile={profile} />
      {profile.block ? (
        // A block hides the two members' posts from each other (decision 100); the header has Unblock.
        <PostsKept
          title={profile.block === "blockedByYou" ? BLOCK_TEXTS.youBlockedTitle : BLOCK_TEXTS.blocksYouTitle}
          text={profile.block === "blockedByYou" ? BLOCK_TEXTS.youBlocked(profile.username) : BLOCK_TEXTS.blocksYou(profile.username)}
        />
      ) : profile.postsVisible ? (
        <FeedList
          page={page}
          failed={failed}
          label={`Posts by @${profile.username}`}
          fresh={{ author: profile.id }}
          pageHref={(cursor) => `${path}?${new URLSearchParams({ cursor })}`}
          empty={<FeedEmpty title="No posts yet." text={profile.isSelf ? "Your posts will show up here." : `@${profile.username} hasn't posted yet.`} />}
        />
      ) : (
        <PostsKept title={PUBLIC_PROFILE_MESSAGES.followersTitle} text={PUBLIC_PROFILE_MESSAGES.followersPosts(profile.username)} />
      )}
    </div>
  );
}

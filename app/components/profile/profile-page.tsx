import { FeedEmpty, FeedList } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import type { FeedPage } from "~/lib/types/post";
import type { ProfileView } from "~/lib/types/profile";
import { ProfileHeader } from "./profile-header";

/** A profile page, one's own or another member's: the header, then their posts (keyset pages). */
export function ProfilePage({ profile, page, failed, path }: { profile: ProfileView; page: FeedPage; failed: string | null; path: string }) {
  return (
    <div>
      <PageHeader title={profile.displayName} />
      <ProfileHeader profile={profile} />
      <FeedList
        page={page}
        failed={failed}
        label={`Posts by @${profile.username}`}
        fresh={{ author: profile.id }}
        pageHref={(cursor) => `${path}?${new URLSearchParams({ cursor })}`}
        empty={<FeedEmpty title="No posts yet." text={profile.isSelf ? "Your posts will show up here." : `@${profile.username} hasn't posted yet.`} />}
      />
    </div>
  );
}

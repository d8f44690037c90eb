import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FeedEmpty, FeedList } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import { buttonClass } from "~/components/ui/button";
import { PUBLIC_PROFILE_MESSAGES } from "~/lib/texts/public-profile";
import type { FeedPage } from "~/lib/types/post";
import type { ProfileView } from "~/lib/types/profile";
import { ProfileHeader } from "./profile-header";

/**
 * A member's public profile as a signed-out visitor sees it (spec document 2 §2): the header, with
 * Message and Follow leading to sign-in and back, then their posts (keyset pages), unless the member
 * keeps them for signed-in members or for followers, which the page then says.
 */
export function PublicProfile({ profile, page, failed, keptFor }: { profile: ProfileView; page: FeedPage; failed: string | null; keptFor: "members" | "followers" | null }) {
  const path = `/@${profile.username}`;
  const signIn = `/auth?${new URLSearchParams({ returnTo: path })}`;
  return (
    <div>
      <PageHeader title={profile.displayName} />
      <ProfileHeader profile={profile} signIn={signIn} />
      {keptFor === null ? (
        <FeedList
          page={page}
          failed={failed}
          label={`Posts by @${profile.username}`}
          pageHref={(cursor) => `${path}?${new URLSearchParams({ cursor })}`}
          empty={<FeedEmpty title={PUBLIC_PROFILE_MESSAGES.noPostsTitle} text={PUBLIC_PROFILE_MESSAGES.noPosts(profile.username)} />}
        />
      ) : (
        <PostsKept
          title={keptFor === "followers" ? PUBLIC_PROFILE_MESSAGES.followersTitle : PUBLIC_PROFILE_MESSAGES.privateTitle}
          text={keptFor === "followers" ? PUBLIC_PROFILE_MESSAGES.followersPosts(profile.username) : PUBLIC_PROFILE_MESSAGES.privatePosts(profile.username)}
        >
          <Link to={signIn} className={buttonClass("primary")}>
            {keptFor === "followers" ? PUBLIC_PROFILE_MESSAGES.signInToFollow : PUBLIC_PROFILE_MESSAGES.signInToSee}
          </Link>
        </PostsKept>
      )}
    </div>
  );
}

/** In place of a member's posts the viewer is not shown: whom they are for. */
export function PostsKept({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="text-muted">{text}</p>
      {children}
    </div>
  );
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import type { FeedPage } from "~/lib/types/post";
import type { ProfileView } from "~/lib/types/profile";
import type { Db } from "./db/client";
import { mapRead, param, readLater, selectRead, type Read } from "./db/reads";
import { memberSettings, users } from "./db/schema";
import { loadFeedPage } from "./feed-load";
import { cardsRead } from "./posts/cards";
import { authoredBy, profileRead } from "./profiles";
import { hasUsername } from "./users";

/**
 * The public profile (spec document 2 §2 "Public profile (signed out)"): a member's header and posts as
 * every signed-out visitor sees them, whoever asks, so the page can be kept in the edge cache
 * (./edge-cache.ts). The member's settings (member_settings) decide two things: profile_visibility
 * 'private' or post_visibility 'followers' keeps their posts from visitors (decisions 030, 031), and
 * index_profile false asks search engines not to index the page.
 */

/** What the member's settings say about their public profile (a member without a settings row has the defaults). */
export type PublicProfileSettings = {
  /** Whom the member keeps their posts for, when not everyone: signed-in members, or their followers. */
  keptFor: "members" | "followers" | null;
  indexable: boolean;
};

type SettingsRow = { profileVisibility: "public" | "private" | null; postVisibility: "public" | "followers" | null; indexProfile: boolean | null };

export function publicProfileSettingsRead(db: Db, username: string): Read<PublicProfileSettings> {
  const read = selectRead<SettingsRow>(
    db,
    "public-profile-settings",
    () => {
      const fields = {
        profileVisibility: memberSettings.profileVisibility,
        postVisibility: memberSettings.postVisibility,
        indexProfile: memberSettings.indexProfile,
      };
      const query = db
        .select(fields)
        .from(users)
        .leftJoin(memberSettings, eq(memberSettings.userId, users.id))
        .where(hasUsername(sql`${param("profileUsername")}`));
      return { fields, query };
    },
    { profileUsername: username },
  );
  return mapRead(read, ([row]) => {
    const keptFor = row?.postVisibility === "followers" ? "followers" : row?.profileVisibility === "private" ? "members" : null;
    return { keptFor, indexable: row?.indexProfile !== false };
  });
}

/** The member's posts as a visitor sees them (none when they keep them from visitors), newest first. */
export function publicProfilePostsRead(db: Db, username: string, cursor: string | null): Read<FeedPage> {
  return cardsRead(db, null, [authoredBy({ username }, null)], { cursor });
}

export type LoadedPublicProfile = {
  profile: ProfileView | null;
  settings: PublicProfileSettings;
  page: FeedPage;
  failed: string | null;
};

/**
 * Reads the public profile, always as a visitor's (a signed-in member is sent to their own view once
 * the session is known): the header with the settings, and the posts, which fail alone into the feed's
 * message (015). With a session cookie they travel with the session's round trip (026); call before
 * awaiting anything.
 */
export function loadPublicProfile(context: AppLoadContext, username: string, cursor: string | null): Promise<LoadedPublicProfile> {
  const db = context.db;
  const header = context.readAsViewer(() => [profileRead(db, null, { username }), publicProfileSettingsRead(db, username)] as const);
  const feed = loadFeedPage(async () => (await context.readAsViewer(() => [publicProfilePostsRead(db, username, cursor)] as const))[0], cursor);
  return readLater(Promise.all([header, feed]).then(([[profile, settings], { page, failed }]) => ({ profile, settings, page, failed })));
}

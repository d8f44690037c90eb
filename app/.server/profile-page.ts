import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FeedPage } from "~/lib/types/post";
import type { FollowList, FollowListPage, ProfileView } from "~/lib/types/profile";
import { readLater } from "./db/reads";
import { loadMemberFeed } from "./feed-load";
import { followListRead, profilePostsRead, profileRead, type ProfileSubject } from "./profiles";

/**
 * What the profile pages read, handed to the session's round trip (docs/decisions/026): call these
 * before awaiting anything, then `requireUser`. The header and the list ride the same trip; the posts
 * read fails alone into the feed's message (015).
 */

export type LoadedProfile = { profile: ProfileView | null; page: FeedPage; failed: string | null };

export function loadProfilePage(context: AppLoadContext, subject: ProfileSubject, cursor: string | null): Promise<LoadedProfile> {
  const header = context.readAsMember((viewer) => [profileRead(context.db, viewer, subject)] as const);
  const feed = loadMemberFeed(context, (viewer) => profilePostsRead(context.db, viewer, subject, { cursor }), cursor);
  return readLater(Promise.all([header, feed]).then(([answers, { page, failed }]) => ({ profile: answers?.[0] ?? null, page, failed })));
}

export type LoadedFollowList = { profile: ProfileView | null; list: FollowListPage; failed: boolean };

/** The header and the list ride the session's trip apart: a list that cannot be read says so under its header. */
export function loadFollowListPage(context: AppLoadContext, subject: ProfileSubject, list: FollowList, cursor: string | null): Promise<LoadedFollowList> {
  const header = context.readAsMember((viewer) => [profileRead(context.db, viewer, subject)] as const);
  const rows = context.readAsMember((viewer) => [followListRead(context.db, viewer, subject, list, { cursor })] as const).then(
    (read) => ({ list: read?.[0] ?? { items: [], nextCursor: null }, failed: false }),
    (error: unknown) => {
      console.error(`A ${list} list read failed:`, error);
      return { list: { items: [], nextCursor: cursor }, failed: true };
    },
  );
  return readLater(Promise.all([header, rows]).then(([answers, { list: page, failed }]) => ({ profile: answers?.[0] ?? null, list: page, failed })));
}

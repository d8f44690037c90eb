import type { ExplorePath, ExploreTab } from "../explore";
import type { FeedPage } from "./post";
import type { FollowListEntry } from "./profile";

/** A trending hashtag as explore lists it. */
export type TrendView = { hashtag: string; postsCount: number };

/**
 * What the explore view shows (spec document 1 §2.8). With a query: `people` (null when not searched:
 * a '#tag' query, a later page, or a failure) and the matching posts in `page`. Without one: the
 * popular posts in `page` (one page, no cursor) and the trending hashtags. `failed` is the text that
 * takes the lists' place when they could not be read.
 */
export type ExploreData = {
  path: ExplorePath;
  query: string | null;
  /** The query names exactly one hashtag ('#tag'): its posts only. */
  tag: string | null;
  tab: ExploreTab;
  paged: boolean;
  people: FollowListEntry[] | null;
  page: FeedPage;
  trends: TrendView[];
  failed: string | null;
};

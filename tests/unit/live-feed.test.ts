import { afterEach, describe, expect, it } from "vitest";
import { applyFeedEvent, clearFreshPosts, freshCount } from "~/lib/live-feed";

const created = (postId: string, extra: { authorId?: string; hasVideo?: boolean; communityId?: string | null; repost?: boolean } = {}) =>
  ({ type: "post-created", postId, authorId: "author", hasVideo: false, communityId: null, repost: false, ...extra }) as const;

describe("the new posts a list offers ('Show N new posts')", () => {
  afterEach(clearFreshPosts);

  it("For you and /videos offer new posts, not reposts, which they do not list (decision 006); the reposter's profile does", () => {
    applyFeedEvent(created("p1", { hasVideo: true }), "viewer");
    applyFeedEvent(created("r1", { authorId: "reposter", repost: true }), "viewer");
    expect(freshCount("all")).toBe(1);
    expect(freshCount("video")).toBe(1);
    expect(freshCount({ author: "reposter" })).toBe(1);
    expect(freshCount({ author: "author" })).toBe(1);
  });

  it("a community's posts only on its page; the viewer's own posts nowhere; a deleted one no more", () => {
    applyFeedEvent(created("c1", { communityId: "c" }), "viewer");
    applyFeedEvent(created("mine", { authorId: "viewer" }), "viewer");
    expect(freshCount("all")).toBe(0);
    expect(freshCount({ community: "c" })).toBe(1);
    applyFeedEvent({ type: "post-deleted", postIds: ["c1"] }, "viewer");
    expect(freshCount({ community: "c" })).toBe(0);
  });
});

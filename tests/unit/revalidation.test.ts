import { describe, expect, it } from "vitest";
import { isFollowerRemoval, removeFollowerPath } from "~/components/profile/remove-follower-form";
import { isQuietSubmission } from "~/lib/revalidation";

const posted = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { formMethod: "POST", formData };
};

describe("which submissions reload the page's data", () => {
  it("likes, bookmarks and comment likes do not: the page already shows them", () => {
    expect(isQuietSubmission(posted({ like: "true", returnTo: "/" }))).toBe(true);
    expect(isQuietSubmission(posted({ bookmark: "false" }))).toBe(true);
    expect(isQuietSubmission(posted({ intent: "comment-like", commentId: "c", value: "true" }))).toBe(true);
  });

  it("reposts, comments and other forms do", () => {
    expect(isQuietSubmission(posted({ repost: "true" }))).toBe(false);
    expect(isQuietSubmission(posted({ intent: "comment", content: "hi" }))).toBe(false);
    expect(isQuietSubmission(posted({ content: "a new post" }))).toBe(false);
    expect(isQuietSubmission({})).toBe(false);
  });

  it("a submission answered ok: false changed nothing and does not", () => {
    expect(isQuietSubmission({ ...posted({ repost: "true" }), actionResult: { ok: false, message: "You can't repost your own posts" } })).toBe(true);
    expect(isQuietSubmission({ ...posted({ repost: "true" }), actionResult: { ok: true } })).toBe(false);
  });

  it("a follower's removal is known by its form's action: the followers list is not read again after it (decision 115)", () => {
    expect(isFollowerRemoval(removeFollowerPath("ana", "troll_1"))).toBe(true);
    expect(isFollowerRemoval("/profile/ana/followers")).toBe(false);
    expect(isFollowerRemoval("/profile/ana/followers/troll_1")).toBe(false);
    expect(isFollowerRemoval("/profile/ana/block")).toBe(false);
    expect(isFollowerRemoval(undefined)).toBe(false);
  });
});

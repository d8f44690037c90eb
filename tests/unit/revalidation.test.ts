import { describe, expect, it } from "vitest";
import { isQuietInteraction } from "~/lib/revalidation";

const posted = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { formMethod: "POST", formData };
};

describe("which submissions reload the page's data", () => {
  it("likes, bookmarks and comment likes do not: the page already shows them", () => {
    expect(isQuietInteraction(posted({ like: "true", returnTo: "/" }))).toBe(true);
    expect(isQuietInteraction(posted({ bookmark: "false" }))).toBe(true);
    expect(isQuietInteraction(posted({ intent: "comment-like", commentId: "c", value: "true" }))).toBe(true);
  });

  it("reposts, comments and other forms do", () => {
    expect(isQuietInteraction(posted({ repost: "true" }))).toBe(false);
    expect(isQuietInteraction(posted({ intent: "comment", content: "hi" }))).toBe(false);
    expect(isQuietInteraction(posted({ content: "a new post" }))).toBe(false);
    expect(isQuietInteraction({})).toBe(false);
  });

  it("a submission answered ok: false changed nothing and does not", () => {
    expect(isQuietInteraction({ ...posted({ repost: "true" }), actionResult: { ok: false, message: "You can't repost your own posts" } })).toBe(true);
    expect(isQuietInteraction({ ...posted({ repost: "true" }), actionResult: { ok: true } })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
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
});

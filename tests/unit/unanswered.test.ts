import { afterEach, describe, expect, it, vi } from "vitest";
import { answerUnanswered, isNoAnswer, isRetryable, wasUnanswered } from "~/lib/unanswered";

describe("a request that got no answer", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is told apart from a bug by what each browser's fetch throws", () => {
    expect(isNoAnswer(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNoAnswer(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isNoAnswer(new TypeError("Load failed"))).toBe(true);
    expect(isNoAnswer(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNoAnswer(new Error("Failed to fetch"))).toBe(false);
    expect(isNoAnswer(new Response(null, { status: 500 }))).toBe(false);
  });

  it("answers a form with its message instead of throwing; responses pass through", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await answerUnanswered(() => Promise.reject(new TypeError("Failed to fetch")), "Failed to post comment");
    expect(answer).toEqual({ ok: false, message: "Failed to post comment", unanswered: true });
    expect(wasUnanswered(answer)).toBe(true);
    expect(isRetryable(answer)).toBe(true);
    const redirect = new Response(null, { status: 302, headers: { Location: "/auth" } });
    await expect(answerUnanswered(() => Promise.reject(redirect), "Failed to post comment")).rejects.toBe(redirect);
  });

  it("a refusal is not worth retrying; a server failure is", () => {
    expect(isRetryable({ ok: false, message: "Post is too long" })).toBe(false);
    expect(isRetryable({ ok: false, status: 500, message: "Failed to create post" })).toBe(true);
  });
});

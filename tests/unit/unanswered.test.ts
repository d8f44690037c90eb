import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { SEND_ANSWER_TIMEOUT_MS } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { answerOffline, answerUnanswered, isNoAnswer, isRetryable, wasUnanswered } from "~/lib/unanswered";

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

  it("a post or comment whose answer takes longer than SEND_ANSWER_TIMEOUT_MS says its failure text; other actions wait", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const hung = (fields: Record<string, string>) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.set(name, value);
        const request = new Request("https://murmur.example/compose", { method: "POST", body });
        let settled = false;
        const answer = answerOffline({ request, params: {}, serverAction: () => new Promise(() => {}) } as unknown as ClientActionFunctionArgs);
        void answer.then(() => (settled = true));
        return { answer, settled: () => settled };
      };
      const post = hung({ intent: "post", content: "Hello" });
      const comment = hung({ intent: "comment", content: "Hi" });
      const follow = hung({ intent: "follow" });
      await vi.advanceTimersByTimeAsync(SEND_ANSWER_TIMEOUT_MS - 1);
      expect([post.settled(), comment.settled()]).toEqual([false, false]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await post.answer).toEqual({ ok: false, message: POST_MESSAGES.networkError, unanswered: true });
      expect(await comment.answer).toEqual({ ok: false, message: POST_MESSAGES.commentFailed, unanswered: true });
      await vi.advanceTimersByTimeAsync(10 * SEND_ANSWER_TIMEOUT_MS);
      expect(follow.settled()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a refusal is not worth retrying; a server failure is", () => {
    expect(isRetryable({ ok: false, message: "Post is too long" })).toBe(false);
    expect(isRetryable({ ok: false, status: 500, message: "Failed to create post" })).toBe(true);
  });
});

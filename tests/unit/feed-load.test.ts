import { afterEach, describe, expect, it, vi } from "vitest";
import { loadFeedPage } from "~/.server/feed-load";
import { FEED_FETCH_TIMEOUT_MS } from "~/lib/constants";
import { FEED_MESSAGES } from "~/lib/messages";

describe("a feed page that cannot be read (spec document 1 §8, feed load)", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("passes a page through", async () => {
    const page = { items: [], nextCursor: "01JRM8F4YK002FWCF66E57DDE8" };
    expect(await loadFeedPage(async () => page, null)).toEqual({ page, failed: null });
  });

  it("a database error: an empty list, 'Unable to load posts. Please try again.', the cursor kept to retry", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const loaded = await loadFeedPage(async () => {
      throw new Error("D1_ERROR");
    }, "01JRM8F4YK002FWCF66E57DDE8");
    expect(loaded).toEqual({ page: { items: [], nextCursor: "01JRM8F4YK002FWCF66E57DDE8" }, failed: FEED_MESSAGES.loadFailed });
  });

  it("no answer within the timeout: 'Connection timeout. Please check your internet connection.'", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const loading = loadFeedPage(() => new Promise(() => {}), null);
    await vi.advanceTimersByTimeAsync(FEED_FETCH_TIMEOUT_MS);
    expect(await loading).toEqual({ page: { items: [], nextCursor: null }, failed: FEED_MESSAGES.timeout });
  });
});

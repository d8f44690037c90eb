import { afterEach, describe, expect, it, vi } from "vitest";
import { attempt, isFailure, refuse } from "~/.server/outcome";

describe("attempt: unexpected errors become the spec's failure text", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes a result through", async () => {
    expect(await attempt("liking", null, async () => ({ ok: true, liked: true }))).toEqual({ ok: true, liked: true });
  });

  it("turns a thrown error into a logged Failure with the given message", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await attempt("deleting a post", "Failed to delete post", async () => {
      throw new Error("D1_ERROR: database unavailable");
    });
    expect(answer).toEqual({ ok: false, status: 500, message: "Failed to delete post" });
    expect(isFailure(answer)).toBe(true);
    expect(log).toHaveBeenCalledWith("deleting a post failed:", expect.any(Error));
  });

  it("lets responses thrown on purpose (redirects, 404s) through", async () => {
    const notFound = new Response("gone", { status: 404 });
    await expect(
      attempt("reading", null, async () => {
        throw notFound;
      }),
    ).rejects.toBe(notFound);
  });

  it("tells a Failure from refusals and responses", () => {
    expect(isFailure(refuse(404, "This post doesn't exist or has been deleted."))).toBe(false);
    expect(isFailure(new Response(null, { status: 500 }))).toBe(false);
    expect(isFailure({ ok: false, status: 500, message: null })).toBe(true);
  });
});

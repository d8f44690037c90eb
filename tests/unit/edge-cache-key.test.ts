import { describe, expect, it } from "vitest";
import { edgeCacheKeyOf } from "~/.server/edge-cache";

/** Which requests the edge cache may answer (docs/decisions/028): a visitor's GET of a public page, nothing else. */
const request = (path: string, init: { method?: string; cookie?: string } = {}) =>
  new Request(`https://murmur.example${path}`, { method: init.method ?? "GET", headers: init.cookie ? { Cookie: init.cookie } : {} });

const POST_ID = "01JRM8F4YK002FWCF66E57DDE8";

describe("the edge cache's key", () => {
  it.each([`/@maya`, `/@Maya_99`, `/post/${POST_ID}`])("a visitor's %s is kept, per theme", (path) => {
    expect(edgeCacheKeyOf(request(path))).toEqual({ origin: "https://murmur.example", path, theme: "light" });
    expect(edgeCacheKeyOf(request(path, { cookie: "theme=dark" }))?.theme).toBe("dark");
    // The trusted-device cookie changes nothing a page shows.
    expect(edgeCacheKeyOf(request(path, { cookie: "device=abc; theme=dark" }))?.theme).toBe("dark");
  });

  it.each([
    ["a session", "session=abcdefghijklmnopqrstuvwxyz234567"],
    ["an empty session cookie", "session="],
    ["a flash toast", "toast=eyJ9.sig"],
    ["a session beside the theme", "theme=dark; session=abc"],
    ["a cookie it does not know", "something=else"],
  ])("a request with %s is never answered from the cache", (_name, cookie) => {
    expect(edgeCacheKeyOf(request("/@maya", { cookie }))).toBeNull();
  });

  it.each([
    ["a later page", "/@maya?cursor=01JRM8F4YK002FWCF66E57DDE8"],
    ["any query", "/@maya?utm_source=x"],
    ["the page's data (JavaScript's navigation)", "/@maya.data"],
    ["a post's data", `/post/${POST_ID}.data`],
    ["a post's comments page", `/post/${POST_ID}?comments=abc`],
    ["another page of the post", `/post/${POST_ID}/share`],
    ["not a post id", "/post/not-an-id"],
    ["a followers list", "/profile/maya/followers"],
    ["an unknown path", "/no-such-page"],
    ["an odd username", "/@ma-ya"],
    ["an escaped @", "/%40maya"],
  ])("%s is never cached (%s)", (_name, path) => {
    expect(edgeCacheKeyOf(request(path))).toBeNull();
  });

  it("only GET", () => {
    expect(edgeCacheKeyOf(request("/@maya", { method: "HEAD" }))).toBeNull();
    expect(edgeCacheKeyOf(request("/@maya", { method: "POST" }))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/.server/http";

describe("returnTo: only paths on this site", () => {
  it.each(["/", "/post/01JRM8F4YK002FWCF66E57DDE8", "/?tab=following&q=coffee+time", "/profile/maya#posts", "/explore?q=caf%C3%A9"])(
    "keeps %s",
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ /evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/.//evil.example",
    "/%2e%2e//evil.example",
    "evil.example",
    "",
  ])("refuses %j", (path) => {
    expect(safeRedirectPath(path, "/home")).toBe("/home");
  });

  it("answers the path as a browser resolves it", () => {
    expect(safeRedirectPath("/post/../videos")).toBe("/videos");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/x")).toBe("/x");
  });
});

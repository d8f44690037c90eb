import { describe, expect, it } from "vitest";
import { newestBadges } from "~/lib/live-rooms";

describe("the navigation badges", () => {
  const server = { notifications: 3, messages: 1 };

  it("show the member room's count read after the page's counts began to be read", () => {
    expect(newestBadges(server, 1000, { messages: { unread: 0, at: 1001 } })).toEqual({ notifications: 3, messages: 0 });
  });

  it("keep the page's counts over an older live count: a reload that raced a 'mark read' does not bring back the old one", () => {
    // The room said 0 at 1000; the page's data read from 1005 on says 0 too; an older room count (1) is not shown.
    expect(newestBadges({ notifications: 3, messages: 0 }, 1005, { messages: { unread: 1, at: 1000 } })).toEqual({ notifications: 3, messages: 0 });
    expect(newestBadges(server, 1000, {})).toEqual(server);
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createCommunity } from "~/.server/communities";
import { writingLimits } from "~/.server/db/limits";
import { Meter, meterDatabase } from "~/.server/db/metered";
import { startConversation } from "~/.server/messages";
import { createPost, createUser, db, get, member } from "./helpers";

/**
 * No page binds a LIMIT or OFFSET (docs/decisions/064): SQLite reads such a value while planning, and
 * prepares the statement again every time it is bound, which D1 does on every run. X-D1-Bound-Limits
 * counts a request's statements that do.
 */
describe("bound limits", () => {
  it("no page a member or a visitor opens binds one", async () => {
    const { user: me, cookie } = await member();
    const friend = await createUser();
    const post = await createPost(friend.id, { content: "Limits #limitless coffee" });
    const community = await createCommunity(db(), me.id, { name: `Limits ${me.id.slice(-6)}`, description: "A club", isPrivate: false });
    if (!community.ok) throw new Error("community refused");
    const conversation = await startConversation(db(), me.id, friend.username);
    if (!conversation.ok) throw new Error("conversation refused");
    const pages = [
      "/",
      "/?tab=following",
      "/?q=coffee",
      "/?tab=following&q=coffee",
      "/?tab=following&q=coffee+limits",
      "/?cursor=" + post.id,
      "/explore",
      "/explore?q=coffee",
      "/trending",
      "/videos",
      "/bookmarks",
      "/notifications",
      "/messages",
      `/messages/${conversation.conversationId}`,
      "/communities",
      `/community/${community.communityId}`,
      `/community/${community.communityId}/invites`,
      `/profile/${friend.username}`,
      `/profile/${friend.username}/followers`,
      `/profile/${friend.username}/following`,
      `/profile/${me.username}`,
      `/hashtag/limitless`,
      `/post/${post.id}`,
      "/subscriptions",
      "/verified",
      "/settings",
      // Blocks (decision 100): Settings' list and a block's confirmation.
      "/settings/blocked",
      `/profile/${friend.username}/block`,
      // Mutes (decision 107): Settings' list.
      "/settings/muted",
    ];
    for (const path of pages) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("X-D1-Bound-Limits"), path).toBe("0");
    }
    for (const path of [`/@${friend.username}`, `/post/${post.id}`, "/auth"]) {
      const response = await get(path);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("X-D1-Bound-Limits"), path).toBe("0");
    }
  });

  it("the database handle writes a whole-number limit into the text as it is bound, and answers the same", async () => {
    const meter = new Meter();
    // As a request's handle has it (getDb over meterDatabase).
    const d1 = writingLimits(meterDatabase(env.DB, meter));
    const query = "SELECT value FROM json_each('[4,1,3,2]') ORDER BY value LIMIT ? OFFSET ?";
    const statement = d1.prepare(query).bind(2, 1);
    expect((statement as unknown as { statement: string }).statement).toBe(query.replace("LIMIT ? OFFSET ?", "LIMIT 2 OFFSET 1"));
    expect((await statement.all<{ value: number }>()).results.map((row) => row.value)).toEqual([2, 3]);
    const [batched] = await d1.batch([d1.prepare(query).bind(1, 0)]);
    expect(batched!.results).toEqual([{ value: 1 }]);
    expect(meter.boundLimits).toBe(0);
    // Each still a timed round trip, made again for the floor.
    expect(meter.calls).toBe(2);
    expect(await meter.floor()).not.toBeNull();
    // A limit that is not a whole number stays bound, and is counted.
    await d1.prepare("SELECT 1 AS one LIMIT ?").bind("1").all();
    expect(meter.boundLimits).toBe(1);
  });
});

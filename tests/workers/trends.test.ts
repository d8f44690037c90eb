import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { Meter, meterDatabase } from "~/.server/db/metered";
import { runRead } from "~/.server/db/reads";
import { communities, communityMembers, hashtagTrends, memberSettings, postHashtags, posts } from "~/.server/db/schema";
import { hashtagStatsRead } from "~/.server/hashtags";
import { newId } from "~/.server/ids";
import { createPost } from "~/.server/posts/create";
import { setRepost } from "~/.server/posts/interactions";
import { refreshTrends } from "~/.server/trends";
import { TIME } from "~/lib/constants";
import { categoryOf, TREND_CATEGORIES, TREND_KEYWORDS } from "~/lib/trend-categories";
import worker from "../../workers/app";
import { unique } from "../fixtures/factories";
import { capturingD1, createUser, db, deployedEnv, fetchWorker, formPost, get, member, planOf } from "./helpers";

/**
 * The trends job (docs/decisions/033). Its `now` is a fixed time long before every other test's posts,
 * so its windows hold this file's posts alone (the database is shared by every file in the same vitest
 * worker).
 */
const NOW = Date.UTC(2020, 5, 15, 12);
const { MINUTE, HOUR, DAY } = TIME;

/** A tag no other test uses, beginning with `start` (a keyword, or letters no keyword begins). */
const uniqueTag = (start = "zq") => `${start}${unique("").toLowerCase().replace(/[^a-z0-9]/g, "")}`;

/** A public post with these tags at `at`, written as members write them (tags as rows, at the post's time). */
async function postWith(authorId: string, tags: string[], at: number, options: { communityId?: string } = {}) {
  const created = await createPost(db(), authorId, { content: `About ${tags.map((tag) => `#${tag}`).join(" ")}`, location: undefined, visibility: "everyone", imageKeys: [] }, { now: at, ...options });
  if (!created.ok) throw new Error("post not created");
  return created.postId;
}

async function trendsOf(tags: string[]) {
  const rows = await db().select().from(hashtagTrends).where(inArray(hashtagTrends.hashtag, tags)).all();
  return Object.fromEntries(rows.map(({ hashtag, ...row }) => [hashtag, row]));
}

/** The D1 binding, keeping the SQL of each batch it is sent (workerd's statements keep theirs as `statement`). */
function recordingBatches() {
  const batches: string[][] = [];
  const spy = new Proxy(env.DB, {
    get(target, property) {
      if (property !== "batch") return Reflect.get(target, property).bind(target);
      return (statements: D1PreparedStatement[]) => {
        batches.push(statements.map((statement) => String((statement as unknown as { statement: string }).statement)));
        return target.batch(statements);
      };
    },
  });
  return { spy, batches };
}

describe("the trends job (spec document 1 §3 hashtag_trends, §9 'refreshed every 5 minutes')", () => {
  it("counts each tag's posts of the last 24 hours, its growth against the 24 hours before, and its category from the keyword map", async () => {
    const author = await createUser();
    const rising = uniqueTag("football");
    const steady = uniqueTag("news");
    const falling = uniqueTag("music");
    const fresh = uniqueTag();
    const gone = uniqueTag("election");
    const recent = (n: number) => NOW - n * HOUR;
    const earlier = (n: number) => NOW - DAY - n * HOUR;
    for (const at of [recent(1), recent(5)]) await postWith(author.id, [rising], at);
    await postWith(author.id, [rising, fresh], recent(2));
    await postWith(author.id, [rising], earlier(3));
    for (const at of [recent(3), recent(20), earlier(1), earlier(22)]) await postWith(author.id, [steady], at);
    await postWith(author.id, [falling], recent(4));
    for (let i = 1; i <= 4; i++) await postWith(author.id, [falling], earlier(i));
    await postWith(author.id, [fresh], recent(23));
    for (const at of [earlier(2), earlier(6)]) await postWith(author.id, [gone], at);

    await refreshTrends(db(), NOW);

    const trends = await trendsOf([rising, steady, falling, fresh, gone]);
    const updatedAt = new Date(NOW);
    expect(trends).toEqual({
      [rising]: { postsCount: 3, growthRate: 2, category: "sports", updatedAt },
      [steady]: { postsCount: 2, growthRate: 0, category: "news", updatedAt },
      [falling]: { postsCount: 1, growthRate: -0.75, category: "entertainment", updatedAt },
      // New this window: it grows by its count (before: 0, counted as 1).
      [fresh]: { postsCount: 2, growthRate: 2, category: "trending", updatedAt },
    });
  });

  it("a post counts by its time: (now − 24 h, now] is the last window, (now − 48 h, now − 24 h] the one before, anything else nothing", async () => {
    const author = await createUser();
    const tags = { atNow: uniqueTag(), afterNow: uniqueTag(), justInside: uniqueTag(), dayAgo: uniqueTag(), justBefore: uniqueTag(), twoDaysAgo: uniqueTag() };
    await postWith(author.id, [tags.atNow], NOW);
    await postWith(author.id, [tags.afterNow], NOW + 1);
    await postWith(author.id, [tags.justInside], NOW - DAY + 1);
    // Each of these also has a post now, so it has a row and its growth shows what the window before held.
    await postWith(author.id, [tags.dayAgo], NOW - DAY);
    await postWith(author.id, [tags.justBefore], NOW - 2 * DAY + 1);
    await postWith(author.id, [tags.twoDaysAgo], NOW - 2 * DAY);
    await postWith(author.id, [tags.dayAgo, tags.justBefore, tags.twoDaysAgo], NOW - MINUTE);

    await refreshTrends(db(), NOW);

    const trends = await trendsOf(Object.values(tags));
    const counted = (tag: string) => (trends[tag] ? { posts: trends[tag].postsCount, growth: trends[tag].growthRate } : null);
    expect(counted(tags.atNow)).toEqual({ posts: 1, growth: 1 });
    expect(counted(tags.afterNow)).toBeNull();
    expect(counted(tags.justInside)).toEqual({ posts: 1, growth: 1 });
    expect(counted(tags.dayAgo)).toEqual({ posts: 1, growth: 0 });
    expect(counted(tags.justBefore)).toEqual({ posts: 1, growth: 0 });
    expect(counted(tags.twoDaysAgo)).toEqual({ posts: 1, growth: 1 });
  });

  it("counts only what everybody may read: not subscriber-only posts, community posts, or posts of members who keep theirs for followers or have a private profile; a repost adds nothing", async () => {
    const open = await createUser();
    const reposter = await createUser();
    const keeper = await createUser();
    const hidden = await createUser();
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    await db().update(memberSettings).set({ profileVisibility: "private" }).where(eq(memberSettings.userId, hidden.id));
    const community = { id: newId(), name: unique("Trend community "), creatorId: open.id };
    await db().insert(communities).values(community);
    // Only members post in a community (its creator is one).
    await db().insert(communityMembers).values({ id: newId(), communityId: community.id, userId: open.id, role: "creator" });
    const mixed = uniqueTag();
    const lockedOnly = uniqueTag();
    const both = [mixed, lockedOnly];

    const readable = await postWith(open.id, [mixed], NOW - 3 * HOUR);
    const forSubscribers = await postWith(open.id, both, NOW - 2 * HOUR);
    await db().update(posts).set({ isSubscriberOnly: true }).where(eq(posts.id, forSubscribers));
    await postWith(open.id, both, NOW - 2 * HOUR, { communityId: community.id });
    await postWith(keeper.id, both, NOW - HOUR);
    await postWith(hidden.id, both, NOW - HOUR);
    expect(await setRepost(db(), reposter.id, readable, true, NOW - 30 * MINUTE)).toMatchObject({ ok: true });

    await refreshTrends(db(), NOW);

    const trends = await trendsOf(both);
    expect(trends[mixed]?.postsCount).toBe(1);
    expect(trends[lockedOnly]).toBeUndefined();
  });

  it("replaces the whole table in one round trip (delete, then insert): a tag no longer counted loses its row; a second run gives the same rows", async () => {
    const author = await createUser();
    const stale = uniqueTag();
    const current = uniqueTag();
    await db().insert(hashtagTrends).values({ hashtag: stale, postsCount: 99, growthRate: 1.5, category: "news" });
    await postWith(author.id, [current], NOW - HOUR);

    const meter = new Meter();
    const { spy, batches } = recordingBatches();
    await refreshTrends(getDb(meterDatabase(spy, meter)), NOW);

    expect(meter.calls).toBe(1);
    expect(batches.map((statements) => statements.map((statement) => statement.split(/\s/)[0]))).toEqual([["DELETE", "INSERT"]]);
    const first = await db().select().from(hashtagTrends).all();
    expect(first.some((row) => row.hashtag === stale)).toBe(false);
    expect(first.find((row) => row.hashtag === current)?.postsCount).toBe(1);
    await refreshTrends(db(), NOW);
    expect(await db().select().from(hashtagTrends).all()).toEqual(first);
  });

  it("reads one range of post_hashtags_created_idx and finds each post by its key: no scan", async () => {
    const { spy, captured } = capturingD1();
    await refreshTrends(getDb(spy), NOW);
    const insert = captured.find((statement) => statement.sql.startsWith("INSERT"));
    expect(insert).toBeDefined();
    const details = await planOf(insert!);
    expect(details.some((d) => /^SEARCH post_hashtags USING INDEX post_hashtags_created_idx \(created_at>\? AND created_at<\?\)/.test(d)), details.join("\n")).toBe(true);
    expect(details.some((d) => /^SEARCH posts USING (COVERING )?INDEX \w+ \(.*id=\?\)/.test(d)), details.join("\n")).toBe(true);
    expect(details.filter((d) => /^SCAN (post_hashtags|posts|member_settings)\b/.test(d)), details.join("\n")).toEqual([]);
  });

  it("the keyword map and the job's SQL give every tag the same category; the categories are hashtag_trends'", async () => {
    expect([...TREND_CATEGORIES]).toEqual(hashtagTrends.category.enumValues);
    const author = await createUser();
    const postId = await postWith(author.id, [uniqueTag()], NOW - HOUR);
    const suffix = uniqueTag("");
    const expected = new Map<string, string>();
    for (const [category, keywords] of Object.entries(TREND_KEYWORDS)) {
      for (const keyword of keywords) {
        expected.set(`${keyword}${suffix}`, category);
        // Inside a word is no beginning.
        expected.set(`x${keyword}${suffix}`, "trending");
      }
    }
    const tags = [...expected.keys()];
    // D1 binds at most 100 values per statement: 3 per row.
    const rows = tags.map((hashtag) => ({ postId, hashtag, createdAt: new Date(NOW - HOUR) }));
    for (let i = 0; i < rows.length; i += 30) await db().insert(postHashtags).values(rows.slice(i, i + 30));

    await refreshTrends(db(), NOW);

    // Read by the shared ending (D1 binds at most 100 values: too many tags for an IN list).
    const counted = await db().select().from(hashtagTrends).where(like(hashtagTrends.hashtag, `%${suffix}`)).all();
    const trends = Object.fromEntries(counted.map((row) => [row.hashtag, row]));
    for (const tag of tags) {
      expect(trends[tag]?.category, tag).toBe(expected.get(tag));
      expect(categoryOf(tag), tag).toBe(expected.get(tag));
    }
  });

  it("the cron runs it: the scheduled handler counts the trends as of the cron's time", async () => {
    const author = await createUser();
    const tag = uniqueTag();
    await postWith(author.id, [tag], NOW - HOUR);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(NOW), cron: "*/5 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await trendsOf([tag]))[tag]).toEqual({ postsCount: 1, growthRate: 1, category: "trending", updatedAt: new Date(NOW) });
  });

  it("runs on demand through /dev/fixtures on a local Worker, at a given time; a production Worker refuses", async () => {
    const author = await createUser();
    const tag = uniqueTag();
    await postWith(author.id, [tag], NOW - HOUR);
    const production = deployedEnv();
    const request = formPost("/dev/fixtures", { intent: "trends", now: String(NOW) });
    const refused = await worker.fetch(request as Parameters<typeof worker.fetch>[0], production, createExecutionContext());
    expect(refused.status).toBe(404);
    expect((await trendsOf([tag]))[tag]).toBeUndefined();

    const response = await fetchWorker(formPost("/dev/fixtures", { intent: "trends", now: String(NOW) }));
    expect(response.status).toBe(200);
    expect((await trendsOf([tag]))[tag]?.postsCount).toBe(1);
  });
});

describe("the hashtag page counts as the trends job does", () => {
  it("shows the tag's readable posts of the last 24 hours and their growth: counted live until the job has a row, then the row", async () => {
    const viewer = await member();
    const author = await createUser();
    const keeper = await createUser();
    await db().update(memberSettings).set({ postVisibility: "followers" }).where(eq(memberSettings.userId, keeper.id));
    const tag = uniqueTag();
    const lockedOnly = uniqueTag();
    await postWith(author.id, [tag], NOW - 2 * HOUR);
    await postWith(author.id, [tag], NOW - HOUR);
    await postWith(author.id, [tag], NOW - 3 * DAY);
    const forSubscribers = await postWith(author.id, [tag, lockedOnly], NOW - HOUR);
    await db().update(posts).set({ isSubscriberOnly: true }).where(eq(posts.id, forSubscribers));
    await postWith(keeper.id, [tag, lockedOnly], NOW - HOUR);

    // Before the job: counted from the tag's rows of the window, locked posts left out.
    expect(await runRead(hashtagStatsRead(db(), tag, NOW))).toEqual({ postsCount: 2, growthRate: 0 });
    expect(await runRead(hashtagStatsRead(db(), lockedOnly, NOW))).toEqual({ postsCount: 0, growthRate: 0 });

    await refreshTrends(db(), NOW);
    // The row, whatever time the page is read at.
    expect(await runRead(hashtagStatsRead(db(), tag))).toEqual({ postsCount: 2, growthRate: 2 });
    const html = await (await get(`/hashtag/${tag}`, { Cookie: viewer.cookie })).text();
    const header = html.slice(html.indexOf(`#${tag}</h1>`), html.indexOf("Share"));
    expect(header).toMatch(/<strong[^>]*>2<\/strong> posts in the last 24 hours/);
    expect(header).toContain("+200% growth");
  });
});

import * as z from "zod/mini";
import type { PostCounts } from "./types/post";

/**
 * The feed room's messages (DESIGN.md §6), one schema for both ends: the app publishes them after a
 * change is written to D1, the room checks and relays them, the browser checks what it receives.
 * zod/mini keeps this small for the browser, which loads it only once a page is interactive.
 */
export const FEED_PARTY = "feed-room";
/** Posts outside communities; communities and profiles get rooms of their own when they land. */
export const GLOBAL_FEED = "global";
/** Every feed room there is: a connection to any other name is refused. */
export const FEED_ROOMS: readonly string[] = [GLOBAL_FEED];

const Counts: z.ZodMiniType<PostCounts> = z.object({
  likes: z.number(),
  reposts: z.number(),
  shares: z.number(),
  views: z.number(),
  comments: z.number(),
  at: z.number(),
});

export const FeedEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("post-created"), postId: z.string(), authorId: z.string(), hasVideo: z.boolean() }),
  z.object({ type: z.literal("post-deleted"), postId: z.string() }),
  /** Current counts of posts that changed (the room sends them at most once a second). */
  z.object({ type: z.literal("post-counts"), posts: z.record(z.string(), Counts) }),
]);
export type FeedEvent = z.infer<typeof FeedEventSchema>;

export function parseFeedEvent(data: unknown): FeedEvent | null {
  try {
    const parsed = FeedEventSchema.safeParse(typeof data === "string" ? JSON.parse(data) : data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

import type { AppLoadContext } from "@remix-run/cloudflare";
import { FEED_FETCH_TIMEOUT_MS } from "~/lib/constants";
import { FEED_MESSAGES } from "~/lib/messages";
import type { FeedPage } from "~/lib/types/post";
import type { Answers, Read } from "./db/reads";
import type { Viewer } from "./viewer";

type LoadedFeed = { page: FeedPage; failed: string | null };

/**
 * A feed page for a loader (spec document 1 §8, "Feed load"): on a database error the list is empty
 * and says 'Unable to load posts. Please try again.'; with no answer within FEED_FETCH_TIMEOUT_MS,
 * 'Connection timeout. Please check your internet connection.'. The cursor stays, so 'Load more'
 * can try the same page again. Never an error page. A list with a failure text of its own (a search:
 * 'Search failed. Please try again.') passes it as `failedText`, said for both.
 */
export async function loadFeedPage(read: () => Promise<FeedPage>, cursor: string | null, failedText?: string): Promise<LoadedFeed> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), FEED_FETCH_TIMEOUT_MS);
  });
  const empty = { items: [], nextCursor: cursor };
  try {
    const page = await Promise.race([read(), timedOut]);
    if (page !== "timeout") return { page, failed: null };
    console.error(`A feed read took over ${FEED_FETCH_TIMEOUT_MS} ms`);
    return { page: empty, failed: failedText ?? FEED_MESSAGES.timeout };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("A feed read failed:", error);
    return { page: empty, failed: failedText ?? FEED_MESSAGES.loadFailed };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A members-only feed page whose read travels with the session's round trip (docs/decisions/026):
 * call it before awaiting anything, then `requireUser`. Without a session cookie nothing is read
 * (requireUser sends the visitor to sign in).
 */
export function loadMemberFeed(
  context: AppLoadContext,
  read: (viewer: NonNullable<Viewer>) => Read<FeedPage>,
  cursor: string | null,
  failedText?: string,
): Promise<LoadedFeed> {
  return loadFeedPage(
    async () => {
      const answers = await context.readAsMember((viewer) => [read(viewer)]);
      return answers?.[0] ?? { items: [], nextCursor: cursor };
    },
    cursor,
    failedText,
  );
}

/**
 * A members-only feed page read in one or two round trips (docs/decisions/060, 064): `first`'s reads
 * ride the session's trip; from their answers `then` gives the page (read there too), or the page's
 * read, made in a second trip.
 */
export function loadMemberFeedAfter<const R extends readonly Read<unknown>[]>(
  context: AppLoadContext,
  first: (viewer: NonNullable<Viewer>) => R,
  then: (answers: Answers<R>) => { page: FeedPage } | { read: (viewer: NonNullable<Viewer>) => Read<FeedPage> },
  cursor: string | null,
  failedText?: string,
): Promise<LoadedFeed> {
  return loadFeedPage(
    async () => {
      const asked = await context.readAsMember(first);
      if (!asked) return { items: [], nextCursor: cursor };
      const next = then(asked);
      if ("page" in next) return next.page;
      const answers = await context.readAsMember((viewer) => [next.read(viewer)]);
      return answers?.[0] ?? { items: [], nextCursor: cursor };
    },
    cursor,
    failedText,
  );
}

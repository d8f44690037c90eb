import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { loadHashtagPage } from "~/.server/hashtags";
import { invariantResponse } from "~/.server/http";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { BackToNewest, FeedList } from "~/components/feed/feed-list";
import { HashtagHeader } from "~/components/hashtag/hashtag-header";
import { PageHeader } from "~/components/page-header";
import { HASHTAG_MESSAGES } from "~/lib/texts/hashtag";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { hashtagOf } from "~/lib/text";
import { publicFeedHandle } from "~/lib/live-rooms";

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `#${data.hashtag} | Murmur` : `${HASHTAG_MESSAGES.notAHashtag} | Murmur` },
  ...(data ? [{ name: "description", content: `Posts about #${data.hashtag} on Murmur.` }] : []),
];

/**
 * /hashtag/{hashtag}: the tag's count and growth and its posts, read with the session (026). Any case
 * names the same tag; an address that cannot be a hashtag is a 404 without a read.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const hashtag = hashtagOf(params.hashtag);
  const loaded = hashtag ? loadHashtagPage(context, hashtag, cursor) : null;
  await requireUser(request, context);
  invariantResponse(hashtag && loaded, HASHTAG_MESSAGES.notAHashtag, { status: 404 });
  const { stats, page, failed } = await loaded;
  return { hashtag, stats, page, failed, paged: Boolean(cursor) };
}

/** A like or bookmark on a card needs no reload of the page. */
export const shouldRevalidate = skipQuietRevalidation;

const pageHref = (hashtag: string, cursor?: string) => `/hashtag/${encodeURIComponent(hashtag)}${cursor ? `?${new URLSearchParams({ cursor })}` : ""}`;

export default function HashtagPage() {
  const { hashtag, stats, page, failed, paged } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title={`#${hashtag}`} />
      <HashtagHeader hashtag={hashtag} stats={stats} />
      {paged ? (
        <BackToNewest to={pageHref(hashtag)}>Back to the newest posts</BackToNewest>
      ) : null}
      <FeedList
        page={page}
        failed={failed}
        label={`Posts with #${hashtag}`}
        pageHref={(cursor) => pageHref(hashtag, cursor)}
        empty={
          <>
            <h2 className="text-xl font-bold">{HASHTAG_MESSAGES.emptyTitle}</h2>
            <p className="mt-1 text-muted">{HASHTAG_MESSAGES.emptyText(hashtag)}</p>
            <p className="mt-1 text-muted">{HASHTAG_MESSAGES.emptyPrompt}</p>
          </>
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(HASHTAG_MESSAGES.notAHashtag, HASHTAG_MESSAGES.notAHashtagText) }} />;
}

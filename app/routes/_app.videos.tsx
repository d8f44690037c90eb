import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { loadMemberFeed } from "~/.server/feed-load";
import { cardsRead, withVideo } from "~/.server/posts/cards";
import { FeedEmpty, FeedList } from "~/components/feed/feed-list";
import { PageHeader } from "~/components/page-header";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicFeedHandle } from "~/lib/live-rooms";

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

export const meta: MetaFunction = () => [
  { title: "Videos | Murmur" },
  { name: "description", content: "The newest videos posted on Murmur." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const feed = loadMemberFeed(context, (viewer) => cardsRead(context.db, viewer, [withVideo], { cursor }), cursor);
  await requireUser(request, context);
  return feed;
}

export const shouldRevalidate = skipQuietRevalidation;

/** The feed limited to posts with a video (spec document 1 §2.1). */
export default function Videos() {
  const { page, failed } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title="Videos" />
      <FeedList
        page={page}
        failed={failed}
        label="Videos"
        fresh="video"
        pageHref={(cursor) => `/videos?${new URLSearchParams({ cursor })}`}
        empty={<FeedEmpty title="No videos yet." text="Post a video and it will show up here." />}
      />
    </div>
  );
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

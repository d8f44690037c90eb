import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { exploreLoader } from "~/.server/explore";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { exploreMeta, ExplorePage } from "~/components/explore/explore-page";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { publicFeedHandle } from "~/lib/live-rooms";

/** /explore, and /explore?q= with a search (spec document 1 §2.1, §2.8); /trending is the same view. */
export const loader = exploreLoader;

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => exploreMeta(data);

/** A like or bookmark on a card needs no reload; a follow from People does (the row shows Unfollow). */
export const shouldRevalidate = skipQuietRevalidation;

export default function Explore() {
  return <ExplorePage {...useLoaderData<typeof loader>()} />;
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

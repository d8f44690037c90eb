import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Icon } from "~/components/icon";
import { Link, useLoaderData } from "@remix-run/react";
import { getOptionalUser } from "~/.server/auth/guards";
import { invariantResponse, requiredParam } from "~/.server/http";
import { getCard } from "~/.server/posts/cards";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { imageFileName, wrapIndex } from "~/components/post/image-viewer";
import { IMAGE_VIEWER_MAX_HEIGHT_PX } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Image ${data.index + 1} of ${data.urls.length} | Murmur` : "Image | Murmur" },
];

/** The image viewer as a page, for visitors without JavaScript: next/previous wrap around. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(context);
  const item = await getCard(context.db, viewer?.id ?? null, requiredParam(params, "postId"));
  const index = Number(params.index) - 1;
  const urls = item?.post.mediaUrls ?? [];
  invariantResponse(item && Number.isInteger(index) && index >= 0 && index < urls.length, POST_MESSAGES.notFound, { status: 404 });
  return { postId: item.post.id, urls, index, authorName: item.post.author.displayName };
}

export default function PhotoPage() {
  const { postId, urls, index, authorName } = useLoaderData<typeof loader>();
  const at = (i: number) => `/post/${postId}/photo/${wrapIndex(i, urls.length) + 1}`;
  const link = "flex items-center gap-1 rounded-full px-3 py-2 font-semibold hover:bg-surface";
  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/post/${postId}`} className={link}>
          Back to post
        </Link>
        <p className="text-sm text-muted">
          {index + 1} / {urls.length}
        </p>
        <a href={urls[index]} download={imageFileName(index)} className={link}>
          <Icon name="download" className="size-4" />
          Download
        </a>
      </div>
      <img
        src={urls[index]}
        alt={`Image ${index + 1} of ${urls.length} posted by ${authorName}`}
        style={{ maxHeight: IMAGE_VIEWER_MAX_HEIGHT_PX }}
        className="mx-auto w-auto max-w-full rounded-xl object-contain"
      />
      {urls.length > 1 ? (
        <nav aria-label="Images" className="flex justify-between">
          <Link to={at(index - 1)} className={link}>
            <Icon name="chevron-left" className="size-5" />
            Previous
          </Link>
          <Link to={at(index + 1)} className={link}>
            Next
            <Icon name="chevron-right" className="size-5" />
          </Link>
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Image not found", POST_MESSAGES.notFound) }} />;
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Icon } from "~/components/icon";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { getOptionalUser } from "~/.server/auth/guards";
import { invariantResponse, requiredParam } from "~/.server/http";
import { getCard } from "~/.server/posts/cards";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { imageFileName, shareImage, wrapIndex } from "~/components/post/image-viewer";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";
import { IMAGE_VIEWER_MAX_HEIGHT_PX } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { useHydrated } from "~/lib/use-hydrated";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Image ${data.index + 1} of ${data.urls.length} | Murmur` : "Image | Murmur" },
  // The post's page is what search engines list (with its author's say, decision 124), not each image's.
  { name: "robots", content: "noindex" },
];

/** The image viewer as a page: next/previous wrap around. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(context);
  const item = await getCard(context.db, viewer?.id ?? null, requiredParam(params, "postId"));
  // One address per image: /photo/1, never /photo/01 or /photo/1e0.
  const index = /^[1-9]\d{0,2}$/.test(params.index ?? "") ? Number(params.index) - 1 : -1;
  const urls = item?.post.mediaUrls ?? [];
  invariantResponse(item && index >= 0 && index < urls.length, POST_MESSAGES.notFound, { status: 404 });
  return { postId: item.post.id, urls, descriptions: item.post.mediaDescriptions, index, authorName: item.post.author.displayName };
}

/**
 * The image viewer as a page (for visitors without JavaScript, and a shared image's address). With
 * JavaScript it does what the viewer does (spec document 1 §2.10): the arrow keys go to the previous
 * and next image, Escape goes back to the post, and Share shares the image's address.
 */
export default function PhotoPage() {
  const { postId, urls, descriptions, index, authorName } = useLoaderData<typeof loader>();
  const at = (i: number) => `/post/${postId}/photo/${wrapIndex(i, urls.length) + 1}`;
  const link = "flex items-center gap-1 rounded-full px-3 py-2 font-semibold hover:bg-surface";
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [said, say] = useState<string | null>(null);
  useEffect(() => say(null), [index]);
  // The image asked for last, for keys pressed before it is drawn (a render while it loads still has the old index).
  const shown = useRef(index);
  useEffect(() => {
    shown.current = index;
  }, [index]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      // Keys typed in a field (the sidebar's search) are the field's; an open dialog's are its own.
      if (event.target instanceof HTMLElement && event.target.closest("input:not([type=checkbox]), textarea, select, [contenteditable]")) return;
      if (document.querySelector("dialog[open]")) return;
      const to = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
      if (to !== undefined && urls.length > 1) {
        shown.current = wrapIndex(shown.current + to, urls.length);
        navigate(`/post/${postId}/photo/${shown.current + 1}`, { replace: true });
      } else if (event.key === "Escape") navigate(`/post/${postId}`);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, postId, urls.length]);
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="sr-only">{`Image ${index + 1} of ${urls.length}`}</h1>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/post/${postId}`} className={link}>
          Back to post
        </Link>
        <p className="text-sm text-muted">
          {index + 1} / {urls.length}
        </p>
        <div className="flex items-center gap-1">
          <a href={urls[index]} download={imageFileName(index)} className={link}>
            <Icon name="download" className="size-4" />
            Download
          </a>
          {hydrated ? (
            <button type="button" onClick={() => void shareImage(urls[index]!, authorName).then(say)} className={link}>
              <Icon name="share-2" className="size-4" />
              Share
            </button>
          ) : null}
        </div>
      </div>
      <p role="status" className="text-center text-sm font-semibold">
        {said}
      </p>
      <img
        src={urls[index]}
        alt={IMAGE_DESCRIPTION_TEXTS.alt(descriptions[index], index, urls.length, authorName)}
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

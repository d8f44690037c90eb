import { PageLink } from "~/components/ui/page-link";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { VIDEO_AUTOPLAY_RATIO, VIDEO_MAX_HEIGHT_PX } from "~/lib/constants";
import type { ImageDimensions } from "~/lib/media-types";
import { fetchPriority } from "~/lib/fetch-priority";

const ImageViewer = lazy(() => import("./image-viewer").then((module) => ({ default: module.ImageViewer })));

/**
 * A post's images: one shown large, more in two columns (spec document 1 §2.4). Each opens the
 * full-screen viewer; without JavaScript each is a link to the image's own page. `eager`: the post a
 * page is about, whose first image is the page's largest paint: loaded at once and first.
 */
export function PostImages({
  postId,
  urls,
  dimensions = null,
  authorName,
  eager = false,
}: {
  postId: string;
  urls: string[];
  /** The images' sizes (in urls' order) when known: each gets its box before it arrives, so nothing shifts. */
  dimensions?: ImageDimensions[] | null;
  authorName: string;
  eager?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const single = urls.length === 1;
  return (
    <>
      <div className={`mt-2 grid gap-0.5 overflow-hidden rounded-2xl border border-line ${single ? "" : "grid-cols-2"}`}>
        {urls.map((url, index) => (
          <PageLink
            key={url}
            to={`/post/${postId}/photo/${index + 1}`}
            onClick={(event) => {
              event.preventDefault();
              setOpen(index);
            }}
            className={`focus-inset ${urls.length === 3 && index === 0 ? "row-span-2" : ""}`}
          >
            <img
              src={url}
              alt={`Image ${index + 1} of ${urls.length} posted by ${authorName}`}
              loading={eager && index === 0 ? "eager" : "lazy"}
              {...(eager && index === 0 ? fetchPriority("high") : {})}
              decoding="async"
              width={dimensions?.[index]?.width}
              height={dimensions?.[index]?.height}
              className={`h-full w-full bg-surface object-cover ${single ? "max-h-[32rem]" : "aspect-square"}`}
            />
          </PageLink>
        ))}
      </div>
      {open !== null ? (
        <Suspense fallback={null}>
          <ImageViewer postId={postId} urls={urls} start={open} authorName={authorName} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A post's video: muted, looping, with controls, at most 500 px high. With JavaScript it plays while at
 * least half of it is on screen and pauses otherwise (spec document 1 §2.10).
 */
export function PostVideo({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry && entry.intersectionRatio >= VIDEO_AUTOPLAY_RATIO) {
          video.play().catch(() => undefined);
        } else {
          video.pause();
        }
      },
      { threshold: [0, VIDEO_AUTOPLAY_RATIO, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      muted
      loop
      playsInline
      controls
      preload="metadata"
      data-autoplay-video
      style={{ maxHeight: VIDEO_MAX_HEIGHT_PX }}
      className="mt-2 w-full rounded-2xl border border-line bg-black"
    />
  );
}

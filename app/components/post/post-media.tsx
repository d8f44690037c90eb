import { PageLink } from "~/components/ui/page-link";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { VIDEO_AUTOPLAY_RATIO, VIDEO_MAX_HEIGHT_PX } from "~/lib/constants";
import type { ImageDimensions } from "~/lib/media-types";
import { fetchPriority } from "~/lib/fetch-priority";
import { POST_MEDIA_NAMES } from "~/lib/messages";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";

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
  descriptions = [],
  authorName,
  eager = false,
}: {
  postId: string;
  urls: string[];
  /** The images' sizes (in urls' order) when known: each gets its box before it arrives, so nothing shifts. */
  dimensions?: ImageDimensions[] | null;
  /** What the author wrote of each image (in urls' order; null for one without): its alt text (decision 092). */
  descriptions?: (string | null)[];
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
            className={`focus-inset relative ${urls.length === 3 && index === 0 ? "row-span-2" : ""}`}
          >
            <img
              src={url}
              alt={IMAGE_DESCRIPTION_TEXTS.alt(descriptions[index], index, urls.length, authorName)}
              loading={eager && index === 0 ? "eager" : "lazy"}
              {...(eager && index === 0 ? fetchPriority("high") : {})}
              decoding="async"
              width={dimensions?.[index]?.width}
              height={dimensions?.[index]?.height}
              className={`h-full w-full bg-surface object-cover ${single ? "max-h-[32rem]" : "aspect-square"}`}
            />
            {/* Seen, as on other networks: this image was described. Its alt already reads the description. */}
            {descriptions[index] ? (
              <span aria-hidden="true" className="absolute bottom-2 left-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-bold text-white">
                {IMAGE_DESCRIPTION_TEXTS.badge}
              </span>
            ) : null}
          </PageLink>
        ))}
      </div>
      {open !== null ? (
        <Suspense fallback={null}>
          <ImageViewer postId={postId} urls={urls} descriptions={descriptions} start={open} authorName={authorName} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A post's video: muted, looping, with controls, at most 500 px high. With JavaScript it plays while at
 * least half of it is on screen and pauses otherwise (spec document 1 §2.10), unless the member asks
 * for reduced motion (then it waits for its play button), and a pause the member made stays: scrolling
 * away and back does not play it again until they do.
 */
export function PostVideo({ src, authorName }: { src: string; authorName: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // Whether enough of it is on screen: a pause while it is, is the member's (the observer pauses only
    // once it is not), and so is any play while they hold it paused (the observer plays only otherwise).
    let onScreen = false;
    let heldPaused = false;
    const onPause = () => {
      if (onScreen) heldPaused = true;
    };
    const onPlay = () => {
      heldPaused = false;
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        onScreen = entry !== undefined && entry.intersectionRatio >= VIDEO_AUTOPLAY_RATIO;
        if (!onScreen) video.pause();
        else if (!heldPaused && !reducedMotion()) video.play().catch(() => undefined);
      },
      { threshold: [0, VIDEO_AUTOPLAY_RATIO, 1] },
    );
    video.addEventListener("pause", onPause);
    video.addEventListener("play", onPlay);
    observer.observe(video);
    return () => {
      observer.disconnect();
      video.removeEventListener("pause", onPause);
      video.removeEventListener("play", onPlay);
    };
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      aria-label={POST_MEDIA_NAMES.video(authorName)}
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

/** The member's system setting, read each time it matters: it may change while the page is open. */
function reducedMotion(): boolean {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

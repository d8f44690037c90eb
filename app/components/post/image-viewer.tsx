import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icon";
import { IMAGE_VIEWER_MAX_HEIGHT_PX } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";

/** Next and previous wrap around (spec document 1 §4 image viewer). */
export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}

export const imageFileName = (index: number) => `image-${index + 1}.jpg`;

/**
 * The full-screen image viewer: next/previous (buttons and the arrow keys), Escape closes, download
 * as image-{n}.jpg, share (the device's share sheet, else the image address to the clipboard).
 */
export function ImageViewer({
  postId,
  urls,
  descriptions,
  start,
  authorName,
  onClose,
}: {
  postId: string;
  urls: string[];
  descriptions: (string | null)[];
  start: number;
  authorName: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const [failed, setFailed] = useState(false);
  const url = urls[index]!;
  const many = urls.length > 1;

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const go = (step: number) => setIndex((current) => wrapIndex(current + step, urls.length));

  // The page's toasts sit under the full-screen viewer (a modal dialog is drawn above everything
  // else): what the viewer's actions say shows in the viewer itself.
  const [said, say] = useState<string | null>(null);
  useEffect(() => {
    setFailed(false);
    say(null);
  }, [index]);

  const button = "rounded-full bg-white/10 p-2.5 text-white hover:bg-white/20";
  return (
    <dialog
      ref={ref}
      aria-label={`Image ${index + 1} of ${urls.length}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        if (event.key === "ArrowLeft") go(-1);
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black/95 p-0 text-white"
      data-post={postId}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3">
          <p className="text-sm" aria-live="polite">
            {index + 1} / {urls.length}
          </p>
          <p role="status" className="min-w-0 flex-1 text-center text-sm font-semibold">
            {said}
          </p>
          <div className="flex gap-2">
            <button type="button" onClick={() => void downloadImage(url, index).then(say)} className={button} aria-label="Download image">
              <Icon name="download" className="size-5" />
            </button>
            <button type="button" onClick={() => void shareImage(url, authorName).then(say)} className={button} aria-label="Share image">
              <Icon name="share-2" className="size-5" />
            </button>
            <button type="button" onClick={() => ref.current?.close()} className={button} aria-label="Close">
              <Icon name="x" className="size-5" />
            </button>
          </div>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-14 pb-6">
          {failed ? (
            <p role="alert">{POST_MESSAGES.imageLoadFailed}</p>
          ) : (
            <img
              src={url}
              alt={IMAGE_DESCRIPTION_TEXTS.alt(descriptions[index], index, urls.length, authorName)}
              onError={() => setFailed(true)}
              style={{ maxHeight: `min(${IMAGE_VIEWER_MAX_HEIGHT_PX}px, 100%)` }}
              className="max-w-full object-contain"
            />
          )}
          {many ? (
            <>
              <button type="button" onClick={() => go(-1)} className={`${button} absolute left-3`} aria-label="Previous image">
                <Icon name="chevron-left" className="size-6" />
              </button>
              <button type="button" onClick={() => go(1)} className={`${button} absolute right-3`} aria-label="Next image">
                <Icon name="chevron-right" className="size-6" />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}

/** Downloads the image as image-{n}.jpg; says how it went (spec document 1 §8). */
export async function downloadImage(url: string, index: number): Promise<string> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(String(response.status));
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = objectUrl;
    link.download = imageFileName(index);
    link.click();
    URL.revokeObjectURL(objectUrl);
    return POST_MESSAGES.imageDownloaded;
  } catch {
    return POST_MESSAGES.imageDownloadFailed;
  }
}

/**
 * Shares the image's address: the device's share sheet, else the clipboard. Says how it went, or
 * nothing when the member closed the share sheet.
 */
export async function shareImage(url: string, authorName: string): Promise<string | null> {
  const absolute = new URL(url, window.location.origin).toString();
  try {
    if (navigator.share) {
      await navigator.share({ url: absolute, title: `Image from ${authorName}'s post` });
      return null;
    }
    await navigator.clipboard.writeText(absolute);
    return POST_MESSAGES.imageUrlCopied;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return null;
    return POST_MESSAGES.imageShareFailed;
  }
}

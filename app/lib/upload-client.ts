import { IMAGE_MAX_BYTES, UPLOAD_STALL_TIMEOUT_MS, VIDEO_MAX_BYTES } from "./constants";
import { acceptedContentTypes, type MediaKind } from "./media-types";
import { UPLOAD_MESSAGES } from "./messages";

/** The browser's first look at a picked file, for an instant message; the server checks the bytes again. */
export function precheckFile(file: File, kind: MediaKind): string | null {
  if (kind === "image") {
    if (!file.type.startsWith("image/")) return UPLOAD_MESSAGES.selectImage;
    if (!acceptedContentTypes("image").includes(file.type)) return UPLOAD_MESSAGES.imageFormats;
    if (file.size > IMAGE_MAX_BYTES) return UPLOAD_MESSAGES.imageTooLarge;
    return null;
  }
  if (!file.type.startsWith("video/")) return UPLOAD_MESSAGES.selectVideo;
  if (file.size > VIDEO_MAX_BYTES) return UPLOAD_MESSAGES.videoTooLarge;
  return null;
}

export type UploadAnswer = { ok: true; key: string; url: string } | { ok: false; message: string };

/**
 * Uploads one file to /uploads with progress (fetch cannot report upload progress; XHR can). One that
 * moves nothing for UPLOAD_STALL_TIMEOUT_MS fails as an unanswered one does; `signal` (its removal)
 * stops it.
 */
export function uploadFile(file: File, kind: MediaKind, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("kind", kind);
    body.set("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", "/uploads");
    request.responseType = "json";
    // No answer of ours (the connection dropped, a proxy's page, a stall): the spec's default for each kind.
    const unanswered: UploadAnswer = { ok: false, message: kind === "video" ? UPLOAD_MESSAGES.videoFailed : UPLOAD_MESSAGES.generic };
    let stall: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      clearTimeout(stall);
      stall = setTimeout(() => request.abort(), UPLOAD_STALL_TIMEOUT_MS);
    };
    const answer = (value: UploadAnswer) => {
      clearTimeout(stall);
      signal?.removeEventListener("abort", stop);
      resolve(value);
    };
    const stop = () => request.abort();
    request.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onprogress = moved;
    request.onload = () => {
      const response = request.response as UploadAnswer | null;
      answer(response && typeof response === "object" ? response : unanswered);
    };
    request.onerror = () => answer(unanswered);
    request.onabort = () => answer(unanswered);
    if (signal?.aborted) {
      answer(unanswered);
      return;
    }
    signal?.addEventListener("abort", stop);
    moved();
    request.send(body);
  });
}

/** The composer's remove button: the server forgets an upload no post has claimed. */
export function discardUpload(key: string) {
  const body = new FormData();
  body.set("intent", "discard");
  body.set("key", key);
  return fetch("/uploads", { method: "POST", body }).catch(() => undefined);
}

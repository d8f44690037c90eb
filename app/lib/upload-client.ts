import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "./constants";
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

/** Uploads one file to /uploads with progress (fetch cannot report upload progress; XHR can). */
export function uploadFile(file: File, kind: MediaKind, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("intent", "upload");
    body.set("kind", kind);
    body.set("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", "/uploads");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    // No answer of ours (the connection dropped, a proxy's page): the spec's default for each kind.
    const unanswered: UploadAnswer = { ok: false, message: kind === "video" ? UPLOAD_MESSAGES.videoFailed : UPLOAD_MESSAGES.generic };
    request.onload = () => {
      const answer = request.response as UploadAnswer | null;
      resolve(answer && typeof answer === "object" ? answer : unanswered);
    };
    request.onerror = () => resolve(unanswered);
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

/**
 * Every file type Murmur accepts (spec document 1 §5 uploads), in one list for the composer's pickers,
 * the upload client's first look at a picked file and the server's check of its bytes.
 */
export type MediaKind = "image" | "video";

export type MediaType = { kind: MediaKind; contentType: string; extension: string };

/**
 * An image's width and height in pixels as a browser shows it (a JPEG's EXIF orientation applied),
 * read from its bytes when it is uploaded: a page gives the image its box before the image arrives.
 */
export type ImageDimensions = { width: number; height: number };

export const IMAGE_TYPES = {
  jpeg: { kind: "image", contentType: "image/jpeg", extension: "jpg" },
  png: { kind: "image", contentType: "image/png", extension: "png" },
  gif: { kind: "image", contentType: "image/gif", extension: "gif" },
  webp: { kind: "image", contentType: "image/webp", extension: "webp" },
} as const satisfies Record<string, MediaType>;

export const VIDEO_TYPES = {
  mp4: { kind: "video", contentType: "video/mp4", extension: "mp4" },
  webm: { kind: "video", contentType: "video/webm", extension: "webm" },
  mov: { kind: "video", contentType: "video/quicktime", extension: "mov" },
} as const satisfies Record<string, MediaType>;

const TYPES: Record<MediaKind, MediaType[]> = { image: Object.values(IMAGE_TYPES), video: Object.values(VIDEO_TYPES) };

/** The declared types a browser may give an accepted file ('image/jpg' is an old name of JPEG). */
export function acceptedContentTypes(kind: MediaKind): string[] {
  const types = TYPES[kind].map((type) => type.contentType);
  return kind === "image" ? [...types, "image/jpg"] : types;
}

/** A file input's `accept` attribute for the kind. */
export const acceptAttribute = (kind: MediaKind) => TYPES[kind].map((type) => type.contentType).join(",");

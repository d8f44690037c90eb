import { orientationOfExif } from "./media-inspect";
import { VIDEO_MOVIE_BOX_MAX_BYTES } from "~/lib/constants";
import type { MediaType } from "~/lib/media-types";

/**
 * What a file says about where and how it was made, removed before it is stored (decision 082): a
 * phone's photo carries the place it was taken (EXIF GPS), the camera, the time and often the owner's
 * name, and a public post's image is served to anyone. What is kept is what shows the picture as it
 * was meant: the pixels, the colour profile, and the orientation (a minimal EXIF of that one entry).
 *
 * - JPEG: the marker segments up to the image data keep only APP0 (JFIF), APP2's colour profile,
 *   APP14 (Adobe's colour transform) and the coding segments; everything after the first image's end
 *   (a second image: MPO, a gain map, with metadata of its own) goes.
 * - PNG: its text chunks, eXIf and tIME go.
 * - WebP: its EXIF and XMP chunks go, and their flags in VP8X.
 * - GIF: comment and XMP extensions go.
 * - MP4 / QuickTime: the movie's and each track's user data and metadata boxes ('udta', 'meta': the
 *   location, the device, the title) become 'free' boxes of the same size, full of zeros, so no offset
 *   in the file changes; the media data is not read or copied.
 * - WebM: kept as it is (its Tags carry no location from phones; a later change if that changes).
 *
 * Input is a file `inspectMedia` accepted, so its structure is known to be sound; a surprise anyway
 * (a structure this walk does not expect) keeps nothing it cannot vouch for: null, and the upload
 * fails. The answer is the file's parts in order: one for an image; a video's unchanged stretches
 * (slices of the upload, never copied: a video form is already in memory) around its changed movie box.
 */
export async function withoutMetadata(file: Blob, type: MediaType): Promise<Blob[] | null> {
  const one = (cleaned: Blob | null) => (cleaned ? [cleaned] : null);
  switch (type.extension) {
    case "jpg":
      return one(await jpegWithoutMetadata(new Uint8Array(await file.arrayBuffer())));
    case "png":
      return one(pngWithoutMetadata(new Uint8Array(await file.arrayBuffer())));
    case "webp":
      return one(webpWithoutMetadata(new Uint8Array(await file.arrayBuffer())));
    case "gif":
      return one(gifWithoutMetadata(new Uint8Array(await file.arrayBuffer())));
    case "mp4":
    case "mov":
      return isoWithoutMetadata(file);
    default:
      return [file];
  }
}

const blob = (parts: BlobPart[]) => new Blob(parts);
const ascii = (bytes: Uint8Array<ArrayBuffer>, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16 = (bytes: Uint8Array<ArrayBuffer>, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array<ArrayBuffer>, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u32le = (bytes: Uint8Array<ArrayBuffer>, at: number) => ((bytes[at + 3]! << 24) >>> 0) + (bytes[at + 2]! << 16) + (bytes[at + 1]! << 8) + bytes[at]!;

// ───────────────────────────── JPEG ─────────────────────────────

const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const SOS = 0xda;
const EOI = 0xd9;

/** An APP1 segment holding an EXIF of one entry: the orientation (big-endian TIFF). */
function orientationSegment(orientation: number): Uint8Array<ArrayBuffer> {
  const segment = new Uint8Array(2 + 2 + 6 + 8 + 2 + 12 + 4);
  const view = new DataView(segment.buffer);
  view.setUint16(0, 0xff00 | APP1);
  view.setUint16(2, segment.length - 2);
  segment.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // "Exif\0\0"
  const tiff = 10;
  segment.set([0x4d, 0x4d], tiff); // "MM"
  view.setUint16(tiff + 2, 42);
  view.setUint32(tiff + 4, 8); // the directory follows the header
  view.setUint16(tiff + 8, 1); // one entry
  view.setUint16(tiff + 10, 0x0112); // Orientation
  view.setUint16(tiff + 12, 3); // SHORT
  view.setUint32(tiff + 14, 1); // one of them
  view.setUint16(tiff + 18, orientation);
  view.setUint32(tiff + 22, 0); // no next directory
  return segment;
}

/** The kept segments with the orientation's own EXIF right after JFIF's APP0 (which comes first), else after the start of image. */
function oriented(parts: Uint8Array<ArrayBuffer>[], orientation: number): Uint8Array<ArrayBuffer>[] {
  if (orientation === 1) return parts;
  const at = parts[1] && parts[1][1] === APP0 ? 2 : 1;
  return [...parts.slice(0, at), orientationSegment(orientation), ...parts.slice(at)];
}

/** Whether a segment (its marker at `at`, data from `at + 4` to `end`) is kept. */
function keptSegment(bytes: Uint8Array<ArrayBuffer>, code: number, at: number, end: number): boolean {
  if (code === APP0 || code === APP14) return true;
  // APP2 carries a colour profile (ICC_PROFILE), or the MPF index of later images (which go).
  if (code === APP2) return end - at >= 16 && ascii(bytes, at + 4, 12) === "ICC_PROFILE\0";
  // APP1–APP15 but those, and comments: EXIF, XMP, Photoshop's IPTC, makers' notes.
  if ((code >= APP0 && code <= 0xef) || code === 0xfe) return false;
  return true;
}

async function jpegWithoutMetadata(bytes: Uint8Array<ArrayBuffer>): Promise<Blob | null> {
  const parts: Uint8Array<ArrayBuffer>[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  let at = 2;
  for (;;) {
    if (at + 4 > bytes.length || bytes[at] !== 0xff) return null;
    const code = bytes[at + 1]!;
    if (code === 0xff) {
      at += 1;
      continue;
    }
    // An image with no scan at all (a frame, then its end): nothing to show, but nothing hidden either.
    if (code === EOI) return blob([...oriented(parts, orientation), bytes.subarray(at, at + 2)]);
    const end = at + 2 + u16(bytes, at + 2);
    if (end > bytes.length) return null;
    if (code === APP1 && orientation === 1) orientation = await orientationOfExif(bytes.subarray(at + 4, end));
    if (code === SOS) break;
    if (keptSegment(bytes, code, at, end)) parts.push(bytes.subarray(at, end));
    at = end;
  }
  parts.splice(0, parts.length, ...oriented(parts, orientation));
  // From the first scan to the first image's end. Inside a scan's data a 0xFF is escaped (FF 00) or a
  // restart (FF D0–D7); any other marker is a segment with its length (a progressive image's tables,
  // its next scan's header), skipped whole, or the end of the image.
  for (let i = at; i + 1 < bytes.length; ) {
    if (bytes[i] !== 0xff) {
      i += 1;
      continue;
    }
    const next = bytes[i + 1]!;
    if (next === EOI) {
      parts.push(bytes.subarray(at, i + 2));
      return blob(parts);
    }
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
      i += next === 0xff ? 1 : 2;
      continue;
    }
    if (i + 4 > bytes.length) return null;
    i += 2 + u16(bytes, i + 2);
  }
  return null;
}

// ───────────────────────────── PNG ─────────────────────────────

const PNG_DROPPED = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function pngWithoutMetadata(bytes: Uint8Array<ArrayBuffer>): Blob | null {
  const parts: Uint8Array<ArrayBuffer>[] = [bytes.subarray(0, 8)];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const end = at + 12 + u32(bytes, at);
    if (end > bytes.length) return null;
    const name = ascii(bytes, at + 4, 4);
    if (!PNG_DROPPED.has(name)) parts.push(bytes.subarray(at, end));
    if (name === "IEND") return blob(parts);
    at = end;
  }
  return null;
}

// ───────────────────────────── WebP ─────────────────────────────

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpWithoutMetadata(bytes: Uint8Array<ArrayBuffer>): Blob | null {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = u32le(bytes, at + 4);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > bytes.length) return null;
    const name = ascii(bytes, at, 4);
    if (name === "VP8X") {
      const header = bytes.slice(at, Math.min(end, bytes.length));
      header[8] = header[8]! & ~(VP8X_EXIF | VP8X_XMP);
      chunks.push(header);
    } else if (name !== "EXIF" && name !== "XMP ") {
      chunks.push(bytes.subarray(at, Math.min(end, bytes.length)));
    }
    at = end;
  }
  const body = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const header = bytes.slice(0, 12);
  new DataView(header.buffer).setUint32(4, body + 4, true);
  return blob([header, ...chunks]);
}

// ───────────────────────────── GIF ─────────────────────────────

/** Sub-blocks from `at` (each a length byte, then that many bytes) to the zero-length one: where they end. */
function subBlocksEnd(bytes: Uint8Array<ArrayBuffer>, at: number): number | null {
  while (at < bytes.length) {
    const length = bytes[at]!;
    at += 1 + length;
    if (length === 0) return at;
  }
  return null;
}

function gifWithoutMetadata(bytes: Uint8Array<ArrayBuffer>): Blob | null {
  const table = (flags: number) => ((flags & 0x80) !== 0 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + table(bytes[10]!);
  const parts: Uint8Array<ArrayBuffer>[] = [bytes.subarray(0, at)];
  while (at < bytes.length) {
    const introducer = bytes[at]!;
    if (introducer === 0x3b) {
      parts.push(bytes.subarray(at, at + 1));
      return blob(parts);
    }
    let end: number | null;
    let kept = true;
    if (introducer === 0x2c) {
      // An image: its descriptor (10 bytes), its colour table, the LZW code size, its data.
      const start = at + 10 + table(bytes[at + 9]!);
      end = subBlocksEnd(bytes, start + 1);
    } else if (introducer === 0x21) {
      const label = bytes[at + 1]!;
      // Comments; an application block naming XMP (its identifier is the first sub-block).
      kept = label !== 0xfe && !(label === 0xff && ascii(bytes, at + 3, 11) === "XMP DataXMP");
      end = subBlocksEnd(bytes, at + 2);
    } else {
      return null;
    }
    if (end === null) return null;
    if (kept) parts.push(bytes.subarray(at, end));
    at = end;
  }
  return null;
}

// ───────────────────────────── MP4 / QuickTime ─────────────────────────────

/** Boxes whose children are walked for metadata: the movie, and each track in it. */
const ISO_CONTAINERS = new Set(["moov", "trak"]);
const ISO_METADATA = new Set(["udta", "meta"]);
const FREE = [0x66, 0x72, 0x65, 0x65]; // "free"

/** A box's header at `at` in `bytes`: its size (64-bit when it says 1; to the end when 0) and name. */
function isoBox(bytes: Uint8Array<ArrayBuffer>, at: number, end: number): { name: string; header: number; end: number } | null {
  if (at + 8 > end) return null;
  let size = u32(bytes, at);
  let header = 8;
  if (size === 1) {
    if (at + 16 > end) return null;
    size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
    header = 16;
  } else if (size === 0) {
    size = end - at;
  }
  if (size < header || at + size > end) return null;
  return { name: ascii(bytes, at + 4, 4), header, end: at + size };
}

/** A box turned into a 'free' box of the same size, its contents zeros (a free box's bytes are still in the file). */
function emptied(bytes: Uint8Array, at: number, header: number, end: number): void {
  bytes.set(FREE, at + 4);
  bytes.fill(0, at + header, end);
}

/** Empties the metadata boxes among the children of a container (from `at` to `end`), in place. */
function freeMetadata(bytes: Uint8Array<ArrayBuffer>, at: number, end: number): boolean {
  while (at < end) {
    const box = isoBox(bytes, at, end);
    if (!box) return false;
    if (ISO_METADATA.has(box.name)) emptied(bytes, at, box.header, box.end);
    else if (ISO_CONTAINERS.has(box.name) && !freeMetadata(bytes, at + box.header, box.end)) return false;
    at = box.end;
  }
  return true;
}

/**
 * The top-level boxes are read a header at a time (a video is up to 50 MB; its media data is never
 * read); the movie box, small, is copied and changed; the file is the parts around it unchanged.
 */
async function isoWithoutMetadata(file: Blob): Promise<Blob[] | null> {
  const parts: Blob[] = [];
  let copiedTo = 0;
  for (let at = 0; at < file.size; ) {
    const head = new Uint8Array(await file.slice(at, Math.min(file.size, at + 16)).arrayBuffer());
    if (head.length < 8) return null;
    const size = u32(head, 0);
    const header = size === 1 ? 16 : 8;
    if (head.length < header) return null;
    const length = size === 1 ? u32(head, 8) * 2 ** 32 + u32(head, 12) : size === 0 ? file.size - at : size;
    if (length < header || at + length > file.size) return null;
    const name = ascii(head, 4, 4);
    if (name === "moov" || ISO_METADATA.has(name)) {
      // A movie box is its tables, well under a megabyte for the longest phone video; one this large is
      // built to make the Worker copy most of the upload (a 128 MB isolate holds the form already).
      if (length > VIDEO_MOVIE_BOX_MAX_BYTES) return null;
      const box = new Uint8Array(await file.slice(at, at + length).arrayBuffer());
      if (ISO_METADATA.has(name)) emptied(box, 0, header, box.length);
      else if (!freeMetadata(box, header, box.length)) return null;
      parts.push(file.slice(copiedTo, at), new Blob([box]));
      copiedTo = at + length;
    }
    at += length;
  }
  parts.push(file.slice(copiedTo));
  return parts.filter((part) => part.size > 0);
}

import { IMAGE_MAX_SIDE_PX, VIDEO_TOP_LEVEL_PARTS_MAX } from "~/lib/constants";
import { IMAGE_TYPES, VIDEO_TYPES, type ImageDimensions, type MediaType } from "~/lib/media-types";

/**
 * What an uploaded file really is, by walking its structure instead of trusting its first bytes: an
 * image must declare sane dimensions and end exactly where its format says it ends, a video must be a
 * container whose top-level parts cover the file exactly. Truncated files and polyglots (a picture
 * with a web page glued on) come out as null. An image's dimensions come from the same headers. No
 * Workers-only APIs: it runs in Node tests and workerd.
 */

const { jpeg: JPEG, png: PNG, gif: GIF, webp: WEBP } = IMAGE_TYPES;
const { mp4: MP4, mov: MOV, webm: WEBM } = VIDEO_TYPES;

/** Images are walked block by block (GIF data comes in sub-blocks of at most 255 bytes): read 64 KiB at a time. */
const IMAGE_WINDOW = 64 * 1024;
/** Videos are up to 50 MB: only their headers are read, a few bytes each. */
const VIDEO_WINDOW = 64;

/**
 * Reads a file through a window of bytes, slicing another window only when a read falls outside it.
 * Loops over small blocks test `has` before awaiting `load`, and read numbers straight from the window:
 * an await or a view per block would let a file of tiny blocks cost seconds.
 */
class ByteReader {
  readonly size: number;
  private start = 0;
  private bytes = new DataView(new ArrayBuffer(0));

  constructor(
    private readonly file: Blob,
    private readonly window: number,
  ) {
    this.size = file.size;
  }

  /** Whether the `length` bytes at `offset` are in the window (so reading them needs no await). */
  has(offset: number, length: number): boolean {
    return offset >= this.start && offset + length <= this.start + this.bytes.byteLength;
  }

  /** Brings the `length` bytes at `offset` into the window; false where the file is shorter. */
  async load(offset: number, length: number): Promise<boolean> {
    if (offset < 0 || offset + length > this.size) return false;
    if (this.has(offset, length)) return true;
    const end = Math.min(this.size, offset + Math.max(length, this.window));
    this.bytes = new DataView(await this.file.slice(offset, end).arrayBuffer());
    this.start = offset;
    return true;
  }

  // Numbers and text at offsets in the file, which must be in the window.
  u8(offset: number): number {
    return this.bytes.getUint8(offset - this.start);
  }
  u16(offset: number, littleEndian = false): number {
    return this.bytes.getUint16(offset - this.start, littleEndian);
  }
  u24le(offset: number): number {
    return this.u16(offset, true) + this.u8(offset + 2) * 0x10000;
  }
  u32(offset: number, littleEndian = false): number {
    return this.bytes.getUint32(offset - this.start, littleEndian);
  }
  ascii(offset: number, length: number): string {
    return String.fromCharCode(...new Uint8Array(this.bytes.buffer, offset - this.start, length));
  }
}

const saneSize = (size: ImageDimensions | null): size is ImageDimensions =>
  size !== null && size.width >= 1 && size.height >= 1 && size.width <= IMAGE_MAX_SIDE_PX && size.height <= IMAGE_MAX_SIDE_PX;

/** Which format a file's first 12 bytes announce (an image's or the video formats'); null for none. */
async function announcedFormat(file: Blob): Promise<"jpeg" | "png" | "gif" | "webp" | "webm" | "iso" | null> {
  const head = new ByteReader(file, 12);
  if (!(await head.load(0, 12))) return null;
  if (head.u16(0) === 0xffd8) return "jpeg";
  if (head.u32(0) === 0x89504e47 && head.u32(4) === 0x0d0a1a0a) return "png";
  if (/^GIF8[79]a$/.test(head.ascii(0, 6))) return "gif";
  if (head.ascii(0, 4) === "RIFF" && head.ascii(8, 4) === "WEBP") return "webp";
  if (head.u32(0) === EBML_HEADER) return "webm";
  return "iso";
}

/** The media type of a file Murmur accepts, checked through to its end; null for anything else. */
export async function inspectMedia(file: Blob): Promise<MediaType | null> {
  const image = () => new ByteReader(file, IMAGE_WINDOW);
  const video = () => new ByteReader(file, VIDEO_WINDOW);
  switch (await announcedFormat(file)) {
    case "jpeg":
      return (await isJpeg(image())) ? JPEG : null;
    case "png":
      return (await isPng(image())) ? PNG : null;
    case "gif":
      return (await isGif(image())) ? GIF : null;
    case "webp":
      return (await isWebp(image())) ? WEBP : null;
    case "webm":
      return (await isWebm(video())) ? WEBM : null;
    case "iso":
      return isoMediaType(video());
    default:
      return null;
  }
}

/**
 * An image's dimensions as a browser shows it, from its headers alone (a JPEG's segments up to its frame
 * header); null for a file that is no image or whose header is broken. Meant for a file that
 * inspectMedia accepted: it does not walk the rest of the file again.
 */
export async function readImageDimensions(file: Blob): Promise<ImageDimensions | null> {
  const r = new ByteReader(file, IMAGE_WINDOW);
  let size: ImageDimensions | null = null;
  switch (await announcedFormat(file)) {
    case "jpeg":
      size = (await jpegFrame(r))?.shown ?? null;
      break;
    case "png":
      size = await pngSize(r);
      break;
    case "gif":
      size = await gifSize(r);
      break;
    case "webp":
      size = await webpSize(r);
      break;
  }
  return saneSize(size) ? size : null;
}

// ───────────────────────────── images ─────────────────────────────

const PNG_IDAT = 0x49444154;
const PNG_IEND = 0x49454e44;

/** A PNG's size, from its IHDR chunk: after the signature, its length (13), type, then width and height. */
async function pngSize(r: ByteReader): Promise<ImageDimensions | null> {
  if (!(await r.load(0, 24)) || r.u32(8) !== 13 || r.ascii(12, 4) !== "IHDR") return null;
  return { width: r.u32(16), height: r.u32(20) };
}

/**
 * PNG: IHDR first with sane dimensions, at least one IDAT, and IEND ending the file. CRCs are not
 * checked: a damaged chunk body spoils the picture, not the structure that this check is about.
 */
async function isPng(r: ByteReader): Promise<boolean> {
  // IHDR ends at byte 33: its five one-byte fields and CRC follow the size.
  if (!saneSize(await pngSize(r)) || !(await r.load(0, 33))) return false;
  let hasData = false;
  for (let offset = 33; ; ) {
    if (!(r.has(offset, 8) || (await r.load(offset, 8)))) return false;
    const length = r.u32(offset);
    const type = r.u32(offset + 4);
    const end = offset + 8 + length + 4;
    if (end > r.size) return false;
    if (type === PNG_IDAT) hasData = true;
    if (type === PNG_IEND) return hasData && length === 0 && end === r.size;
    offset = end;
  }
}

/** The bytes of a GIF colour table, from the packed field of the screen or of an image descriptor. */
const colorTableSize = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/** A GIF's size: its logical screen's, after the 6-byte signature. */
async function gifSize(r: ByteReader): Promise<ImageDimensions | null> {
  if (!(await r.load(0, 13))) return null;
  return { width: r.u16(6, true), height: r.u16(8, true) };
}

/**
 * GIF: a sane logical screen, then extensions and at least one image, each followed by its data in
 * sub-blocks (a length byte, then data; a zero length ends them), up to the trailer, the last byte.
 */
async function isGif(r: ByteReader): Promise<boolean> {
  if (!saneSize(await gifSize(r))) return false;
  let offset = 13 + colorTableSize(r.u8(10));
  let images = 0;
  for (;;) {
    if (!(r.has(offset, 1) || (await r.load(offset, 1)))) return false;
    const introducer = r.u8(offset);
    if (introducer === 0x3b) return images > 0 && offset + 1 === r.size;
    if (introducer === 0x21) {
      offset += 2; // the introducer and the extension's label
    } else if (introducer === 0x2c) {
      if (!(r.has(offset, 10) || (await r.load(offset, 10)))) return false;
      images += 1;
      // The descriptor, its local colour table and the LZW code size come before the data.
      offset += 10 + colorTableSize(r.u8(offset + 9)) + 1;
    } else {
      return false;
    }
    for (let length = -1; length !== 0; offset += 1 + length) {
      if (!(r.has(offset, 1) || (await r.load(offset, 1)))) return false;
      length = r.u8(offset);
    }
  }
}

/** A few zero bytes after a JPEG's EOI are padding some encoders write; more is something else. */
const JPEG_MAX_PADDING = 16;

const JPEG_APP1 = 0xe1;
const EXIF_ORIENTATION = 0x0112;

/**
 * The EXIF orientation in an APP1 segment's data (from start to end): 1 (as stored) when there is none.
 * Cameras store a portrait photo sideways with orientation 6 or 8, and browsers turn it upright.
 */
async function exifOrientation(r: ByteReader, start: number, end: number): Promise<number> {
  // "Exif" and two zero bytes, then a TIFF header: byte order, 42, the offset of the first directory.
  if (end - start < 14 || !(await r.load(start, 14)) || r.ascii(start, 6) !== "Exif\0\0") return 1;
  const tiff = start + 6;
  const order = r.ascii(tiff, 2);
  const littleEndian = order === "II";
  if ((order !== "II" && order !== "MM") || r.u16(tiff + 2, littleEndian) !== 42) return 1;
  const directory = tiff + r.u32(tiff + 4, littleEndian);
  if (directory + 2 > end || !(await r.load(directory, 2))) return 1;
  // 12-byte entries: tag, type, count, then the value (a SHORT's in the first two of its four bytes).
  const entries = r.u16(directory, littleEndian);
  for (let i = 0; i < entries; i++) {
    const entry = directory + 2 + 12 * i;
    if (entry + 12 > end || !(r.has(entry, 12) || (await r.load(entry, 12)))) return 1;
    if (r.u16(entry, littleEndian) !== EXIF_ORIENTATION) continue;
    const orientation = r.u16(entry + 8, littleEndian);
    return orientation >= 1 && orientation <= 8 ? orientation : 1;
  }
  return 1;
}

/** The orientation an APP1 segment's data (after its length) holds: 1 when it holds none. */
export async function orientationOfExif(data: Uint8Array<ArrayBuffer>): Promise<number> {
  return exifOrientation(new ByteReader(new Blob([data]), IMAGE_WINDOW), 0, data.length);
}

/**
 * A JPEG's marker segments, each with a length that fits, up to its frame header (SOFn): the size it
 * stores, the size a browser shows (orientations 5 to 8 turn it a quarter) and where the header ends.
 */
async function jpegFrame(r: ByteReader): Promise<{ stored: ImageDimensions; shown: ImageDimensions; end: number } | null> {
  let orientation = 1;
  for (let offset = 2; ; ) {
    if (!(r.has(offset, 4) || (await r.load(offset, 4))) || r.u8(offset) !== 0xff) return null;
    const code = r.u8(offset + 1);
    if (code === 0xff) {
      offset += 1; // a fill byte before the marker
      continue;
    }
    // Stand-alone markers, or the image data and its end, before any frame header.
    if (code < 0xc0 || (code >= 0xd0 && code <= 0xda)) return null;
    const length = r.u16(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > r.size) return null;
    if (code === JPEG_APP1 && orientation === 1) orientation = await exifOrientation(r, offset + 4, end);
    if (code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc) {
      // Precision, height, width, component count and at least one component: 11 bytes with the length.
      if (length < 11 || !(await r.load(offset + 5, 4))) return null;
      const stored = { width: r.u16(offset + 7), height: r.u16(offset + 5) };
      const shown = orientation >= 5 ? { width: stored.height, height: stored.width } : stored;
      return { stored, shown, end };
    }
    offset = end;
  }
}

/**
 * JPEG: a frame header with sane dimensions; the file must then end with EOI. The compressed data is
 * not walked: that would mean scanning every byte, and pictures that carry a second image after the
 * first EOI (MPO, gain maps) would look broken.
 */
async function isJpeg(r: ByteReader): Promise<boolean> {
  const frame = await jpegFrame(r);
  return frame !== null && saneSize(frame.stored) && endsWithEoi(r, frame.end);
}

async function endsWithEoi(r: ByteReader, after: number): Promise<boolean> {
  const start = Math.max(after, r.size - 2 - JPEG_MAX_PADDING);
  if (!(await r.load(start, r.size - start))) return false;
  let end = r.size;
  while (end - 2 > start && r.u8(end - 1) === 0) end -= 1;
  return end - 2 >= start && r.u16(end - 2) === 0xffd9;
}

/** A WebP's size, from its first chunk (a VP8, VP8L or VP8X header, whose data starts at byte 20); null if it is none of them. */
async function webpSize(r: ByteReader): Promise<ImageDimensions | null> {
  if (!(await r.load(0, 30))) return null;
  switch (r.ascii(12, 4)) {
    case "VP8 ": {
      // A key frame (bit 0 of the frame tag clear), the start code, then 14-bit width and height.
      const keyFrame = (r.u8(20) & 1) === 0;
      const startCode = r.u8(23) === 0x9d && r.u8(24) === 0x01 && r.u8(25) === 0x2a;
      return keyFrame && startCode ? { width: r.u16(26, true) & 0x3fff, height: r.u16(28, true) & 0x3fff } : null;
    }
    case "VP8L": {
      // The signature byte, then width − 1 and height − 1 in 14 bits each.
      const bits = r.u32(21, true);
      return r.u8(20) === 0x2f ? { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 } : null;
    }
    case "VP8X":
      // Flags and three reserved bytes, then the canvas width − 1 and height − 1 in 24 bits each.
      return { width: r.u24le(24) + 1, height: r.u24le(27) + 1 };
    default:
      return null;
  }
}

/** WebP: a RIFF whose size is the file's, then a VP8, VP8L or VP8X chunk that fits, with sane dimensions. */
async function isWebp(r: ByteReader): Promise<boolean> {
  if (!(await r.load(0, 30))) return false;
  const riffSize = r.u32(4, true);
  // RIFF follows an odd-sized body with a pad byte that its size does not count.
  if (r.size !== riffSize + 8 && !(riffSize % 2 === 1 && r.size === riffSize + 9)) return false;
  if (20 + r.u32(16, true) > r.size) return false;
  return saneSize(await webpSize(r));
}

// ───────────────────────────── videos ─────────────────────────────

/** Old QuickTime files have no 'ftyp' and start with one of these atoms. */
const QUICKTIME_FIRST_BOXES = ["moov", "mdat", "wide", "free", "pnot", "skip"];

/**
 * MP4 and QuickTime (ISO base media): top-level boxes that cover the file exactly, the first an
 * 'ftyp' (or an old QuickTime atom), among them the movie ('moov', or 'moof' when fragmented) and its
 * media data ('mdat': without it a file cut after its movie box would pass). Only box headers are read.
 */
async function isoMediaType(r: ByteReader): Promise<MediaType | null> {
  let type: MediaType | null = null;
  let hasMovie = false;
  let hasData = false;
  for (let offset = 0, parts = 0; offset < r.size; parts++) {
    if (parts === VIDEO_TOP_LEVEL_PARTS_MAX || !(r.has(offset, 8) || (await r.load(offset, 8)))) return null;
    let size = r.u32(offset);
    const name = r.ascii(offset + 4, 4);
    if (!/^[\x20-\x7e]{4}$/.test(name)) return null;
    let headerSize = 8;
    if (size === 1) {
      if (!(await r.load(offset + 8, 8))) return null;
      size = r.u32(offset + 8) * 2 ** 32 + r.u32(offset + 12);
      headerSize = 16;
    } else if (size === 0) {
      size = r.size - offset; // runs to the end of the file, so it is the last box
    }
    if (size < headerSize || offset + size > r.size) return null;
    if (!type) {
      if (name === "ftyp") {
        // The major brand, then the minor version.
        if (size < headerSize + 8 || !(await r.load(offset + headerSize, 4))) return null;
        type = r.ascii(offset + headerSize, 4) === "qt  " ? MOV : MP4;
      } else if (QUICKTIME_FIRST_BOXES.includes(name)) {
        type = MOV;
      } else {
        return null;
      }
    }
    if (name === "moov" || name === "moof") hasMovie = true;
    if (name === "mdat") hasData = true;
    offset += size;
  }
  return hasMovie && hasData ? type : null;
}

const EBML_HEADER = 0x1a45dfa3;
const EBML_DOC_TYPE = 0x4282;
const MATROSKA_SEGMENT = 0x18538067;
/** DocType is a short name ('webm', 'matroska'); a longer one is not WebM. */
const DOC_TYPE_MAX_BYTES = 16;

/** An EBML variable-length integer: its length is one more than the leading zero bits of its first byte. */
async function readVint(r: ByteReader, offset: number) {
  if (!(await r.load(offset, 1))) return null;
  const length = Math.clz32(r.u8(offset)) - 23;
  if (length > 8 || !(await r.load(offset, length))) return null;
  // IDs keep the length marker bit, sizes drop it (so an 8-byte size stays within exact integers).
  let raw = r.u8(offset);
  let value = raw & (0xff >> length);
  // All value bits set means 'unknown' (a size that runs to the end of its parent).
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    raw = raw * 256 + r.u8(offset + i);
    value = value * 256 + r.u8(offset + i);
    allOnes &&= r.u8(offset + i) === 0xff;
  }
  return { length, raw, value, allOnes };
}

/** An EBML element header: its ID (written with its length marker), where its data starts and its size (null: unknown). */
async function readElement(r: ByteReader, offset: number) {
  const id = await readVint(r, offset);
  const size = id && id.length <= 4 ? await readVint(r, offset + id.length) : null;
  if (!id || !size) return null;
  return { id: id.raw, start: offset + id.length + size.length, size: size.allOnes ? null : size.value };
}

/** The DocType inside an EBML header, without the zero bytes that may pad it. */
async function docType(r: ByteReader, start: number, end: number): Promise<string | null> {
  for (let offset = start, parts = 0; offset < end; parts++) {
    if (parts === VIDEO_TOP_LEVEL_PARTS_MAX) return null;
    const child = await readElement(r, offset);
    if (!child || child.size === null || child.start + child.size > end) return null;
    if (child.id === EBML_DOC_TYPE) {
      if (child.size > DOC_TYPE_MAX_BYTES || !(await r.load(child.start, child.size))) return null;
      return r.ascii(child.start, child.size).replace(/\0+$/, "");
    }
    offset = child.start + child.size;
  }
  return null;
}

/**
 * WebM: an EBML header whose DocType is 'webm', then a Segment; the top-level elements cover the file
 * exactly, except that a Segment of unknown size (a live recording) runs to its end.
 */
async function isWebm(r: ByteReader): Promise<boolean> {
  const header = await readElement(r, 0);
  if (!header || header.id !== EBML_HEADER || header.size === null) return false;
  const headerEnd = header.start + header.size;
  if (headerEnd > r.size || (await docType(r, header.start, headerEnd)) !== "webm") return false;
  let offset = headerEnd;
  let hasSegment = false;
  for (let parts = 0; offset < r.size; parts++) {
    if (parts === VIDEO_TOP_LEVEL_PARTS_MAX) return false;
    const element = await readElement(r, offset);
    if (!element || (!hasSegment && element.id !== MATROSKA_SEGMENT)) return false;
    hasSegment = true;
    if (element.size === null) return element.id === MATROSKA_SEGMENT;
    offset = element.start + element.size;
  }
  return hasSegment && offset === r.size;
}

import { IMAGE_MAX_SIDE_PX } from "~/lib/constants";
import { IMAGE_TYPES, VIDEO_TYPES, type MediaType } from "~/lib/media-types";

/**
 * What an uploaded file really is, by walking its structure instead of trusting its first bytes: an
 * image must declare sane dimensions and end exactly where its format says it ends, a video must be a
 * container whose top-level parts cover the file exactly. Truncated files and polyglots (a picture
 * with a web page glued on) come out as null. No Workers-only APIs: it runs in Node tests and workerd.
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

const saneSize = (width: number, height: number) =>
  width >= 1 && height >= 1 && width <= IMAGE_MAX_SIDE_PX && height <= IMAGE_MAX_SIDE_PX;

/** The media type of a file Murmur accepts, checked through to its end; null for anything else. */
export async function inspectMedia(file: Blob): Promise<MediaType | null> {
  const head = new ByteReader(file, 12);
  if (!(await head.load(0, 12))) return null;
  const image = () => new ByteReader(file, IMAGE_WINDOW);
  const video = () => new ByteReader(file, VIDEO_WINDOW);
  if (head.u16(0) === 0xffd8) return (await isJpeg(image())) ? JPEG : null;
  if (head.u32(0) === 0x89504e47 && head.u32(4) === 0x0d0a1a0a) return (await isPng(image())) ? PNG : null;
  if (/^GIF8[79]a$/.test(head.ascii(0, 6))) return (await isGif(image())) ? GIF : null;
  if (head.ascii(0, 4) === "RIFF" && head.ascii(8, 4) === "WEBP") return (await isWebp(image())) ? WEBP : null;
  if (head.u32(0) === EBML_HEADER) return (await isWebm(video())) ? WEBM : null;
  return isoMediaType(video());
}

// ───────────────────────────── images ─────────────────────────────

const PNG_IDAT = 0x49444154;
const PNG_IEND = 0x49454e44;

/**
 * PNG: IHDR first with sane dimensions, at least one IDAT, and IEND ending the file. CRCs are not
 * checked: a damaged chunk body spoils the picture, not the structure that this check is about.
 */
async function isPng(r: ByteReader): Promise<boolean> {
  // The signature, then IHDR: its length (13), type, width, height, five one-byte fields and CRC.
  if (!(await r.load(0, 33)) || r.u32(8) !== 13 || r.ascii(12, 4) !== "IHDR" || !saneSize(r.u32(16), r.u32(20))) {
    return false;
  }
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

/**
 * GIF: a sane logical screen, then extensions and at least one image, each followed by its data in
 * sub-blocks (a length byte, then data; a zero length ends them), up to the trailer, the last byte.
 */
async function isGif(r: ByteReader): Promise<boolean> {
  if (!(await r.load(0, 13)) || !saneSize(r.u16(6, true), r.u16(8, true))) return false;
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

/**
 * JPEG: marker segments, each with a length that fits, up to a frame header (SOFn) with sane
 * dimensions; the file must then end with EOI. The compressed data is not walked: that would mean
 * scanning every byte, and pictures that carry a second image after the first EOI (MPO, gain maps)
 * would look broken.
 */
async function isJpeg(r: ByteReader): Promise<boolean> {
  for (let offset = 2; ; ) {
    if (!(r.has(offset, 4) || (await r.load(offset, 4))) || r.u8(offset) !== 0xff) return false;
    const code = r.u8(offset + 1);
    if (code === 0xff) {
      offset += 1; // a fill byte before the marker
      continue;
    }
    // Stand-alone markers, or the image data and its end, before any frame header.
    if (code < 0xc0 || (code >= 0xd0 && code <= 0xda)) return false;
    const length = r.u16(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > r.size) return false;
    if (code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc) {
      // Precision, height, width, component count and at least one component: 11 bytes with the length.
      if (length < 11 || !(await r.load(offset + 5, 4)) || !saneSize(r.u16(offset + 7), r.u16(offset + 5))) return false;
      return endsWithEoi(r, end);
    }
    offset = end;
  }
}

async function endsWithEoi(r: ByteReader, after: number): Promise<boolean> {
  const start = Math.max(after, r.size - 2 - JPEG_MAX_PADDING);
  if (!(await r.load(start, r.size - start))) return false;
  let end = r.size;
  while (end - 2 > start && r.u8(end - 1) === 0) end -= 1;
  return end - 2 >= start && r.u16(end - 2) === 0xffd9;
}

/** WebP: a RIFF whose size is the file's, then a VP8, VP8L or VP8X chunk that fits, with sane dimensions. */
async function isWebp(r: ByteReader): Promise<boolean> {
  if (!(await r.load(0, 30))) return false;
  const riffSize = r.u32(4, true);
  // RIFF follows an odd-sized body with a pad byte that its size does not count.
  if (r.size !== riffSize + 8 && !(riffSize % 2 === 1 && r.size === riffSize + 9)) return false;
  if (20 + r.u32(16, true) > r.size) return false;
  // The chunk's data starts at byte 20.
  switch (r.ascii(12, 4)) {
    case "VP8 ": {
      // A key frame (bit 0 of the frame tag clear), the start code, then 14-bit width and height.
      const keyFrame = (r.u8(20) & 1) === 0;
      const startCode = r.u8(23) === 0x9d && r.u8(24) === 0x01 && r.u8(25) === 0x2a;
      return keyFrame && startCode && saneSize(r.u16(26, true) & 0x3fff, r.u16(28, true) & 0x3fff);
    }
    case "VP8L": {
      // The signature byte, then width − 1 and height − 1 in 14 bits each.
      const bits = r.u32(21, true);
      return r.u8(20) === 0x2f && saneSize((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case "VP8X":
      // Flags and three reserved bytes, then the canvas width − 1 and height − 1 in 24 bits each.
      return saneSize(r.u24le(24) + 1, r.u24le(27) + 1);
    default:
      return false;
  }
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
  for (let offset = 0; offset < r.size; ) {
    if (!(await r.load(offset, 8))) return null;
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
  for (let offset = start; offset < end; ) {
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
  while (offset < r.size) {
    const element = await readElement(r, offset);
    if (!element || (!hasSegment && element.id !== MATROSKA_SEGMENT)) return false;
    hasSegment = true;
    if (element.size === null) return element.id === MATROSKA_SEGMENT;
    offset = element.start + element.size;
  }
  return hasSegment && offset === r.size;
}

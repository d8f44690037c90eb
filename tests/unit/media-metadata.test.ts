import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectMedia, readImageDimensions } from "~/.server/media-inspect";
import { withoutMetadata } from "~/.server/media-metadata";
import { VIDEO_MOVIE_BOX_MAX_BYTES } from "~/lib/constants";
import { IMAGE_TYPES, VIDEO_TYPES, type MediaType } from "~/lib/media-types";

/**
 * Uploads lose where and how they were made before they are stored (decision 082): GPS positions,
 * cameras, comments, XMP; what shows the picture (its pixels, colour profile, orientation) stays, and
 * the result is still a file `inspectMedia` accepts, of the same size on screen.
 */

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url)));
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
};
const be32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const le32 = (n: number) => new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]);
const contains = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).includes(Buffer.from(needle));

async function cleaned(bytes: Uint8Array<ArrayBuffer>, type: MediaType): Promise<Uint8Array<ArrayBuffer>> {
  const parts = await withoutMetadata(new Blob([bytes]), type);
  expect(parts).not.toBeNull();
  return new Uint8Array(await new Blob(parts!).arrayBuffer());
}

/** A JPEG segment: its marker, its length, its data. */
function segment(code: number, data: Uint8Array) {
  return concat(new Uint8Array([0xff, code, (data.length + 2) >> 8, (data.length + 2) & 255]), data);
}

/** An EXIF (big-endian) whose first directory holds an orientation and a pointer to a GPS directory with a latitude. */
function exifWithGps(orientation: number) {
  const tiff = new DataView(new ArrayBuffer(8 + 2 + 2 * 12 + 4 + 2 + 12 + 4 + 24));
  tiff.setUint16(0, 0x4d4d);
  tiff.setUint16(2, 42);
  tiff.setUint32(4, 8);
  tiff.setUint16(8, 2);
  tiff.setUint16(10, 0x0112); // Orientation, SHORT
  tiff.setUint16(12, 3);
  tiff.setUint32(14, 1);
  tiff.setUint16(18, orientation);
  tiff.setUint16(22, 0x8825); // GPS directory, LONG offset
  tiff.setUint16(24, 4);
  tiff.setUint32(26, 1);
  tiff.setUint32(30, 38);
  tiff.setUint32(34, 0);
  tiff.setUint16(38, 1);
  tiff.setUint16(40, 0x0002); // GPSLatitude, 3 RATIONALs at 56
  tiff.setUint16(42, 5);
  tiff.setUint32(44, 3);
  tiff.setUint32(48, 56);
  tiff.setUint32(52, 0);
  for (const [i, value] of [52, 31, 7].entries()) {
    tiff.setUint32(56 + 8 * i, value);
    tiff.setUint32(60 + 8 * i, 1);
  }
  return segment(0xe1, concat(ascii("Exif\0\0"), new Uint8Array(tiff.buffer)));
}

describe("JPEG", () => {
  const jpg = fixture("sample.jpg");
  const withMetadata = (orientation: number) =>
    concat(
      jpg.slice(0, 2),
      exifWithGps(orientation),
      segment(0xe1, ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Home</x:xmpmeta>")),
      segment(0xed, ascii("Photoshop 3.0\0IPTC city")),
      segment(0xfe, ascii("taken at home")),
      segment(0xe2, ascii("ICC_PROFILE\0\x01\x01colour")),
      segment(0xe2, ascii("MPF\0index of the second image")),
      jpg.slice(2),
      // A second image after the first one's end (MPO, a gain map), with an EXIF of its own.
      concat(new Uint8Array([0xff, 0xd8]), exifWithGps(1), new Uint8Array([0xff, 0xd9])),
    );

  it("loses EXIF (GPS), XMP, IPTC, comments, the MPF index and any image after the first; keeps the colour profile and the orientation", async () => {
    const before = withMetadata(6);
    expect(await inspectMedia(new Blob([before]))).toEqual(IMAGE_TYPES.jpeg);
    const after = await cleaned(before, IMAGE_TYPES.jpeg);
    for (const gone of ["xmpmeta", "IPTC", "taken at home", "MPF\0", "second image"]) expect(contains(after, ascii(gone)), gone).toBe(false);
    expect(contains(after, new Uint8Array([0x88, 0x25])), "the GPS directory's tag").toBe(false);
    expect(contains(after, be32(52))).toBe(false);
    expect(contains(after, ascii("ICC_PROFILE\0\x01\x01colour"))).toBe(true);
    // Still a JPEG, ending with the first image's end, shown upright as before (orientation 6: turned a quarter).
    expect(await inspectMedia(new Blob([after]))).toEqual(IMAGE_TYPES.jpeg);
    expect(await readImageDimensions(new Blob([after]))).toEqual(await readImageDimensions(new Blob([before])));
    expect(await readImageDimensions(new Blob([after]))).toEqual({ width: 200, height: 320 });
    expect(Array.from(after.slice(-2))).toEqual([0xff, 0xd9]);
    // The compressed image itself, byte for byte.
    const scan = (bytes: Uint8Array) => bytes.slice(Buffer.from(bytes).indexOf(Buffer.from([0xff, 0xda])));
    expect(Buffer.from(scan(after)).equals(Buffer.from(scan(jpg)))).toBe(true);
  });

  it("an upright photo keeps no EXIF at all", async () => {
    const after = await cleaned(withMetadata(1), IMAGE_TYPES.jpeg);
    expect(contains(after, ascii("Exif"))).toBe(false);
    expect(await readImageDimensions(new Blob([after]))).toEqual({ width: 320, height: 200 });
  });

  it("a JPEG whose only metadata is its encoder's comment loses just that", async () => {
    // sample.jpg: SOI, APP0 (JFIF, 18 bytes), a comment ('Lavc…', 18 bytes), then tables, frame and scan.
    expect(String.fromCharCode(...jpg.slice(24, 28))).toBe("Lavc");
    const expected = concat(jpg.slice(0, 20), jpg.slice(38));
    expect(Buffer.from(await cleaned(jpg, IMAGE_TYPES.jpeg)).equals(Buffer.from(expected))).toBe(true);
  });
});

describe("PNG", () => {
  it("loses its text chunks, eXIf and tIME; keeps the rest in order", async () => {
    const png = fixture("sample.png");
    const chunk = (name: string, data: Uint8Array) => concat(be32(data.length), ascii(name), data, be32(0));
    const ihdrEnd = 8 + 12 + 13;
    const before = concat(
      png.slice(0, ihdrEnd),
      chunk("tEXt", ascii("Location\0Home")),
      chunk("iTXt", ascii("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>")),
      chunk("eXIf", ascii("MM\0*GPS")),
      chunk("tIME", new Uint8Array(7)),
      png.slice(ihdrEnd),
    );
    expect(await inspectMedia(new Blob([before]))).toEqual(IMAGE_TYPES.png);
    const after = await cleaned(before, IMAGE_TYPES.png);
    for (const gone of ["tEXt", "iTXt", "eXIf", "tIME", "Home"]) expect(contains(after, ascii(gone)), gone).toBe(false);
    expect(Buffer.from(after).equals(Buffer.from(png))).toBe(true);
  });
});

describe("WebP", () => {
  it("loses its EXIF and XMP chunks and their flags; the RIFF size follows", async () => {
    const webp = fixture("sample.webp");
    const riffChunk = (name: string, data: Uint8Array) => concat(ascii(name), le32(data.length), data, data.length % 2 ? new Uint8Array(1) : new Uint8Array(0));
    const size = (await readImageDimensions(new Blob([webp])))!;
    const vp8x = new Uint8Array(10);
    vp8x[0] = 0x08 | 0x04; // EXIF and XMP
    vp8x.set(le32(size.width - 1).slice(0, 3), 4);
    vp8x.set(le32(size.height - 1).slice(0, 3), 7);
    const body = concat(ascii("WEBP"), riffChunk("VP8X", vp8x), webp.slice(12), riffChunk("EXIF", ascii("MM\0*GPS home")), riffChunk("XMP ", ascii("<x:xmpmeta/>")));
    const before = concat(ascii("RIFF"), le32(body.length), body);
    expect(await inspectMedia(new Blob([before]))).toEqual(IMAGE_TYPES.webp);
    const after = await cleaned(before, IMAGE_TYPES.webp);
    expect(contains(after, ascii("GPS home"))).toBe(false);
    expect(contains(after, ascii("xmpmeta"))).toBe(false);
    expect(after[20]! & 0x0c).toBe(0);
    expect(new DataView(after.buffer).getUint32(4, true)).toBe(after.length - 8);
    expect(await inspectMedia(new Blob([after]))).toEqual(IMAGE_TYPES.webp);
    expect(await readImageDimensions(new Blob([after]))).toEqual(size);
  });
});

describe("GIF", () => {
  it("loses comments and XMP; keeps its frames and the looping block", async () => {
    const gif = fixture("sample.gif");
    const comment = concat(new Uint8Array([0x21, 0xfe, 13]), ascii("taken at home"), new Uint8Array([0]));
    const xmp = concat(new Uint8Array([0x21, 0xff, 11]), ascii("XMP DataXMP"), new Uint8Array([12]), ascii("<x:xmpmeta/>"), new Uint8Array([0]));
    const before = concat(gif.slice(0, -1), comment, xmp, gif.slice(-1));
    expect(await inspectMedia(new Blob([before]))).toEqual(IMAGE_TYPES.gif);
    const after = await cleaned(before, IMAGE_TYPES.gif);
    expect(Buffer.from(after).equals(Buffer.from(gif))).toBe(true);
  });
});

describe("MP4 and QuickTime", () => {
  /** A box: its size, its name, its contents. */
  const box = (name: string, ...contents: Uint8Array[]) => {
    const data = concat(...contents);
    return concat(be32(8 + data.length), ascii(name), data);
  };

  it.each([
    ["sample.mp4", VIDEO_TYPES.mp4],
    ["sample.mov", VIDEO_TYPES.mov],
  ] as const)("%s: the movie's and tracks' user data and metadata become empty free boxes of the same size; nothing else changes", async (name, type) => {
    const video = fixture(name);
    const after = await cleaned(video, type);
    expect(after.length).toBe(video.length);
    expect(contains(after, ascii("udta"))).toBe(false);
    expect(contains(after, ascii("meta"))).toBe(false);
    expect(await inspectMedia(new Blob([after]))).toEqual(type);
    // Only those boxes changed: their names, and their contents to zeros.
    const changed = [...after.keys()].filter((i) => after[i] !== video[i]);
    expect(changed.length).toBeGreaterThan(0);
    for (const i of changed) expect([0, ...ascii("free")]).toContain(after[i]);
  });

  it("a movie box past VIDEO_MOVIE_BOX_MAX_BYTES is not copied: the file is refused (it would copy most of the upload)", async () => {
    const huge = box("moov", new Uint8Array(VIDEO_MOVIE_BOX_MAX_BYTES));
    const video = concat(box("ftyp", ascii("isom"), be32(512), ascii("isommp41")), huge, box("mdat", new Uint8Array(16)));
    expect(await inspectMedia(new Blob([video]))).toEqual(VIDEO_TYPES.mp4);
    expect(await withoutMetadata(new Blob([video]), VIDEO_TYPES.mp4)).toBeNull();
  });

  it("a phone's location inside the movie's user data is gone", async () => {
    const mp4 = fixture("sample.mp4");
    // A movie box of the sample's, with a QuickTime location atom (©xyz) in a user data box of its own.
    const location = box("udta", box("\u00a9xyz", ascii("+48.8577+002.2950/")));
    const at = Buffer.from(mp4).indexOf(Buffer.from("moov")) - 4;
    const size = new DataView(mp4.buffer, mp4.byteOffset).getUint32(at);
    const movie = mp4.slice(at, at + size);
    const grown = concat(be32(size + location.length), movie.slice(4), location);
    const before = concat(mp4.slice(0, at), grown, mp4.slice(at + size));
    const after = await cleaned(before, VIDEO_TYPES.mp4);
    expect(contains(before, ascii("+48.8577"))).toBe(true);
    expect(contains(after, ascii("+48.8577"))).toBe(false);
    expect(contains(after, ascii("udta"))).toBe(false);
    expect(after.length).toBe(before.length);
    expect(await inspectMedia(new Blob([after]))).toEqual(VIDEO_TYPES.mp4);
  });
});

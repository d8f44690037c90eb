import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectMedia, readImageDimensions } from "~/.server/media-inspect";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url)));
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
};

/**
 * A JPEG APP1 segment holding EXIF with one entry in its first directory, the orientation (tag 0x0112,
 * a SHORT), written in the byte order a camera chose ("II" little-endian, "MM" big-endian).
 */
function exifSegment(orientation: number, order: "II" | "MM" = "II") {
  const tiff = new DataView(new ArrayBuffer(8 + 2 + 12 + 4));
  const littleEndian = order === "II";
  tiff.setUint8(0, order.charCodeAt(0));
  tiff.setUint8(1, order.charCodeAt(1));
  tiff.setUint16(2, 42, littleEndian);
  tiff.setUint32(4, 8, littleEndian); // the first directory follows the header
  tiff.setUint16(8, 1, littleEndian); // one entry
  tiff.setUint16(10, 0x0112, littleEndian);
  tiff.setUint16(12, 3, littleEndian); // SHORT
  tiff.setUint32(14, 1, littleEndian);
  tiff.setUint16(18, orientation, littleEndian);
  const data = concat(ascii("Exif\0\0"), new Uint8Array(tiff.buffer));
  const header = new DataView(new ArrayBuffer(4));
  header.setUint16(0, 0xffe1);
  header.setUint16(2, data.length + 2);
  return concat(new Uint8Array(header.buffer), data);
}

/** sample.jpg (320 × 200) with an EXIF segment right after its start-of-image marker, as cameras write it. */
const photo = (orientation: number, order: "II" | "MM" = "II") => {
  const jpg = fixture("sample.jpg");
  return new Blob([concat(jpg.slice(0, 2), exifSegment(orientation, order), jpg.slice(2))]);
};

/** A RIFF WebP whose first chunk is `type` with `data` (padded to an even length). */
function webp(type: string, data: Uint8Array) {
  const padded = concat(data, new Uint8Array(data.length % 2));
  const bytes = concat(ascii("RIFF"), new Uint8Array(4), ascii("WEBP"), ascii(type), new Uint8Array(4), padded);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, bytes.length - 8, true);
  view.setUint32(16, data.length, true);
  return new Blob([bytes]);
}

describe("an image's dimensions are read from its header", () => {
  it.each([
    ["sample.jpg", { width: 320, height: 200 }],
    ["sample.png", { width: 160, height: 100 }],
    ["sample.gif", { width: 160, height: 100 }],
    ["sample.webp", { width: 320, height: 200 }],
  ])("%s is %o", async (name, dimensions) => {
    expect(await readImageDimensions(new Blob([fixture(name)]))).toEqual(dimensions);
  });

  it("a lossless WebP (VP8L) stores its width and height less one in 14 bits each", async () => {
    const data = new Uint8Array(10);
    data[0] = 0x2f;
    new DataView(data.buffer).setUint32(1, (1000 - 1) | ((750 - 1) << 14), true);
    expect(await readImageDimensions(webp("VP8L", data))).toEqual({ width: 1000, height: 750 });
  });

  it("an extended WebP (VP8X) gives its canvas, less one in 24 bits each", async () => {
    const data = new Uint8Array(10);
    data.set([(4000 - 1) & 0xff, (4000 - 1) >> 8, 0, (3000 - 1) & 0xff, (3000 - 1) >> 8, 0], 4);
    expect(await readImageDimensions(webp("VP8X", data))).toEqual({ width: 4000, height: 3000 });
  });

  it("anything that is not an image, or claims no pixels, has none", async () => {
    expect(await readImageDimensions(new Blob([fixture("not-an-image.jpg")]))).toBeNull();
    expect(await readImageDimensions(new Blob([fixture("sample.mp4")]))).toBeNull();
    const empty = fixture("sample.png").slice();
    new DataView(empty.buffer).setBigUint64(16, 0n);
    expect(await readImageDimensions(new Blob([empty]))).toBeNull();
  });
});

describe("a photo is measured the way a browser shows it (EXIF orientation)", () => {
  it("a phone's portrait photo, stored sideways (orientation 6 or 8), is taller than wide", async () => {
    expect(await readImageDimensions(photo(6))).toEqual({ width: 200, height: 320 });
    expect(await readImageDimensions(photo(8, "MM"))).toEqual({ width: 200, height: 320 });
  });

  it("upright, upside down or mirrored (orientations 1 to 4) keeps its width and height", async () => {
    for (const orientation of [1, 2, 3, 4]) expect(await readImageDimensions(photo(orientation))).toEqual({ width: 320, height: 200 });
  });

  it("an orientation outside 1 to 8 is ignored", async () => {
    expect(await readImageDimensions(photo(9))).toEqual({ width: 320, height: 200 });
  });

  it("a photo with EXIF is still accepted as a JPEG", async () => {
    expect(await inspectMedia(photo(6))).toMatchObject({ contentType: "image/jpeg" });
  });
});

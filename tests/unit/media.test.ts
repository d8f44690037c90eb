import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkMediaFile, parseRange } from "~/.server/media";
import { inspectMedia } from "~/.server/media-inspect";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_TOP_LEVEL_PARTS_MAX } from "~/lib/constants";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url)));
const file = (name: string, type: string, bytes = fixture(name)) => new File([bytes], name, { type });

const HTML = new TextEncoder().encode("<html><script>alert(1)</script></html>");
const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((at, part) => (bytes.set(part, at), at + part.length), 0);
  return bytes;
};
/** An ISO base media box: a 32-bit size, a four-letter type, then its data. */
const box = (type: string, data = new Uint8Array(0)) => {
  const bytes = new Uint8Array(8 + data.length);
  new DataView(bytes.buffer).setUint32(0, bytes.length);
  bytes.set(new TextEncoder().encode(type), 4);
  bytes.set(data, 8);
  return bytes;
};
/** A copy of a fixture with some bytes changed. */
const patched = (name: string, edit: (view: DataView) => void) => {
  const bytes = fixture(name).slice();
  edit(new DataView(bytes.buffer));
  return bytes;
};
/** The last bytes of a PNG: an IEND chunk (length 0, type, CRC). */
const IEND = fixture("sample.png").slice(-12);

describe("files are recognised by their bytes", () => {
  it("an HTML file renamed .jpg is nothing Murmur accepts", async () => {
    expect(await inspectMedia(file("not-an-image.jpg", "image/jpeg"))).toBeNull();
  });
});

describe("files are checked through to their end", () => {
  it.each([
    ["sample.jpg", "image/jpeg", "jpg"],
    ["sample.png", "image/png", "png"],
    ["sample.gif", "image/gif", "gif"],
    ["sample.webp", "image/webp", "webp"],
    ["sample.mp4", "video/mp4", "mp4"],
    ["sample.webm", "video/webm", "webm"],
    ["sample.mov", "video/quicktime", "mov"],
  ] as const)("%s, as an encoder wrote it, is accepted as %s", async (name, contentType, extension) => {
    const kind = contentType.startsWith("image/") ? "image" : "video";
    expect(await checkMediaFile(file(name, contentType), kind)).toEqual({ ok: true, type: { kind, contentType, extension } });
  });

  it("a JPEG padded with a few zero bytes after its end is still a JPEG", async () => {
    expect(await inspectMedia(new Blob([fixture("sample.jpg"), new Uint8Array(4)]))).toMatchObject({ contentType: "image/jpeg" });
  });

  it("a PNG with an extra chunk between its data and its end is still a PNG", async () => {
    const png = fixture("sample.png");
    const text = new Uint8Array([0, 0, 0, 5, ...new TextEncoder().encode("tEXtdemo!"), 0, 0, 0, 0]);
    expect(await inspectMedia(new Blob([png.slice(0, -12), text, IEND]))).toMatchObject({ contentType: "image/png" });
  });

  it("an MP4 whose last box runs to the end of the file (size 0) is still an MP4", async () => {
    const mp4 = patched("sample.mp4", (view) => view.setUint32(view.byteLength - 8026, 0));
    expect(await inspectMedia(new Blob([mp4]))).toMatchObject({ contentType: "video/mp4" });
  });

  it("a WebM of unknown length (a live recording) runs to the end of the file and is still a WebM", async () => {
    // The EBML header takes bytes 0–35 (ID, one-byte size, 31 bytes), the Segment's ID 36–39; its size follows.
    const live = fixture("sample.webm").slice();
    live.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], 40);
    expect(await inspectMedia(new Blob([live]))).toMatchObject({ contentType: "video/webm" });
  });

  it("an old QuickTime movie without 'ftyp' is QuickTime", async () => {
    expect(await inspectMedia(new Blob([box("moov", new Uint8Array(16)), box("mdat", new Uint8Array(32))]))).toMatchObject({
      contentType: "video/quicktime",
    });
  });
});

describe("broken and disguised images get 'Supported formats: JPEG, PNG, GIF, WebP'", () => {
  const png = fixture("sample.png");
  const jpg = fixture("sample.jpg");
  const gif = fixture("sample.gif");
  const declared = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp" } as Record<string, string>;
  it.each([
    ["a PNG cut to its first 40 bytes", "cut.png", png.slice(0, 40)],
    ["the 8-byte PNG signature alone", "signature.png", png.slice(0, 8)],
    ["a PNG with a web page after its end", "page.png", concat(png, HTML)],
    ["a PNG whose header claims 0 × 0 pixels", "empty.png", patched("sample.png", (view) => view.setBigUint64(16, 0n))],
    ["a PNG whose header claims 100000 pixels across", "wide.png", patched("sample.png", (view) => view.setUint32(16, 100_000))],
    ["a PNG without image data", "nodata.png", concat(png.slice(0, 33), IEND)],
    ["a JPEG cut before its end", "cut.jpg", jpg.slice(0, jpg.length / 2)],
    ["a JPEG with a web page after its end", "page.jpg", concat(jpg, HTML)],
    ["a GIF without its trailer", "cut.gif", gif.slice(0, -1)],
    ["a GIF with a web page after its trailer", "page.gif", concat(gif, HTML)],
    ["a WebP whose RIFF size does not match the file", "size.webp", patched("sample.webp", (view) => view.setUint32(4, 4000, true))],
    ["a WebP with a web page after it", "page.webp", concat(fixture("sample.webp"), HTML)],
  ])("%s", async (_, name, bytes) => {
    expect(await checkMediaFile(file(name, declared[name.split(".")[1]!]!, bytes), "image")).toEqual({
      ok: false,
      message: "Supported formats: JPEG, PNG, GIF, WebP",
    });
  });
});

describe("broken and disguised videos are refused", () => {
  const ftypFree = concat(box("ftyp", new TextEncoder().encode("isom\0\0\x02\0isom")), box("free"), HTML);
  it.each([
    ["'ftyp' and 'free' boxes followed by a web page", ftypFree],
    ["an MP4 with a web page after its last box", concat(fixture("sample.mp4"), HTML)],
    ["an MP4 cut before its end", fixture("sample.mp4").slice(0, 4000)],
    ["an MP4 cut after its movie box, before its media data", fixture("sample.mp4").slice(0, 32 + 865)],
    ["a WebM with a web page after its segment", concat(fixture("sample.webm"), HTML)],
    ["a WebM cut before its end", fixture("sample.webm").slice(0, 4000)],
  ])("%s: 'Please select a video file', whatever type it declares", async (_, bytes) => {
    expect(await checkMediaFile(file("clip.mp4", "video/mp4", bytes), "video")).toEqual({ ok: false, message: "Please select a video file" });
    expect(await checkMediaFile(file("clip.html", "text/html", bytes), "video")).toEqual({ ok: false, message: "Please select a video file" });
  });

  it("an MP4 without a movie box ('moov') is refused", async () => {
    expect(await inspectMedia(new Blob([box("ftyp", new TextEncoder().encode("isom\0\0\x02\0")), box("mdat", new Uint8Array(64))]))).toBeNull();
  });

  it("a video of more tiny top-level parts than any real one is refused", async () => {
    const many = VIDEO_TOP_LEVEL_PARTS_MAX + 1;
    const ftyp = box("ftyp", new TextEncoder().encode("isom\0\0\x02\0isom"));
    const free = Array.from({ length: many }, () => box("free"));
    const mp4 = concat(ftyp, ...free, box("moov", new Uint8Array(16)), box("mdat", new Uint8Array(32)));
    // Exactly as many parts as allowed (ftyp, moov and mdat among them) is still a video.
    expect(await inspectMedia(new Blob([concat(ftyp, ...free.slice(4), box("moov", new Uint8Array(16)), box("mdat", new Uint8Array(32)))]))).toMatchObject({
      contentType: "video/mp4",
    });
    expect(await inspectMedia(new Blob([mp4]))).toBeNull();
    // A WebM's Segment, then Void elements (ID 0xEC, size 0) past the limit.
    const webm = fixture("sample.webm");
    expect(await inspectMedia(new Blob([concat(webm, new Uint8Array(2 * many).map((_, i) => (i % 2 === 0 ? 0xec : 0x80)))]))).toBeNull();
    expect(await inspectMedia(new Blob([concat(webm, new Uint8Array(2 * 10).map((_, i) => (i % 2 === 0 ? 0xec : 0x80)))]))).toMatchObject({ contentType: "video/webm" });
  });

  it("a Matroska file whose DocType is not 'webm' is refused", async () => {
    const webm = fixture("sample.webm");
    const docType = new TextDecoder().decode(webm.slice(0, 40)).indexOf("webm");
    const matroska = concat(webm.slice(0, docType), new TextEncoder().encode("mkvx"), webm.slice(docType + 4));
    expect(await inspectMedia(new Blob([matroska]))).toBeNull();
  });
});

describe("picked files get the spec's messages (document 1 §5 uploads)", () => {
  it("accepts real images and videos", async () => {
    expect(await checkMediaFile(file("sample.webp", "image/webp"), "image")).toMatchObject({ ok: true });
    expect(await checkMediaFile(file("sample.mov", "video/quicktime"), "video")).toMatchObject({ ok: true });
  });

  it("an HTML page named .jpg: 'Supported formats: JPEG, PNG, GIF, WebP'", async () => {
    expect(await checkMediaFile(file("not-an-image.jpg", "image/jpeg"), "image")).toEqual({
      ok: false,
      message: "Supported formats: JPEG, PNG, GIF, WebP",
    });
  });

  it("something that is not an image at all: 'Please select an image file'", async () => {
    expect(await checkMediaFile(file("not-an-image.jpg", "text/html"), "image")).toEqual({ ok: false, message: "Please select an image file" });
    expect(await checkMediaFile(file("sample.mp4", "video/mp4"), "image")).toEqual({ ok: false, message: "Please select an image file" });
  });

  it("an image where a video belongs: 'Please select a video file'", async () => {
    expect(await checkMediaFile(file("sample.png", "image/png"), "video")).toEqual({ ok: false, message: "Please select a video file" });
  });

  it("an image of 5 MB or more: 'Image size must be less than 5MB'", async () => {
    // A real PNG made big by a private chunk ('prVt') of zeros before its end.
    const png = fixture("sample.png");
    const filler = new Uint8Array(IMAGE_MAX_BYTES + 1 - png.length);
    new DataView(filler.buffer).setUint32(0, filler.length - 12);
    filler.set(new TextEncoder().encode("prVt"), 4);
    const big = concat(png.slice(0, -12), filler, IEND);
    expect(await checkMediaFile(file("big.png", "image/png", big), "image")).toEqual({ ok: false, message: "Image size must be less than 5MB" });
  });

  it("a video over 50 MB: 'Video size must be less than 50MB'", async () => {
    // A real MP4 made big by a 'free' box of zeros at its end.
    const mp4 = fixture("sample.mp4");
    const big = new Uint8Array(VIDEO_MAX_BYTES + 1);
    big.set(mp4);
    big.set(box("free").subarray(4), mp4.length + 4);
    new DataView(big.buffer).setUint32(mp4.length, big.length - mp4.length);
    expect(await checkMediaFile(file("big.mp4", "video/mp4", big), "video")).toEqual({ ok: false, message: "Video size must be less than 50MB" });
  });
});

describe("HTTP ranges", () => {
  it.each([
    [null, null],
    ["bytes=0-99", { offset: 0, length: 100 }],
    ["bytes=100-", { offset: 100, length: 900 }],
    ["bytes=-100", { offset: 900, length: 100 }],
    ["bytes=900-5000", { offset: 900, length: 100 }],
    ["Bytes= 10-19", { offset: 10, length: 10 }],
    ["bytes=1000-", "invalid"],
    ["bytes=-0", "invalid"],
    // Served whole: a range that does not parse, another unit, several ranges.
    ["bytes=5-2", null],
    ["bytes=-", null],
    ["bytes=x-1", null],
    ["items=0-1", null],
    ["bytes=0-1,5-6", null],
  ])("%s of 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

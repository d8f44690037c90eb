import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkMediaFile, parseRange, sniffMediaType } from "~/.server/media";
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from "~/lib/constants";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url)));
const file = (name: string, type: string, bytes = fixture(name)) => new File([bytes], name, { type });

describe("files are recognised by their bytes", () => {
  it.each([
    ["sample.jpg", "image/jpeg"],
    ["sample.png", "image/png"],
    ["sample.gif", "image/gif"],
    ["sample.webp", "image/webp"],
    ["sample.mp4", "video/mp4"],
    ["sample.webm", "video/webm"],
    ["sample.mov", "video/quicktime"],
  ])("%s is %s", (name, type) => {
    expect(sniffMediaType(fixture(name))?.contentType).toBe(type);
  });

  it("an HTML file renamed .jpg is nothing Murmur accepts", () => {
    expect(sniffMediaType(fixture("not-an-image.jpg"))).toBeNull();
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
    const big = new Uint8Array(IMAGE_MAX_BYTES + 1);
    big.set(fixture("sample.png"));
    expect(await checkMediaFile(file("big.png", "image/png", big), "image")).toEqual({ ok: false, message: "Image size must be less than 5MB" });
  });

  it("a video over 50 MB: 'Video size must be less than 50MB'", async () => {
    const big = new Uint8Array(VIDEO_MAX_BYTES + 1);
    big.set(fixture("sample.mp4"));
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
    ["bytes=1000-", "invalid"],
    ["bytes=5-2", "invalid"],
    ["items=0-1", "invalid"],
  ])("%s of 1000 bytes", (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

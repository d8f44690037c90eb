import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { IMAGE_DESCRIPTION_MAX_LENGTH, POST_MAX_LENGTH } from "~/lib/constants";
import { SendMessageSchema } from "~/lib/schemas/message";
import { CommentSchema, CreatePostSchema, ReportSchema } from "~/lib/schemas/post";
import { IMAGE_DESCRIPTION_TEXTS } from "~/lib/texts/image-description";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

const errorsOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string | string[]>) => {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? null : submission.reply().error;
};

describe("the composer's rules (spec document 1 §5)", () => {
  it("content is trimmed and required: 'Post content cannot be empty'", () => {
    expect(errorsOf(CreatePostSchema, {})).toEqual({ content: ["Post content cannot be empty"] });
    expect(errorsOf(CreatePostSchema, { content: "   \n " })).toEqual({ content: ["Post content cannot be empty"] });
  });

  it("at most 280 characters as a person counts them: 'Post is too long'", () => {
    expect(errorsOf(CreatePostSchema, { content: "a".repeat(POST_MAX_LENGTH) })).toBeNull();
    expect(errorsOf(CreatePostSchema, { content: "a".repeat(POST_MAX_LENGTH + 1) })).toEqual({ content: ["Post is too long"] });
    // 280 emoji with skin tones are 1120 UTF-16 code units, and still 280 characters.
    expect(errorsOf(CreatePostSchema, { content: "👍🏽".repeat(POST_MAX_LENGTH) })).toBeNull();
    expect(errorsOf(CreatePostSchema, { content: "👍🏽".repeat(POST_MAX_LENGTH + 1) })).toEqual({ content: ["Post is too long"] });
  });

  it("the text is stored trimmed, visibility defaults to everyone, media lists default to empty", () => {
    const submission = parseWithZod(form({ content: "  hello  " }), { schema: CreatePostSchema });
    expect(submission.status === "success" && submission.value).toEqual({ content: "hello", visibility: "everyone", imageKeys: [] });
  });

  it("refuses to post while uploads run: 'Please wait for uploads to complete'", () => {
    expect(errorsOf(CreatePostSchema, { content: "hi", uploadsPending: "1" })).toEqual({
      content: ["Please wait for uploads to complete"],
    });
  });

  it("takes up to 4 images or one video, and only keys /uploads hands out", () => {
    const key = (n: number) => `images/posts/abc-${n}.png`;
    expect(errorsOf(CreatePostSchema, { content: "hi", imageKeys: [key(1), key(2), key(3), key(4)] })).toBeNull();
    expect(errorsOf(CreatePostSchema, { content: "hi", imageKeys: [1, 2, 3, 4, 5].map(key) })).toHaveProperty("imageKeys");
    expect(errorsOf(CreatePostSchema, { content: "hi", imageKeys: key(1), videoKey: "videos/abc.mp4" })).toHaveProperty("imageKeys");
    expect(errorsOf(CreatePostSchema, { content: "hi", imageKeys: "../../etc/passwd" })).not.toBeNull();
  });
});

/** NUL, BEL, ESC, DEL, NEL (U+0085) and CSI (U+009B): C0, DEL and C1 controls nobody means to send. */
const CONTROLS = "\u0000\u0007\u001b\u007f\u0085\u009b";

describe("an image's description (decision 092)", () => {
  it("is one line, trimmed, and a blank one keeps its place as none", () => {
    const submission = parseWithZod(form({ content: "hi", imageDescription: ["  A red\r\nkite  ", "  ", "\u200b", "Sea"] }), { schema: CreatePostSchema });
    expect(submission.status === "success" && submission.value.imageDescription).toEqual(["A red kite", undefined, undefined, "Sea"]);
  });

  it(`at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters as post text counts them, refused by the image's number`, () => {
    expect(errorsOf(CreatePostSchema, { content: "hi", imageDescription: ["👍🏽".repeat(IMAGE_DESCRIPTION_MAX_LENGTH)] })).toBeNull();
    expect(errorsOf(CreatePostSchema, { content: "hi", imageDescription: ["", "a".repeat(IMAGE_DESCRIPTION_MAX_LENGTH + 1)] })).toEqual({
      imageDescription: [IMAGE_DESCRIPTION_TEXTS.tooLong(2)],
    });
  });
});

describe("control characters in what members write", () => {
  const valueOf = (schema: Parameters<typeof parseWithZod>[1]["schema"], fields: Record<string, string>) => {
    const submission = parseWithZod(form(fields), { schema });
    return submission.status === "success" ? submission.value : submission.reply().error;
  };

  it("post text loses its controls and keeps its lines and tabs; \\r\\n and a lone \\r become \\n", () => {
    expect(valueOf(CreatePostSchema, { content: `Hello${CONTROLS}\r\nworld\rand\tmore\u000b\f` })).toMatchObject({
      content: "Hello\nworld\nand\tmore",
    });
  });

  it("a post of only control characters is empty: 'Post content cannot be empty'", () => {
    expect(errorsOf(CreatePostSchema, { content: `${CONTROLS}\r\n` })).toEqual({ content: ["Post content cannot be empty"] });
  });

  it("a post, comment or message that shows nothing (zero-width spaces, joiners, marks, fillers) is empty", () => {
    const invisible = ["\u200b\u200b\u200b", "\u200c\u200d\u2060", "\ufeff \u200e\u200f", "\u3164\u115f", "\u2800", "\ufe0f\u034f", "\u{e0020}\u{e0100}", "\u17b4\u00ad"];
    for (const content of invisible) {
      expect(errorsOf(CreatePostSchema, { content })).toEqual({ content: ["Post content cannot be empty"] });
      expect(errorsOf(CommentSchema, { content })).toEqual({ content: ["Comment cannot be empty"] });
      expect(errorsOf(SendMessageSchema, { content, clientId: "abc" })).toEqual({ content: ["Message cannot be empty"] });
    }
    // Visible text joined by them stays as written: an emoji of several, a word after a mark.
    expect(valueOf(CreatePostSchema, { content: "\u{1F469}\u200d\u{1F4BB}" })).toMatchObject({ content: "\u{1F469}\u200d\u{1F4BB}" });
    expect(valueOf(CreatePostSchema, { content: "\u200fשלום" })).toMatchObject({ content: "\u200fשלום" });
    // A format character that is drawn (the Arabic end of ayah) is text.
    expect(valueOf(CreatePostSchema, { content: "\u06dd" })).toMatchObject({ content: "\u06dd" });
    // An optional location or report note that shows nothing is none.
    expect(valueOf(CreatePostSchema, { content: "hi", location: "\u200b" })).toMatchObject({ location: undefined });
    expect(valueOf(ReportSchema, { reason: "spam", additionalInfo: "\u200b\n\u200b" })).toEqual({ reason: "spam" });
  });

  it("controls do not count towards the 280 characters", () => {
    expect(errorsOf(CreatePostSchema, { content: `${"a".repeat(POST_MAX_LENGTH)}${CONTROLS}` })).toBeNull();
  });

  it("a location is one line without controls", () => {
    expect(valueOf(CreatePostSchema, { content: "hi", location: `Porto\r\nPortugal\u0000\u0085` })).toMatchObject({
      location: "Porto Portugal",
    });
    expect(valueOf(CreatePostSchema, { content: "hi", location: CONTROLS })).toMatchObject({ location: undefined });
  });

  it("a comment loses its controls, keeps its lines, and one of only controls is 'Comment cannot be empty'", () => {
    expect(valueOf(CommentSchema, { content: `nice\u0000\r\npost\u0085` })).toEqual({ content: "nice\npost" });
    expect(errorsOf(CommentSchema, { content: CONTROLS })).toEqual({ content: ["Comment cannot be empty"] });
  });

  it("a report's additional information loses its controls", () => {
    expect(valueOf(ReportSchema, { reason: "spam", additionalInfo: `buy\u0007\r\nnow\u009b` })).toEqual({
      reason: "spam",
      additionalInfo: "buy\nnow",
    });
    expect(valueOf(ReportSchema, { reason: "spam", additionalInfo: CONTROLS })).toEqual({ reason: "spam" });
  });
});

describe("comments and reports", () => {
  it("a comment must be non-empty and at most 280 characters", () => {
    expect(errorsOf(CommentSchema, { content: "  " })).toEqual({ content: ["Comment cannot be empty"] });
    expect(errorsOf(CommentSchema, { content: "x".repeat(281) })).toEqual({ content: ["Comment is too long"] });
    expect(errorsOf(CommentSchema, { content: "nice" })).toBeNull();
  });

  it("a report needs one of the spec's reasons: 'Please select a reason for reporting'", () => {
    expect(errorsOf(ReportSchema, {})).toEqual({ reason: ["Please select a reason for reporting"] });
    expect(errorsOf(ReportSchema, { reason: "boredom" })).toEqual({ reason: ["Please select a reason for reporting"] });
    const submission = parseWithZod(form({ reason: "spam", additionalInfo: "  buy now  " }), { schema: ReportSchema });
    expect(submission.status === "success" && submission.value).toEqual({ reason: "spam", additionalInfo: "buy now" });
  });
});

import { z } from "./zod";
import { cleaned } from "./clean-text";
import { blankIsUndefined, required } from "./required";
import {
  CLIENT_ID_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  IMAGE_DESCRIPTION_MAX_LENGTH,
  LOCATION_MAX_LENGTH,
  MAX_IMAGES_PER_POST,
  POST_MAX_LENGTH,
  REPORT_INFO_MAX_LENGTH,
} from "../constants";
import { POST_MESSAGES } from "../messages";
import { IMAGE_DESCRIPTION_TEXTS } from "../texts/image-description";
import { REPORT_REASONS, SHARE_PLATFORMS } from "../post-options";
import { isBlank, withinCharacters } from "../text";

/**
 * The post, comment, share and report forms' rules with the spec's messages (document 1 §5). The same
 * schemas validate in the browser (conform) and in the actions. Conform turns empty fields into
 * undefined, so "required" is the message of a missing value.
 *
 * Every text a member writes here is stripped of control characters rather than refused (clean-text.ts):
 * they are invisible, so a refusal would name a fault the writer cannot see, and what is left is what
 * they saw when they pressed Post. Post text, comments and report details keep their line breaks;
 * a location is one line.
 */


/** Trimmed, non-empty, and at most `max` characters as a person counts them (an emoji counts once). */
export const shortText = (max: number, messages: { required: string; tooLong: string }) =>
  cleaned(
    "multi-line",
    z
      .string(required(messages.required))
      .trim()
      .refine((text) => !isBlank(text), { error: messages.required, abort: true })
      // The cheap length check first keeps a megabyte of text from being segmented.
      .refine((text) => withinCharacters(text, max), {
        error: messages.tooLong,
      }),
  );

export const PostContentSchema = shortText(POST_MAX_LENGTH, {
  required: POST_MESSAGES.contentRequired,
  tooLong: POST_MESSAGES.tooLong,
});

/** A page's own id for what it sends (a post, a comment, a message: app/lib/client-ids.ts), so a retry is stored once. */
export const ClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]+$/).max(CLIENT_ID_MAX_LENGTH);

/** A media key handed out by /uploads (images/posts/… or videos/…); nothing else may be attached. */
const MediaKey = z.string().regex(/^(images\/posts|videos)\/[a-z0-9-]+\.[a-z0-9]+$/);

/**
 * The description fields in the form's order (decision 092): one line each (an alt attribute), blank
 * for none. A field left empty stays in the list (conform gives it as undefined), so each keeps its
 * place and a description too long is named by the image's number.
 */
const ImageDescriptions = z
  .array(cleaned("single-line", z.string().trim().optional().transform(blankIsUndefined)).optional())
  .max(MAX_IMAGES_PER_POST, { error: POST_MESSAGES.tooManyImages })
  .superRefine((descriptions, context) => {
    descriptions.forEach((description, index) => {
      if (description !== undefined && !withinCharacters(description, IMAGE_DESCRIPTION_MAX_LENGTH)) {
        context.addIssue({ code: "custom", message: IMAGE_DESCRIPTION_TEXTS.tooLong(index + 1) });
      }
    });
  })
  .optional();

export const CreatePostSchema = z
  .object({
    content: PostContentSchema,
    location: cleaned(
      "single-line",
      z
        .string()
        .trim()
        .max(LOCATION_MAX_LENGTH, { error: POST_MESSAGES.locationTooLong })
        .optional()
        .transform(blankIsUndefined),
    ),
    visibility: z.enum(["everyone", "subscribers"]).default("everyone"),
    imageKeys: z.array(MediaKey).max(MAX_IMAGES_PER_POST, { error: POST_MESSAGES.tooManyImages }).default([]),
    videoKey: MediaKey.optional(),
    /**
     * The images' descriptions (decision 092). The first ones belong to the images named in
     * `describedImage`, one each in the same order (an image already uploaded: its field sits beside it,
     * and goes with it when it is removed); the rest to the files picked without JavaScript, in order.
     */
    imageDescription: ImageDescriptions,
    describedImage: z.array(MediaKey).max(MAX_IMAGES_PER_POST, { error: POST_MESSAGES.tooManyImages }).optional(),
    /** The composer's id for this post (`newClientId`): the same send repeated is stored once. */
    clientId: ClientIdSchema.optional(),
    /** Set while JavaScript uploads are still running: the server refuses to post half a post. */
    uploadsPending: z.literal("1").optional(),
  })
  .refine((post) => !post.uploadsPending, { error: POST_MESSAGES.waitForUploads, path: ["content"] })
  .refine((post) => !(post.videoKey && post.imageKeys.length > 0), {
    error: POST_MESSAGES.tooManyImages,
    path: ["imageKeys"],
  });

export type CreatePostInput = z.infer<typeof CreatePostSchema>;

export const CommentSchema = z.object({
  content: shortText(COMMENT_MAX_LENGTH, {
    required: POST_MESSAGES.commentRequired,
    tooLong: POST_MESSAGES.commentTooLong,
  }),
  parentId: z.string().min(1).optional(),
  /** The comment form's id for this send (`useSendId`): the same send repeated is stored once. */
  clientId: ClientIdSchema.optional(),
});

export type CommentInput = z.infer<typeof CommentSchema>;

export const ReportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: POST_MESSAGES.reportReasonRequired }),
  additionalInfo: cleaned(
    "multi-line",
    z
      .string()
      .trim()
      .max(REPORT_INFO_MAX_LENGTH, { error: `Please keep additional information under ${REPORT_INFO_MAX_LENGTH} characters` })
      .optional()
      .transform(blankIsUndefined),
  ),
});

export const ShareSchema = z.object({
  platform: z.enum(SHARE_PLATFORMS).default("internal"),
});

/** A toggle's wanted state ('true' / 'false'), so repeating the same request changes nothing. */
export const ToggleSchema = z.object({ value: z.enum(["true", "false"]).transform((value) => value === "true") });

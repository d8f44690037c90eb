import { IMAGE_DESCRIPTION_MAX_LENGTH } from "../constants";

/**
 * An image's description, its alt text (decision 092). The spec has no such field: these are Murmur's
 * own words. The composer (Home's dialog and /compose), its schema and the cards use them.
 */
export const IMAGE_DESCRIPTION_TEXTS = {
  /** Each description field's label, numbered as the post orders its images. */
  label: (image: number) => `Description of image ${image}`,
  placeholder: "What's in the image? (optional)",
  /** Without JavaScript: the folded fields under the file picker. */
  fieldsSummary: "Describe your images (optional)",
  fieldsHint: "The first description goes with the first image you choose, the second with the second, and so on.",
  tooLong: (image: number) => `The description of image ${image} is too long (at most ${IMAGE_DESCRIPTION_MAX_LENGTH} characters)`,
  withoutImage: (image: number) => `There is no image ${image} for its description. Add the image or clear the description.`,
  /** An image's alt text: the author's description of it, else whose image it is and which (086). */
  alt: (description: string | null | undefined, index: number, count: number, authorName: string) =>
    description ?? `Image ${index + 1} of ${count} posted by ${authorName}`,
  /** The badge on an image that has a description (its alt says the description itself). */
  badge: "ALT",
} as const;

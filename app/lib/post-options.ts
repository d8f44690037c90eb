/** Closed lists of post options, shared by the schema, the forms and the database (spec document 1 §9). */

/** The keys of a closed list's labels, as the non-empty tuple zod's enum takes. */
export function optionsOf<T extends Record<string, unknown>>(labels: T): [keyof T & string, ...(keyof T & string)[]] {
  return Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
}

/** Report reasons and their labels. */
export const REPORT_REASON_LABELS = {
  harassment: "Harassment or Bullying",
  hate: "Hate Speech",
  spam: "Spam",
  violence: "Violence or Threats",
  misinformation: "Misinformation",
  inappropriate: "Inappropriate Content",
  copyright: "Copyright Violation",
  other: "Other",
} as const;

export type ReportReason = keyof typeof REPORT_REASON_LABELS;
export const REPORT_REASONS = optionsOf(REPORT_REASON_LABELS);

/** Where a share went; 'internal' is the default when a share names no platform. */
export const SHARE_PLATFORMS = ["internal", "twitter", "facebook", "linkedin", "whatsapp", "email", "copy"] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

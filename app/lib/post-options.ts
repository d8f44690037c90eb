/** Closed lists of post options, shared by the schema, the forms and the database (spec document 1 §9). */

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
export const REPORT_REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

/** Where a share went; 'internal' is the default when a share names no platform. */
export const SHARE_PLATFORMS = ["internal", "twitter", "facebook", "linkedin", "whatsapp", "email", "copy"] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

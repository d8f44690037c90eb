import { optionsOf } from "./post-options";

/** What a message to support is about (decision 078): the Help Center's form, the schema and the table. */
export const SUPPORT_TOPIC_LABELS = {
  account: "Account and sign-in",
  payments: "Payments and subscriptions",
  verified: "Verified badge",
  problem: "Something isn't working",
  safety: "Safety and reports",
  privacy: "Privacy and your data",
  other: "Something else",
} as const;

export type SupportTopic = keyof typeof SUPPORT_TOPIC_LABELS;
export const SUPPORT_TOPICS = optionsOf(SUPPORT_TOPIC_LABELS);

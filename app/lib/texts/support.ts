import { SUPPORT_MESSAGE_MAX_LENGTH } from "../constants";
import { SUPPORT_ACTION_TEXTS } from "./actions";

/**
 * Contact support in the Help Center (decision 078): the spec's badge lists Priority Support and shows
 * no form for it, so these texts are ours. Imported directly, not through messages.ts: only the Help
 * Center's chunk needs them (decision 039).
 */
export const SUPPORT_MESSAGES = {
  ...SUPPORT_ACTION_TEXTS,
  heading: "Contact support",
  intro: (email: string) => `Questions about your account, payments or something that isn't working? Write to us and we'll reply to ${email}.`,
  priority: "Priority Support: as a verified member, your messages are answered first.",
  priorityOffer: "Verified members get Priority Support: their messages are answered first.",
  getVerified: "Get verified",
  topicLabel: "Topic",
  topicPlaceholder: "Choose a topic",
  topicRequired: "Please choose a topic",
  messageLabel: "Message",
  messagePlaceholder: "How can we help?",
  messageRequired: "Please tell us how we can help",
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  send: "Send to support",
  sending: "Sending...",
  sent: (email: string) => `Your message was sent to support. We'll reply to ${email}.`,
  sentPriority: (email: string) => `Your message was sent to support with priority. We'll reply to ${email}.`,
  yours: "Your messages to support",
  priorityTag: "Priority",
  mail: {
    subject: (topic: string, priority: boolean) => `${priority ? "[Priority] " : ""}Support: ${topic}`,
    from: (name: string, username: string, email: string) => `From: ${name} (@${username}) <${email}>`,
    verified: (yes: boolean) => `Verified member: ${yes ? "yes (Priority Support)" : "no"}`,
    topic: (topic: string) => `Topic: ${topic}`,
    reference: (id: string) => `Reference: ${id}`,
    replyHint: "Reply to this e-mail to answer the member.",
  },
} as const;

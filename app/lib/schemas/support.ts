import { z } from "./zod";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "../constants";
import { SUPPORT_TOPICS } from "../support-options";
import { SUPPORT_MESSAGES } from "../texts/support";
import { ClientIdSchema, shortText } from "./post";

/**
 * A message to support (decision 078): a topic from the closed list, the text as posts' rules take it
 * (cleaned, trimmed, non-empty, counted as a person counts characters), and the form's own id, so a
 * send repeated after a lost answer is stored (and mailed) once.
 */
export const SupportRequestSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: SUPPORT_MESSAGES.topicRequired }),
  message: shortText(SUPPORT_MESSAGE_MAX_LENGTH, { required: SUPPORT_MESSAGES.messageRequired, tooLong: SUPPORT_MESSAGES.messageTooLong }),
  clientId: ClientIdSchema.optional(),
});

export type SupportRequestInput = z.infer<typeof SupportRequestSchema>;

import { z } from "./zod";
import { MESSAGE_MAX_LENGTH } from "../constants";
import { DM_MESSAGES } from "../texts/dm";
import { ClientIdSchema, shortText } from "./post";

/**
 * A direct message (docs/decisions/036): the composer's text rules (cleaned, trimmed, non-empty,
 * counted as a person counts characters) with its own limit, and the page's own id for it, so a
 * retry after a lost answer stores it once.
 */
export const SendMessageSchema = z.object({
  content: shortText(MESSAGE_MAX_LENGTH, { required: DM_MESSAGES.contentRequired, tooLong: DM_MESSAGES.tooLong(MESSAGE_MAX_LENGTH) }),
  clientId: ClientIdSchema,
});

/** Starting (or finding) the conversation with a member, named by their username. */
export const StartConversationSchema = z.object({ username: z.string().trim().min(1).max(64) });

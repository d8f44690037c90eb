import type { Author } from "./post";

/** Direct messages as the interface renders them (docs/decisions/036). */

export type ConversationFilter = "all" | "verified";

/** A row of the conversation list: the other member, the newest message and what is unread. */
export type ConversationSummary = {
  id: string;
  other: Author;
  /** The newest message's time, else when the conversation was started (ms). */
  at: number;
  unread: number;
  last: { content: string; mine: boolean } | null;
};

export type ConversationList = {
  conversations: ConversationSummary[];
  nextCursor: string | null;
  /** The filter's counts (spec: All Messages / Verified Only with their counts). */
  counts: Record<ConversationFilter, number>;
};

export type ChatMessage = {
  id: string;
  /** The sender's page's own id for it (a page that sent it recognises its echo). */
  clientId: string | null;
  senderId: string;
  content: string;
  at: number;
  read: boolean;
};

/** An open conversation: the other member and a page of messages, oldest first. */
export type Conversation = {
  id: string;
  other: Author;
  /**
   * When the other member was last active (ms; null: not since Murmur began recording it), or null
   * when it is not shown: one of the two does not share their activity status (decision 076).
   */
  activity: { lastActiveAt: number | null } | null;
  /**
   * Why the member cannot write here now (the other member's allowDirectMessages, or a block either
   * way: decision 100), shown in place of 'Start a new message'; null when they can.
   */
  refusal: string | null;
  messages: ChatMessage[];
  /** Where 'Load earlier messages' continues (the oldest shown message's id), null at the start. */
  earlierCursor: string | null;
};

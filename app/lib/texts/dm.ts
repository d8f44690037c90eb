import { DM_ACTION_TEXTS } from "./actions";

/** Direct messages (spec document 2 §2, §5, §8). */
export const DM_MESSAGES = {
  ...DM_ACTION_TEXTS,
  starting: "Starting conversation...",
  started: (name: string) => `Started conversation with ${name}`,
  loadFailed: "Failed to load conversations",
  selectOne: "Select a message",
  empty: "No messages yet. Start the conversation!",
  placeholder: "Start a new message",
  search: "Search messages",
  all: "All Messages",
  verifiedOnly: "Verified Only",
  you: "You: ",
  loadEarlier: "Load earlier messages",
  // Ours, where the spec is silent.
  contentRequired: "Message cannot be empty",
  tooLong: (max: number) => `Messages can be at most ${max.toLocaleString("en-US")} characters`,
  notYourself: "You cannot message yourself",
  notAccepting: (name: string) => `${name} is not accepting messages`,
  followersOnly: (name: string) => `${name} only accepts messages from people they follow`,
  // A block, either way (decision 100): the same words whoever blocked whom.
  blocked: (name: string) => `You can't message ${name}`,
  notFound: "Conversation not found",
  memberNotFound: "User not found",
  noConversations: "No conversations yet",
  noConversationsHint: "Start one with Message on a member's profile.",
  noMatches: (term: string) => `No conversations match "${term}"`,
  // The other member's activity status (decision 076): 'Active now', 'Active 5m ago', 'Active Jan 4'.
  activeNow: "Active now",
  activeAgo: (elapsed: string) => `Active ${elapsed} ago`,
  activeOn: (date: string) => `Active ${date}`,
  // Who wrote each bubble, for a screen reader (the page shows it only by side and colour; one's own
  // say `you`, as the list's previews do), and who wrote a message that arrives live.
  from: (name: string) => `${name}: `,
  // A conversation's day headings; without JavaScript (and until the page runs) the day is UTC's.
  today: "Today",
  yesterday: "Yesterday",
  dayInUtc: (day: string) => `${day} (UTC)`,
} as const;

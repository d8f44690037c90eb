/**
 * The team's mail about a report of a post (decision 084). Server-only: imported directly by
 * app/.server/reports.ts, not through messages.ts, so no page's script carries it (decision 039).
 */
export const REPORT_MAIL_TEXTS = {
  subject: (reason: string, author: string) => `Report: ${reason} (@${author})`,
  reason: (label: string) => `Reason: ${label}`,
  reporter: (username: string | null) => `Reported by: ${username ? `@${username}` : "a member who has since deleted their account"}`,
  post: (url: string) => `Post: ${url}`,
  author: (username: string, id: string) => `Author: @${username} (account ${id})`,
  community: (id: string | null) => `Community: ${id ?? "none"}`,
  media: (count: number) => (count > 0 ? "Media:" : "Media: none"),
  reference: (id: string) => `Reference: ${id}`,
  info: "Additional information from the reporter:",
  noInfo: "Additional information: none",
  content: "The post as it was when reported:",
  keptHint: "The report keeps this snapshot for a year, even if the post or its author's account is deleted.",
} as const;

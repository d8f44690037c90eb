import { sql, type SQL } from "drizzle-orm";
import { param } from "./db/reads";
import { sessions } from "./db/schema";

/**
 * Who a read is for: a member by id; a member known so far only by the session their cookie names,
 * whose reads travel in the session's own round trip and find the member in the statement itself
 * (docs/decisions/026); or a visitor (null). A session that is unknown or expired at `now` reads as a
 * visitor: no flags, no subscriber-only content.
 */
export type Viewer = string | SessionViewer | null;
export type SessionViewer = {
  session: string;
  now: number;
  /** For a page only members see: a list read for no member reads nothing (`viewerPresentSql`). */
  membersOnly?: boolean;
};

const V = { viewer: param("viewer"), session: param("viewerSession"), sessionNow: param("viewerSessionNow") };

/** The viewer's id as SQL (a placeholder, or the session's member), null for a visitor. */
export function viewerSql(viewer: Viewer): SQL | null {
  if (viewer === null) return null;
  if (typeof viewer === "string") return sql`${V.viewer}`;
  return sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.id} = ${V.session} AND ${sessions.expiresAt} > ${V.sessionNow})`;
}

/** The values `viewerSql`'s placeholders take. */
export function viewerValues(viewer: Viewer): Record<string, unknown> {
  if (viewer === null) return {};
  if (typeof viewer === "string") return { viewer };
  return { viewerSession: viewer.session, viewerSessionNow: viewer.now };
}

/**
 * A condition a members-only list adds to its statement: true only when the session names a member.
 * Constant in the statement, so SQLite tests it once before reading any post. Undefined otherwise.
 */
export function viewerPresentSql(viewer: Viewer): SQL | undefined {
  if (viewer === null || typeof viewer === "string" || !viewer.membersOnly) return undefined;
  return sql`${viewerSql(viewer)} IS NOT NULL`;
}

/** What in a prepared read's text depends on the viewer (part of its key). */
export function viewerKey(viewer: Viewer): "member" | "session" | "session-member" | "visitor" {
  if (viewer === null) return "visitor";
  if (typeof viewer === "string") return "member";
  return viewer.membersOnly ? "session-member" : "session";
}

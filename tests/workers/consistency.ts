import { sql, type SQL } from "drizzle-orm";
import { db } from "./helpers";

/**
 * Every count and copy the database keeps beside its source (counters by trigger, comment authors'
 * copies, notification groups, inboxes, repost rows, search indexes), checked against that source for
 * these members and communities: one line per disagreement, so a test expects `[]`. Views are checked
 * one way only: deleting old views or a viewer's account keeps the count (maintenance.ts), so a post's
 * count is at least its views' rows, and a member's total is the sum of their posts' counts. Not for a
 * test that runs the notifications' retention (deleteOldNotifications): a group's head it holds keeps its
 * count while its rows go, by design. Each check binds the ids up to twice: at most ~45 members (D1
 * takes 100 values a statement, and says so by throwing).
 */
export async function disagreements({ members, communities = [] }: { members: string[]; communities?: string[] }): Promise<string[]> {
  const list = (ids: string[]) => sql.join((ids.length ? ids : [""]).map((id) => sql`${id}`), sql`, `);
  const ids = list(members);
  const places = list(communities);
  // Each check answers (kind, id) rows; one statement each, as D1 refuses a compound SELECT this large.
  const checks: [string, SQL][] = [
    [
      "member's counters",
      sql`SELECT u.id FROM users u WHERE u.id IN (${ids}) AND (
        u.followers_count <> (SELECT count(*) FROM follows WHERE following_id = u.id)
        OR u.following_count <> (SELECT count(*) FROM follows WHERE follower_id = u.id)
        OR u.posts_count <> (SELECT count(*) FROM posts WHERE user_id = u.id AND reposted_from_post_id IS NULL)
        OR u.subscribers_count <> (SELECT count(*) FROM creator_subscriptions WHERE subscribed_to_id = u.id AND status = 'active')
        OR u.total_views <> (SELECT coalesce(sum(views_count), 0) FROM posts WHERE user_id = u.id))`,
    ],
    [
      "member's blocks count",
      // From the member, so that one in blocks without a settings row (read as in none) is found too.
      sql`SELECT u.id FROM users u LEFT JOIN member_settings s ON s.user_id = u.id WHERE u.id IN (${ids})
        AND coalesce(s.blocks_count, 0) <> (SELECT count(*) FROM blocks WHERE blocker_id = u.id OR blocked_id = u.id)`,
    ],
    [
      "post's counters",
      sql`SELECT p.id FROM posts p WHERE (p.user_id IN (${ids}) OR p.community_id IN (${places})) AND (
        p.likes_count <> (SELECT count(*) FROM post_likes WHERE post_id = p.id)
        OR p.reposts_count <> (SELECT count(*) FROM post_reposts WHERE post_id = p.id)
        OR p.comments_count <> (SELECT count(*) FROM comments WHERE post_id = p.id)
        OR p.shares_count <> (SELECT count(*) FROM post_shares WHERE post_id = p.id)
        OR p.views_count < (SELECT count(*) FROM user_activity WHERE post_id = p.id AND action_type = 'view'))`,
    ],
    [
      "comment's likes or author copy",
      sql`SELECT c.id FROM comments c JOIN users u ON u.id = c.user_id WHERE (c.user_id IN (${ids}) OR c.post_id IN (SELECT id FROM posts WHERE user_id IN (${ids}))) AND (
        c.likes_count <> (SELECT count(*) FROM comment_likes WHERE comment_id = c.id)
        OR c.author_username IS NOT u.username OR c.author_display_name IS NOT u.display_name
        OR c.author_avatar_url IS NOT u.avatar_url OR c.author_verified_type IS NOT u.verified_type)`,
    ],
    [
      "community's counters",
      sql`SELECT k.id FROM communities k WHERE k.id IN (${places}) AND (
        k.member_count <> (SELECT count(*) FROM community_members WHERE community_id = k.id)
        OR k.posts_count <> (SELECT count(*) FROM posts WHERE community_id = k.id AND reposted_from_post_id IS NULL))`,
    ],
    [
      "invite whose inviter may no longer invite",
      sql`SELECT i.id FROM community_invites i WHERE i.community_id IN (${places}) AND NOT EXISTS (
        SELECT 1 FROM community_members m WHERE m.community_id = i.community_id AND m.user_id = i.inviter_id AND m.role IN ('creator', 'admin'))`,
    ],
    [
      "like or repost notification group (one head, counting its rows)",
      sql`SELECT n.user_id || ' ' || n.type || ' ' || n.related_post_id AS id FROM notifications n
        WHERE n.user_id IN (${ids}) AND n.type IN ('like', 'repost')
        GROUP BY n.user_id, n.type, n.related_post_id
        HAVING sum(n.is_head = 1) <> 1 OR sum(n.is_head <> 1 AND n.is_head <> 0) > 0
          OR max(CASE WHEN n.is_head = 1 THEN n.group_size END) <> count(*)`,
    ],
    [
      "notification told twice",
      sql`SELECT n.user_id || ' ' || n.type || ' ' || coalesce(n.related_post_id, '') || ' ' || n.related_user_id AS id FROM notifications n
        WHERE n.user_id IN (${ids}) AND n.type IN ('like', 'repost', 'follow')
        GROUP BY n.user_id, n.type, n.related_post_id, n.related_user_id HAVING count(*) > 1`,
    ],
    [
      "unread comment notification told twice (0047)",
      sql`SELECT n.user_id || ' ' || n.related_post_id || ' ' || n.related_user_id AS id FROM notifications n
        WHERE n.user_id IN (${ids}) AND n.type = 'comment' AND n.is_read = 0
        GROUP BY n.user_id, n.related_post_id, n.related_user_id HAVING count(*) > 1`,
    ],
    [
      "unread notification of something undone",
      sql`SELECT n.id FROM notifications n WHERE n.user_id IN (${ids}) AND n.is_read = 0 AND (
        (n.type = 'like' AND NOT EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = n.related_post_id AND l.user_id = n.related_user_id))
        OR (n.type = 'repost' AND NOT EXISTS (SELECT 1 FROM post_reposts r WHERE r.post_id = n.related_post_id AND r.user_id = n.related_user_id))
        OR (n.type = 'follow' AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = n.related_user_id AND f.following_id = n.user_id)))`,
    ],
    [
      "notification between members in a block, or from a muted member",
      sql`SELECT n.id FROM notifications n WHERE n.user_id IN (${ids}) AND (
        EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = n.user_id AND b.blocked_id = n.related_user_id) OR (b.blocked_id = n.user_id AND b.blocker_id = n.related_user_id))
        OR EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = n.user_id AND m.muted_id = n.related_user_id))`,
    ],
    [
      "follow or repost between members in a block",
      sql`SELECT b.blocker_id || ' ' || b.blocked_id AS id FROM blocks b WHERE (b.blocker_id IN (${ids}) OR b.blocked_id IN (${ids})) AND (
        EXISTS (SELECT 1 FROM follows f WHERE (f.follower_id = b.blocker_id AND f.following_id = b.blocked_id) OR (f.follower_id = b.blocked_id AND f.following_id = b.blocker_id))
        OR EXISTS (SELECT 1 FROM post_reposts r JOIN posts o ON o.id = r.post_id
          WHERE (r.user_id = b.blocker_id AND o.user_id = b.blocked_id) OR (r.user_id = b.blocked_id AND o.user_id = b.blocker_id)))`,
    ],
    [
      "repost entry without its repost row, or the other way round, or in another place than its original",
      sql`SELECT r.id FROM posts r WHERE r.user_id IN (${ids}) AND r.reposted_from_post_id IS NOT NULL AND (
          NOT EXISTS (SELECT 1 FROM post_reposts pr WHERE pr.post_id = r.reposted_from_post_id AND pr.user_id = r.user_id)
          OR r.community_id IS NOT (SELECT o.community_id FROM posts o WHERE o.id = r.reposted_from_post_id))
        UNION ALL
        SELECT pr.post_id AS id FROM post_reposts pr WHERE pr.user_id IN (${ids})
          AND NOT EXISTS (SELECT 1 FROM posts r WHERE r.reposted_from_post_id = pr.post_id AND r.user_id = pr.user_id)`,
    ],
    [
      "inbox's unread count",
      sql`SELECT cm.conversation_id AS id FROM conversation_members cm WHERE cm.user_id IN (${ids})
        AND cm.unread_count <> (SELECT count(*) FROM messages m WHERE m.conversation_id = cm.conversation_id AND m.sender_id <> cm.user_id AND m.is_read = 0)`,
    ],
    [
      "conversation's last message",
      sql`SELECT c.id FROM conversations c WHERE (c.participant_1_id IN (${ids}) OR c.participant_2_id IN (${ids}))
        AND c.last_message_id IS NOT (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id)`,
    ],
    [
      "reposts' search entries",
      sql`SELECT r.id FROM posts r JOIN posts o ON o.id = r.reposted_from_post_id
        WHERE r.user_id IN (${ids}) AND r.community_id IS NULL AND o.listed_words IS NOT NULL
          AND r.rowid NOT IN (SELECT rowid FROM reposts_fts WHERE reposts_fts MATCH 'listed_author:"' || r.user_id || '"')`,
    ],
    [
      // reposts_fts keeps no content (no integrity-check): an entry left by a repost that went would be
      // found under whichever post takes its rowid next.
      "search entry of a repost no longer listed",
      sql`SELECT rowid AS id FROM reposts_fts WHERE reposts_fts MATCH ${members.map((id) => `listed_author:"${id}"`).join(" OR ") || '""'} AND rowid NOT IN (
        SELECT r.rowid FROM posts r JOIN posts o ON o.id = r.reposted_from_post_id WHERE r.community_id IS NULL AND o.listed_words IS NOT NULL)`,
    ],
  ];
  const answers = await Promise.all(checks.map(([, check]) => db().all<{ id: string }>(check)));
  const found = answers.flatMap((rows, i) => rows.map((row) => `${checks[i]![0]}: ${row.id}`));
  // The search indexes against their tables: FTS5 raises an error where they differ.
  for (const index of ["posts_fts", "users_fts", "names_fts", "communities_fts"]) {
    try {
      await db().run(sql.raw(`INSERT INTO ${index}(${index}, rank) VALUES ('integrity-check', 1)`));
    } catch (error) {
      found.push(`search index ${index}: ${String(error)}`);
    }
  }
  return found;
}

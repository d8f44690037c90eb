/**
 * The whole Murmur data model (spec documents 1 and 2, plus auth, mail and payments).
 *
 * Conventions:
 * - ids are time-sortable text (see app/.server/ids.ts), so newest-first lists page by id.
 * - times are integer milliseconds since the epoch (drizzle `timestamp_ms`).
 * - money is integer cents.
 * - counters are kept by SQLite triggers (migrations/0001_triggers.sql), never below 0.
 * - relation tables have a unique key on the pair, so toggles are INSERT … ON CONFLICT DO NOTHING / DELETE.
 */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { ImageDimensions } from "../../lib/media-types";
import { REPORT_REASONS, SHARE_PLATFORMS } from "../../lib/post-options";
import { SUPPORT_TOPICS } from "../../lib/support-options";
import { UNDERSCORE_HALVINGS, USERNAME_CASE_LOOKALIKES, USERNAME_LOOKALIKES } from "../../lib/name-keys";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

const counter = (name: string) => integer(name).notNull().default(0);

// ───────────────────────────── members ─────────────────────────────

/**
 * usernameKey (app/lib/name-keys.ts) in SQL, from the same tables: nested replace() (case-sensitive, as
 * replaceAll) of the capitals, lower(), then of the lower-case pairs and '_' runs. Usernames are ASCII,
 * where SQLite's lower() and JavaScript's agree.
 */
function usernameKeySql(): SQL {
  let key = `"username"`;
  for (const [from, to] of USERNAME_CASE_LOOKALIKES) key = `replace(${key}, '${from}', '${to}')`;
  key = `lower(${key})`;
  for (const [from, to] of USERNAME_LOOKALIKES) key = `replace(${key}, '${from}', '${to}')`;
  for (let i = 0; i < UNDERSCORE_HALVINGS; i++) key = `replace(${key}, '__', '_')`;
  return sql.raw(key);
}

// Triggers on this table keep copies elsewhere: the search index (0001) and comments' author fields
// (0018, decision 049). A later migration that rebuilds this table must create its triggers again.
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lower-case; unique. */
    email: text("email").notNull(),
    /** Stored as typed, and found as typed in any case (lower(username), as mentions and profiles do). */
    username: text("username").notNull(),
    /**
     * What the username looks like (usernameKey: 'Ieo' and 'leo' alike): sign-up refuses a name that
     * only looks like another's (usernameTaken, decision 096). Computed by SQLite, so every row has it,
     * whoever inserts it. Indexed, not unique: rows from before the key may share one, and two
     * look-alike sign-ups racing are still two usernames (lower(username) stays the hard uniqueness).
     */
    usernameKey: text("username_key").generatedAlwaysAs(usernameKeySql, { mode: "virtual" }),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    bannerUrl: text("banner_url"),
    location: text("location"),
    website: text("website"),
    followersCount: counter("followers_count"),
    followingCount: counter("following_count"),
    postsCount: counter("posts_count"),
    /** The sum of views_count over the member's posts (profile 'total views'), kept by triggers (migration 0008). */
    totalViews: counter("total_views"),
    /** The badge shown wherever the name shows: granted, or 'user' while a verified subscription lasts (decision 037). */
    verifiedType: text("verified_type", { enum: ["user", "business"] }),
    /** The badge came from a verified subscription (migration 0016's triggers set and clear it with verifiedType). */
    verifiedBySubscription: integer("verified_by_subscription", { mode: "boolean" }).notNull().default(false),
    /** Creator subscriptions with status active, kept by triggers (Discover ranks by it). */
    subscribersCount: counter("subscribers_count"),
    subscriptionPriceCents: integer("subscription_price_cents").notNull().default(0),
    offersSubscriptions: integer("offers_subscriptions", { mode: "boolean" }).notNull().default(false),
    isBusinessEntity: integer("is_business_entity", { mode: "boolean" }).notNull().default(false),
    /**
     * When the member last used Murmur, to within ACTIVITY_RECORD_EVERY_MS: written after a request's
     * answer once that much has passed (app/.server/context.ts). People they message see it while both
     * share their activity status (decision 076). Null: not seen since it was first recorded.
     */
    lastActiveAt: integer("last_active_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    index("users_username_key_idx").on(t.usernameKey),
    index("users_display_name_lower_idx").on(sql`lower(${t.displayName})`),
    // Discover: creators who offer subscriptions, most subscribers first.
    index("users_creators_idx")
      .on(t.subscribersCount, t.id)
      .where(sql`${t.offersSubscriptions} = 1 AND ${t.subscriptionPriceCents} > 0`),
    check("users_counts_non_negative", sql`${t.followersCount} >= 0 AND ${t.followingCount} >= 0 AND ${t.postsCount} >= 0`),
    check("users_price_non_negative", sql`${t.subscriptionPriceCents} >= 0`),
  ],
);

export const socialLinks = sqliteTable(
  "social_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_links_user_platform_unique").on(t.userId, t.platform)],
);

export const memberSettings = sqliteTable("member_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notifyLikes: integer("notify_likes", { mode: "boolean" }).notNull().default(true),
  notifyReposts: integer("notify_reposts", { mode: "boolean" }).notNull().default(true),
  notifyComments: integer("notify_comments", { mode: "boolean" }).notNull().default(true),
  notifyFollows: integer("notify_follows", { mode: "boolean" }).notNull().default(true),
  notifyMentions: integer("notify_mentions", { mode: "boolean" }).notNull().default(true),
  notifyDirectMessages: integer("notify_direct_messages", { mode: "boolean" }).notNull().default(true),
  emailNotifications: integer("email_notifications", { mode: "boolean" }).notNull().default(false),
  profileVisibility: text("profile_visibility", { enum: ["public", "private"] }).notNull().default("public"),
  postVisibility: text("post_visibility", { enum: ["public", "followers"] }).notNull().default("public"),
  allowDirectMessages: text("allow_direct_messages", { enum: ["everyone", "following", "none"] })
    .notNull()
    .default("everyone"),
  showActivity: integer("show_activity", { mode: "boolean" }).notNull().default(true),
  indexProfile: integer("index_profile", { mode: "boolean" }).notNull().default(true),
  /**
   * The notification digest has covered the member's notifications up to this time (ms; 0: never):
   * the cron checks a member again once DIGEST_PERIOD_MS has passed, and e-mails what is new (decision 076).
   */
  emailDigestThrough: integer("email_digest_through").notNull().default(0),
  /**
   * How many blocks the member is in, on either side (decision 100; kept by the blocks triggers): the
   * access rule asks blocks only for the posts of a member above 0, so everyone else pays nothing.
   */
  blocksCount: integer("blocks_count").notNull().default(0),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
}, (t) => [
  // The few members who keep their posts from someone (decision 031), or are in a block (100): the
  // access rule asks it for every post it shows, so the answer is one probe of a small index.
  index("member_settings_audience_idx")
    .on(t.userId, t.postVisibility, t.profileVisibility, t.blocksCount)
    .where(sql`${t.postVisibility} = 'followers' OR ${t.profileVisibility} = 'private' OR ${t.blocksCount} > 0`),
  // The members whose notification digest is due, longest waiting first (decision 076): the cron reads
  // a batch of this index, never the whole table.
  index("member_settings_digest_idx").on(t.emailDigestThrough).where(sql`${t.emailNotifications} = 1`),
]);

export const follows = sqliteTable(
  "follows",
  {
    id: text("id").primaryKey(),
    followerId: text("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: text("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("follows_pair_unique").on(t.followerId, t.followingId),
    index("follows_following_idx").on(t.followingId, t.id),
    index("follows_follower_idx").on(t.followerId, t.id),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

/**
 * A member blocks another (decision 100): neither sees the other's posts or comments, follows, writes
 * to or is told of the other. Each row counts in both members' member_settings.blocks_count (triggers,
 * migration 0045).
 */
export const blocks = sqliteTable(
  "blocks",
  {
    /** Time-ordered (../ids.ts), as a follow's: the member's list of blocks pages by it, newest first. */
    id: text("id").primaryKey(),
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("blocks_pair_unique").on(t.blockerId, t.blockedId),
    index("blocks_blocker_idx").on(t.blockerId, t.id),
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("blocks_not_self", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/**
 * A member mutes another (decision 107): the muted member's posts and reposts, and others' reposts of
 * them, leave the muter's Home and Videos, and nothing they do notifies the muter (triggers, migration
 * 0046). The muted member is not told and can still see, follow and answer the muter.
 */
export const mutes = sqliteTable(
  "mutes",
  {
    /** Time-ordered (../ids.ts), as a block's: the member's list of mutes pages by it, newest first. */
    id: text("id").primaryKey(),
    muterId: text("muter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mutes_pair_unique").on(t.muterId, t.mutedId),
    index("mutes_muter_idx").on(t.muterId, t.id),
    index("mutes_muted_idx").on(t.mutedId, t.muterId),
    check("mutes_not_self", sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

// ───────────────────────────── auth, mail, limits ─────────────────────────────

export const sessions = sqliteTable(
  "sessions",
  {
    /** hex(sha256(token)); the token itself is only ever in the member's cookie. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  // The cron deletes expired sessions a batch at a time, oldest first.
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    /** hex(sha256(token)). */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** The mail's own headers as JSON (a digest's List-Unsubscribe, decision 085), null for none: a delivery process sends them on. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created_idx").on(t.id)],
);

// ───────────────────────────── communities ─────────────────────────────

export const communities = sqliteTable(
  "communities",
  {
    id: text("id").primaryKey(),
    /** As shown: no invisible characters, one space between words (cleanCommunityName). */
    name: text("name").notNull(),
    /**
     * What the name looks like (communityNameKey: 'Trail Runners' with a no-break space or a Cyrillic
     * 'Т' is 'trail runners'), written by the app with the name (decision 096). Null for a name from
     * before it, and for rows tests write directly: their key is lower(name), what it always was.
     */
    nameKey: text("name_key"),
    description: text("description"),
    imageUrl: text("image_url"),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    memberCount: counter("member_count"),
    /** Posts (not reposts) in the community, kept by triggers (migration 0013). */
    postsCount: counter("posts_count"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    // Written without a comma: drizzle-kit splits an index's expression at commas.
    uniqueIndex("communities_name_key_unique").on(sql`(CASE WHEN ${t.nameKey} IS NULL THEN lower(${t.name}) ELSE ${t.nameKey} END)`),
    index("communities_public_members_idx").on(t.isPrivate, t.memberCount),
    index("communities_creator_idx").on(t.creatorId),
    // Discover's candidates besides the biggest: the public communities of the last 30 days.
    index("communities_public_created_idx").on(t.isPrivate, t.createdAt),
    check("communities_member_count_non_negative", sql`${t.memberCount} >= 0`),
  ],
);

export const communityMembers = sqliteTable(
  "community_members",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["creator", "admin", "moderator", "member"] })
      .notNull()
      .default("member"),
    joinedAt: integer("joined_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    uniqueIndex("community_members_pair_unique").on(t.communityId, t.userId),
    index("community_members_user_idx").on(t.userId, t.joinedAt),
    index("community_members_community_idx").on(t.communityId, t.joinedAt),
  ],
);

export const communityInvites = sqliteTable(
  "community_invites",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteCode: text("invite_code").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    maxUses: integer("max_uses"),
    usesCount: counter("uses_count"),
    /** When its last use was taken (uses_count reached max_uses): the clean-up counts from it (decision 122). */
    usedUpAt: integer("used_up_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("community_invites_code_unique").on(t.inviteCode),
    index("community_invites_community_idx").on(t.communityId, t.id),
    // A member's invites: deleting the member, or their leaving a community, finds theirs (114).
    index("community_invites_inviter_idx").on(t.inviterId, t.communityId),
    // Dead invites, by when they died (expired, or used up): the clean-up finds the long dead ones
    // without reading the rest (decision 122).
    index("community_invites_expired_idx").on(t.expiresAt).where(sql`${t.expiresAt} IS NOT NULL`),
    index("community_invites_used_up_idx").on(t.usedUpAt).where(sql`${t.usedUpAt} IS NOT NULL`),
    check("community_invites_max_uses_min", sql`${t.maxUses} IS NULL OR ${t.maxUses} >= 1`),
    check("community_invites_uses_non_negative", sql`${t.usesCount} >= 0`),
  ],
);

// ───────────────────────────── posts ─────────────────────────────

// Migration 0020 adds `listed_words` and `other_words`, virtual generated columns that posts_fts indexes
// (a post's words under its list, decision 058; 0017's `search_scope` before them; since 0041 its
// `search_words` when it has them, else its content), and 0023
// `listed_author` (the author's id of a post lists show, decision 061). They are not declared here:
// nothing reads them from drizzle, and a later migration that rebuilds this table must keep them
// (posts_fts and its triggers name them).
export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull().default(""),
    /** JSON array of media URLs; NULL when the post has none. */
    mediaUrls: text("media_urls", { mode: "json" }).$type<string[]>(),
    /**
     * JSON array of the images' dimensions ({ width, height }), in the order of media_urls, from their
     * uploads' rows; NULL when the post has no images or not all of them are known (older uploads).
     */
    mediaDimensions: text("media_dimensions", { mode: "json" }).$type<ImageDimensions[]>(),
    /**
     * JSON array of the images' descriptions (their alt text, decision 092), in the order of media_urls,
     * null for an image without one; NULL when no image of the post has one.
     */
    mediaDescriptions: text("media_descriptions", { mode: "json" }).$type<(string | null)[]>(),
    videoUrl: text("video_url"),
    videoDuration: real("video_duration"),
    location: text("location"),
    isSubscriberOnly: integer("is_subscriber_only", { mode: "boolean" }).notNull().default(false),
    communityId: text("community_id").references(() => communities.id, { onDelete: "cascade" }),
    repostedFromPostId: text("reposted_from_post_id").references((): AnySQLiteColumn => posts.id, {
      onDelete: "cascade",
    }),
    viewsCount: counter("views_count"),
    likesCount: counter("likes_count"),
    repostsCount: counter("reposts_count"),
    commentsCount: counter("comments_count"),
    sharesCount: counter("shares_count"),
    /** The composer's own id for what it sent (like a message's): a retried send is stored once (decision 072). */
    clientId: text("client_id"),
    createdAt: createdAt(),
    /**
     * The content with spaces between its words when it has a script written without them (Chinese,
     * Japanese, Thai…), which posts_fts indexes instead (`searchWordsOf`, decision 091); NULL for any
     * other text, indexed as it is. Written with the post; older posts get theirs from the cron
     * (`fillPostSearchWords`).
     */
    searchWords: text("search_words"),
  },
  (t) => [
    uniqueIndex("posts_client_unique").on(t.userId, t.clientId).where(sql`${t.clientId} IS NOT NULL`),
    // A member's posts newest first, with their community and repost beside them, so that Following's
    // walk over followed members' posts tests those from the index and reads only the rows it keeps
    // (decision 049).
    index("posts_user_idx").on(t.userId, t.id, t.communityId, t.repostedFromPostId),
    index("posts_community_idx").on(t.communityId, t.id),
    // The author beside the id lets the Following feed check its window from the index alone (010).
    index("posts_home_idx").on(t.id, t.userId).where(sql`${t.communityId} IS NULL`),
    index("posts_video_idx").on(t.id).where(sql`${t.videoUrl} IS NOT NULL AND ${t.communityId} IS NULL`),
    // The reposts lists show, newest first, with what each reposts and who reposted it, and each
    // member's: Home's search walks them testing the original (docs/decisions/060).
    index("posts_reposts_idx")
      .on(t.id, t.repostedFromPostId, t.userId)
      .where(sql`${t.repostedFromPostId} IS NOT NULL AND ${t.communityId} IS NULL`),
    index("posts_reposts_user_idx")
      .on(t.userId, t.id, t.repostedFromPostId)
      .where(sql`${t.repostedFromPostId} IS NOT NULL AND ${t.communityId} IS NULL`),
    // A member's posts that have been reposted: Home's search reads the reposts of a few named
    // members' posts from these alone, not from every post of theirs (docs/decisions/112).
    index("posts_reposted_user_idx").on(t.userId, t.id).where(sql`${t.repostsCount} > 0`),
    index("posts_top_idx").on(t.viewsCount, t.likesCount),
    // A verified member's analytics (post-stats.ts): their totals summed and their most viewed posts
    // found in this index alone, not in every row of theirs (docs/decisions/118). The last column is
    // NULL in every entry: SQLite reads the row for a column of the index's own WHERE unless it is in it.
    index("posts_user_stats_idx")
      .on(t.userId, t.viewsCount, t.id, t.likesCount, t.repostsCount, t.commentsCount, t.repostedFromPostId)
      .where(sql`${t.repostedFromPostId} IS NULL`),
    uniqueIndex("posts_repost_unique")
      .on(t.repostedFromPostId, t.userId)
      .where(sql`${t.repostedFromPostId} IS NOT NULL`),
    check(
      "posts_counts_non_negative",
      sql`${t.viewsCount} >= 0 AND ${t.likesCount} >= 0 AND ${t.repostsCount} >= 0 AND ${t.commentsCount} >= 0 AND ${t.sharesCount} >= 0`,
    ),
  ],
);

/**
 * Every object put into the R2 bucket: who uploaded it, for what, and (for post media) the post it
 * belongs to. Post media that no post claims within a day is deleted by the cron job; a post's media
 * goes with the post; /media checks a subscriber-only post's access through this row.
 */
export const MEDIA_PURPOSES = ["posts", "avatars", "banners", "communities"] as const;

export const mediaUploads = sqliteTable(
  "media_uploads",
  {
    /** The R2 key, e.g. images/posts/lq3k2x9a-8f3k2j1d.jpg; served at /media/{key}. */
    key: text("key").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["image", "video"] }).notNull(),
    purpose: text("purpose", { enum: MEDIA_PURPOSES }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** An image's dimensions in pixels as browsers show it, read from its bytes; NULL for video and older uploads. */
    width: integer("width"),
    height: integer("height"),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("media_uploads_post_idx").on(t.postId),
    // A member's uploads: deleting the member reads and cascades theirs, not the table (114); by time,
    // what they stored for posts over the last day (the daily allowance, decision 122).
    index("media_uploads_user_idx").on(t.userId, t.createdAt),
    index("media_uploads_unclaimed_idx").on(t.purpose, t.createdAt).where(sql`${t.postId} IS NULL`),
  ],
);

/**
 * The R2 keys of media whose records are gone and whose objects may still be in R2: a trigger adds
 * each deleted media_uploads row's key (whatever deleted it: a post, a community, an account, the
 * cron), `deleteMedia` removes a key once its object is deleted, and the cron deletes what is left
 * (an R2 call that failed), so no object outlives its record for long (docs/decisions/072).
 */
export const mediaTrash = sqliteTable("media_trash", {
  key: text("key").primaryKey(),
});

export const postHashtags = sqliteTable(
  "post_hashtags",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** Lower-case, without the '#'. */
    hashtag: text("hashtag").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.hashtag] }),
    index("post_hashtags_tag_idx").on(t.hashtag, t.postId),
    index("post_hashtags_created_idx").on(t.createdAt, t.hashtag),
  ],
);

/** The members a post names, each told by a trigger (decision 032): its first MENTIONS_NOTIFIED names. */
export const postMentions = sqliteTable(
  "post_mentions",
  {
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** Lower-case, without the '@'. */
    username: text("username").notNull(),
    /** The member the name resolved to when the post was written, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.username] }), index("post_mentions_user_idx").on(t.userId, t.postId)],
);

/**
 * A member's relation to a post. `pagedByMember`: the member's own list is read newest first and
 * keyset-paged by (created_at, post_id) (bookmarks, decision 029), so the post id completes the index.
 * Otherwise the member's index is (user_id, post_id): a card's flag (`viewerFlag`) reads the viewer's
 * rows together there, a few pages for a page of cards for most members, where the post-first key
 * reads a leaf per card (decision 050).
 */
const postRelation = (name: string, { pagedByMember = false } = {}) =>
  sqliteTable(
    name,
    {
      postId: text("post_id")
        .notNull()
        .references(() => posts.id, { onDelete: "cascade" }),
      userId: text("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
    },
    (t) => [
      primaryKey({ columns: [t.postId, t.userId] }),
      pagedByMember ? index(`${name}_user_idx`).on(t.userId, t.createdAt, t.postId) : index(`${name}_user_idx`).on(t.userId, t.postId),
    ],
  );

export const postLikes = postRelation("post_likes");
export const postReposts = postRelation("post_reposts");
export const postBookmarks = postRelation("post_bookmarks", { pagedByMember: true });

export const postShares = sqliteTable(
  "post_shares",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: SHARE_PLATFORMS }).notNull().default("internal"),
    createdAt: createdAt(),
  },
  // A share counts once per member, post and platform: sharing the same way again is no new share.
  // A member's shares: deleting the member cascades theirs, not the table (114).
  (t) => [uniqueIndex("post_shares_once").on(t.postId, t.userId, t.platform), index("post_shares_user_idx").on(t.userId)],
);

export const userActivity = sqliteTable(
  "user_activity",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    actionType: text("action_type", { enum: ["view"] }).notNull().default("view"),
    weight: integer("weight").notNull().default(1),
    /** UTC day number (ms / 86 400 000): one view per viewer, post and day. */
    day: integer("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_activity_once_per_day").on(t.userId, t.postId, t.actionType, t.day),
    index("user_activity_post_idx").on(t.postId),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    parentId: text("parent_id").references((): AnySQLiteColumn => comments.id, { onDelete: "cascade" }),
    likesCount: counter("likes_count"),
    createdAt: createdAt(),
    // What a card's comment preview shows of the author: copies of their users row that triggers keep
    // (set on insert, rewritten when the author's name, username, photo or badge changes; migration 0018, decision
    // 049), so a card's top comments read no users row. Never written by the app. A later migration
    // that rebuilds this table or users must create those triggers again, or the copies go stale.
    authorUsername: text("author_username"),
    authorDisplayName: text("author_display_name"),
    authorAvatarUrl: text("author_avatar_url"),
    authorVerifiedType: text("author_verified_type", { enum: ["user", "business"] }),
    /** The comment form's own id for what it sent (as a post's): a retried send is stored once (decision 072). */
    clientId: text("client_id"),
  },
  (t) => [
    uniqueIndex("comments_client_unique").on(t.userId, t.clientId).where(sql`${t.clientId} IS NOT NULL`),
    index("comments_top_idx").on(t.postId, t.parentId, t.likesCount, t.id),
    index("comments_parent_idx").on(t.parentId, t.id),
    index("comments_user_idx").on(t.userId),
    check("comments_likes_non_negative", sql`${t.likesCount} >= 0`),
  ],
);

export const commentLikes = sqliteTable(
  "comment_likes",
  {
    commentId: text("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_likes_user_idx").on(t.userId)],
);

/**
 * A member's report of a post (decision 084), mailed to the team (SUPPORT_EMAIL) after the answer and
 * kept REPORT_RETENTION_MS. It keeps a snapshot of what was reported as it was then (the post's words,
 * author, community and media keys), so that it outlives the post and its author's account: `post_id`
 * is null once the post is gone, `reported_post_id` stays. The reporter's account going clears
 * `reported_by` and, by trigger (migration 0036), `reporter_username`: the report stays, anonymous.
 * `mail_claimed_at` and `mailed_at` as for messages to support (team-mail.ts).
 */
export const reports = sqliteTable(
  "reports",
  {
    id: text("id").primaryKey(),
    postId: text("post_id").references(() => posts.id, { onDelete: "set null" }),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    additionalInfo: text("additional_info"),
    status: text("status", { enum: ["open", "reviewed", "dismissed"] }).notNull().default("open"),
    reportedAt: integer("reported_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    reportedPostId: text("reported_post_id").notNull(),
    postContent: text("post_content").notNull(),
    postAuthorId: text("post_author_id").notNull(),
    postAuthorUsername: text("post_author_username").notNull(),
    postCommunityId: text("post_community_id"),
    /** JSON array of the post's media keys in R2 (its uploads), empty when it had none. */
    postMediaKeys: text("post_media_keys", { mode: "json" }).$type<string[]>().notNull(),
    reporterUsername: text("reporter_username"),
    mailedAt: integer("mailed_at", { mode: "timestamp_ms" }),
    mailClaimedAt: integer("mail_claimed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("reports_one_open_per_member").on(t.postId, t.reportedBy).where(sql`${t.status} = 'open'`),
    index("reports_status_idx").on(t.status, t.reportedAt),
    index("reports_unmailed_idx").on(t.id).where(sql`${t.mailedAt} IS NULL`),
    // The foreign keys' SET NULL finds a deleted post's and a leaving reporter's reports by these
    // (the partial index above cannot serve them): else every post deleted scans a year of reports.
    index("reports_post_idx").on(t.postId),
    index("reports_reporter_idx").on(t.reportedBy),
  ],
);

/**
 * Messages to support from the Help Center (decision 078). `priority` is whether the member held the
 * verified badge when they wrote (its Priority Support): the team's queue and the mails take those
 * first. `mail_claimed_at` is when a run took its mail to send (null: none has, or its send failed);
 * `mailed_at` when the mail went (null: not yet). A claim whose run ended without either is stale after
 * TEAM_MAIL_CLAIM_STALE_MS and taken again (decision 082).
 */
export const supportRequests = sqliteTable(
  "support_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic", { enum: SUPPORT_TOPICS }).notNull(),
    message: text("message").notNull(),
    priority: integer("priority", { mode: "boolean" }).notNull(),
    clientId: text("client_id"),
    mailedAt: integer("mailed_at", { mode: "timestamp_ms" }),
    mailClaimedAt: integer("mail_claimed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_requests_user_idx").on(t.userId, t.id),
    uniqueIndex("support_requests_client_unique").on(t.userId, t.clientId).where(sql`${t.clientId} IS NOT NULL`),
    index("support_requests_unmailed_idx").on(t.priority, t.id).where(sql`${t.mailedAt} IS NULL`),
  ],
);

export const NOTIFICATION_TYPES = ["like", "repost", "comment", "mention", "follow", "subscription"] as const;

export const notifications = sqliteTable(
  "notifications",
  {
    /** Made in SQL by the `notification_id` view (migration 0011): triggers write most of them. */
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    content: text("content").notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    relatedUserId: text("related_user_id").references(() => users.id, { onDelete: "cascade" }),
    relatedPostId: text("related_post_id").references(() => posts.id, { onDelete: "cascade" }),
    /**
     * Likes and reposts of one post are one item (decision 032): its newest row is the head and
     * carries the group's size; every other notification is a head of one.
     */
    isHead: integer("is_head", { mode: "boolean" }).notNull().default(true),
    groupSize: integer("group_size").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // The items, newest first: all of them, and by type (the Mentions and Likes tabs).
    index("notifications_heads_idx").on(t.userId, t.id).where(sql`${t.isHead} = 1`),
    index("notifications_heads_type_idx").on(t.userId, t.type, t.id).where(sql`${t.isHead} = 1`),
    // The unread badge (unread heads) and 'Mark all as read' (every unread row); every row, so that
    // deleting a member finds theirs by it rather than reading the table (decision 114).
    index("notifications_unread_idx").on(t.userId, t.isRead, t.isHead),
    // A like or repost group, found from any of its rows.
    index("notifications_group_idx")
      .on(t.userId, t.type, t.relatedPostId, t.id)
      .where(sql`${t.type} IN ('like', 'repost')`),
    // A group's head (is_head 1, or 2 while a trigger moves it): what each like, repost or undo looks up
    // (migration 0011's triggers). Through the index above they read every row of the group, so a like
    // on a post with 20 000 likes took about 100 ms of the one database (a review, decision 088).
    // With is_read last, opening a group marks its unread rows without reading its read ones (114).
    index("notifications_group_head_idx")
      .on(t.userId, t.type, t.relatedPostId, t.isHead, t.isRead)
      .where(sql`${t.type} IN ('like', 'repost')`),
    // The items by age, every member's at once: the cron's retention takes the oldest heads, and holds
    // them (is_head 2) while their groups go (decision 093). Heads only, so a popular post's old rows,
    // kept while its group is recent, are never read again.
    index("notifications_heads_by_age_idx").on(t.isHead, t.id).where(sql`${t.isHead} > 0`),
    // A member's unread notification of someone's comment on a post, which their next comment there
    // replaces (migration 0047, decision 108): only unread comment rows, so it stays small.
    index("notifications_comment_unread_idx")
      .on(t.userId, t.relatedPostId, t.relatedUserId)
      .where(sql`${t.type} = 'comment' AND ${t.isRead} = 0`),
    // An undo finds its own notification; deleting a member or a post finds theirs. With the post last,
    // a like's or repost's trigger finds the liker's own row of a group exactly, not by reading the
    // post's whole group, and an undo its one row, not every like the member gave the author; a post's
    // are kept by type too, so deleting a comment reads the post's comment and mention rows, not its
    // every like (a popular post's thousands; decision 114).
    index("notifications_actor_idx").on(t.relatedUserId, t.userId, t.type, t.relatedPostId),
    index("notifications_post_type_idx").on(t.relatedPostId, t.type),
  ],
);

export const hashtagTrends = sqliteTable(
  "hashtag_trends",
  {
    hashtag: text("hashtag").primaryKey(),
    postsCount: counter("posts_count"),
    growthRate: real("growth_rate").notNull().default(0),
    category: text("category", { enum: ["trending", "news", "sports", "entertainment"] })
      .notNull()
      .default("trending"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("hashtag_trends_rank_idx").on(t.postsCount, t.growthRate)],
);

/**
 * The week's most viewed (then most liked) posts per explore tab, refreshed by the cron job
 * (app/.server/popular-posts.ts; docs/decisions/034-explore.md): 'trending' ranks every post, each
 * other category the posts with a hashtag of that category in hashtag_trends. Who may see each one is
 * decided when the page reads it.
 */
export const popularPosts = sqliteTable(
  "popular_posts",
  {
    category: text("category", { enum: hashtagTrends.category.enumValues }).notNull(),
    /** 1 for the most viewed. */
    position: integer("position").notNull(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.category, t.position] }), index("popular_posts_post_idx").on(t.postId)],
);

/**
 * How far the cron has written `posts.search_words` for posts written before it was (decision 091):
 * one row; the posts below `before_rowid` are still to be read, all of them while it is NULL, none
 * once it is 0 (`fillPostSearchWords`).
 */
export const postWordsBackfill = sqliteTable(
  "post_words_backfill",
  {
    id: integer("id").primaryKey(),
    beforeRowid: integer("before_rowid"),
  },
  (t) => [check("post_words_backfill_one_row", sql`${t.id} = 1`)],
);

// ───────────────────────────── messages ─────────────────────────────

export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    /** The two participants in id order, so a pair has exactly one conversation. */
    participant1Id: text("participant_1_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    participant2Id: text("participant_2_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    /** The newest message (its preview in the list), kept by a trigger (migration 0014). */
    lastMessageId: text("last_message_id"),
    /**
     * Who pressed Message while it has no message (null before migration 0032, or once the other
     * member pressed it too). Only the starter's list shows it until its first message (decision 073).
     */
    startedBy: text("started_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_pair_unique").on(t.participant1Id, t.participant2Id),
    // A member's conversations are listed from conversation_members (migration 0014), not from here;
    // deleting a member finds theirs by the pair's index (first participant) or this one (second).
    index("conversations_participant_2_idx").on(t.participant2Id),
    check("conversations_ordered_pair", sql`${t.participant1Id} < ${t.participant2Id}`),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    /** The sender's own id for it (made by the page before sending): a retry stores it once. */
    clientId: text("client_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    uniqueIndex("messages_client_unique").on(t.senderId, t.clientId),
    index("messages_unread_idx").on(t.conversationId, t.senderId).where(sql`${t.isRead} = 0`),
  ],
);

/**
 * Each participant's side of a conversation (their inbox row): the list's order, the other member and
 * how many of the other's messages they have not read. Kept by triggers on messages (migration 0014),
 * so the list and the navigation badge read one member's rows by index, never the messages.
 */
export const conversationMembers = sqliteTable(
  "conversation_members",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    otherId: text("other_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The conversation's newest message's time, else when it was started (so new ones list first). */
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
    unreadCount: counter("unread_count"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index("conversation_members_list_idx").on(t.userId, t.lastAt, t.conversationId),
    index("conversation_members_unread_idx").on(t.userId).where(sql`${t.unreadCount} > 0`),
    // The triggers on messages update both participants' rows by conversation.
    index("conversation_members_conversation_idx").on(t.conversationId),
    // Deleting a member removes the rows where they are the other one without a scan.
    index("conversation_members_other_idx").on(t.otherId),
  ],
);

// ───────────────────────────── money ─────────────────────────────

export const SUBSCRIPTION_STATUSES = ["active", "cancelled"] as const;
export const SUBSCRIPTION_PLANS = ["monthly", "yearly"] as const;

/**
 * Every payment provider event handled once (decision 037): a change made for an event is written in
 * the same batch as its row here, each statement conditioned on this attempt having written it.
 */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    attempt: text("attempt").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const creatorSubscriptions = sqliteTable(
  "creator_subscriptions",
  {
    id: text("id").primaryKey(),
    subscriberId: text("subscriber_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subscribedToId: text("subscribed_to_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    plan: text("plan", { enum: SUBSCRIPTION_PLANS }).notNull().default("monthly"),
    /** active until the period ends (a cancel only stops renewal: cancelledAt), then cancelled. */
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /** Who takes the payments ('test' or 'stripe') and their id for it (Stripe's subscription id). */
    provider: text("provider").notNull().default("test"),
    providerReference: text("provider_reference"),
    /** The payment event that set the current period (a first payment that finds one running changes nothing). */
    lastEvent: text("last_event"),
    /**
     * Its renewal was stopped here with many others (the creator stopped offering, or lost the badge) and
     * is still to stop at its provider: the cron does it, a bounded number a run (decision 123).
     */
    stopPending: integer("stop_pending", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One subscription per pair, renewed or cancelled in place; payments keep the history.
    uniqueIndex("creator_subscriptions_pair_unique").on(t.subscriberId, t.subscribedToId),
    index("creator_subscriptions_creator_idx").on(t.subscribedToId, t.status, t.expiresAt),
    // The Subscribed tab: a member's subscriptions.
    index("creator_subscriptions_subscriber_idx").on(t.subscriberId, t.status, t.expiresAt),
    // The expiry job: active subscriptions by the end of their period.
    index("creator_subscriptions_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index("creator_subscriptions_provider_idx").on(t.provider, t.providerReference).where(sql`${t.providerReference} IS NOT NULL`),
    // The expiry job: Stripe subscriptions it ended with no renewal paid, still to stop at Stripe
    // (decision 095). Keyed by the two columns the job's condition sets equal, so the planner takes it
    // over the provider index above (EXPLAIN QUERY PLAN; keyed by id, it scanned every Stripe row).
    index("creator_subscriptions_stripe_lapsed_idx").on(t.status, t.cancelledAt).where(sql`${t.status} = 'cancelled' AND ${t.cancelledAt} IS NULL AND ${t.provider} = 'stripe' AND ${t.providerReference} IS NOT NULL`),
    // The cron: renewals stopped here, still to stop at their provider.
    index("creator_subscriptions_stop_pending_idx").on(t.stopPending).where(sql`${t.stopPending} = 1`),
    check("creator_subscriptions_not_self", sql`${t.subscriberId} <> ${t.subscribedToId}`),
    check("creator_subscriptions_amount_non_negative", sql`${t.amountCents} >= 0`),
  ],
);

export const verifiedSubscriptions = sqliteTable(
  "verified_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    amountCents: integer("amount_cents").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    provider: text("provider").notNull().default("test"),
    providerReference: text("provider_reference"),
    lastEvent: text("last_event"),
    createdAt: createdAt(),
  },
  (t) => [
    // One verified subscription per member, renewed or cancelled in place; payments keep the history.
    uniqueIndex("verified_subscriptions_user_unique").on(t.userId),
    index("verified_subscriptions_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index("verified_subscriptions_provider_idx").on(t.provider, t.providerReference).where(sql`${t.providerReference} IS NOT NULL`),
    // The expiry job: Stripe subscriptions it ended with no renewal paid, still to stop at Stripe.
    index("verified_subscriptions_stripe_lapsed_idx").on(t.status, t.cancelledAt).where(sql`${t.status} = 'cancelled' AND ${t.cancelledAt} IS NULL AND ${t.provider} = 'stripe' AND ${t.providerReference} IS NOT NULL`),
    check("verified_subscriptions_amount_non_negative", sql`${t.amountCents} >= 0`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["creator_subscription", "verified_subscription"] }).notNull(),
    /** The creator_subscriptions or verified_subscriptions row this payment is for. */
    subscriptionId: text("subscription_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    provider: text("provider").notNull(),
    providerReference: text("provider_reference"),
    status: text("status", { enum: ["pending", "succeeded", "failed", "refunded"] }).notNull(),
    /** A creator subscription's plan this payment paid (null: a badge's, or written before migration 0048). */
    plan: text("plan", { enum: SUBSCRIPTION_PLANS }),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId, t.id),
    uniqueIndex("payments_provider_reference_unique")
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} IS NOT NULL`),
    check("payments_amount_non_negative", sql`${t.amountCents} >= 0`),
  ],
);

export type User = typeof users.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type MediaUpload = typeof mediaUploads.$inferSelect;

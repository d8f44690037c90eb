/**
 * Demo data for a new local install: six members with avatars, bios and follows, and ten days of life
 * around them (posts with photos and a clip, reposts, comments and replies, likes, bookmarks, shares,
 * views and trending hashtags, four communities with roles, posts and an invite link each, and a few
 * direct conversations), so a
 * new member sees a living feed on first start. Run by `npm start`
 * when the database is empty (or `npm run seed`).
 *
 * The posts and conversations are written out in seed-assets/content.ts; likes, bookmarks, shares and
 * views are drawn around them with a seeded random generator, so every machine gets the same story.
 * Rows are built with the shared test factories, written as one SQL file and run through wrangler.
 * Media go into the local R2 bucket first (all in one go), so no row ever points at a missing object.
 * Counters are left to the database's triggers, and hashtag_trends to the cron's trends job (its SQL
 * runs last in the same file, app/.server/trends.ts). PERSIST_TO picks the state folder (wrangler's
 * --persist-to; default .wrangler/state).
 */
import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "../app/.server/auth/password";
import { newId } from "../app/.server/ids";
import { trendsScript } from "../app/.server/trends";
import { popularPostsRefreshSql } from "../app/.server/popular-posts";
import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  POST_MAX_LENGTH,
  TIME,
} from "../app/lib/constants";
import { planAmountCents } from "../app/lib/money";
import { communityNameKey } from "../app/lib/name-keys";
import { countCharacters, extractHashtags, extractMentions } from "../app/lib/text";
import {
  buildComment,
  buildMediaUpload,
  buildPost,
  buildUser,
  mediaKey,
  type CommentRow,
  type MediaUploadRow,
  type PostRow,
  type UserRow,
} from "../tests/fixtures/factories";
import { putObjects } from "./lib/r2.mjs";
import { executeFile } from "./lib/wrangler.mjs";
import { SEED_COMMUNITIES, SEED_DIRECT_MESSAGES, SEED_POSTS, SEED_SUBSCRIPTIONS, type SeedComment, type SeedCommunity, type SeedDirectConversation, type SeedPost, type Username } from "./seed-assets/content";
import { paintPicture, PICTURE_HEIGHT, PICTURE_WIDTH } from "./seed-assets/pictures";
import { between, pick, seededRandom, type Random } from "./seed-assets/random";

export const DEMO_PASSWORD = "murmur-demo";

const { MINUTE, HOUR, DAY } = TIME;

/** Fixed, so every install tells the same story (ids still differ: they carry fresh randomness). */
const RANDOM_SEED = 20_240_611;
const MEMBERS_JOINED_DAYS_AGO = 90;
/** Posts are not written on the hour: each one moves up to this much later than its nominal time. */
const POST_TIME_JITTER = 50 * MINUTE;
/** Photos and clips are uploaded while the post is being written. */
const UPLOADED_BEFORE_POST = 3 * MINUTE;
/** Most likes, bookmarks, shares and comments arrive within a day and a half of a post. */
const REACTION_WINDOW = 36 * HOUR;
const REPLY_WINDOW = 6 * HOUR;

/** How much a post catches on, from 0 to 1; photos and video help. */
const BUZZ_MIN = 0.35;
const BUZZ_MAX = 1;
const MEDIA_BUZZ_BONUS = 0.25;
/** Chances per member who sees a post, multiplied by the post's buzz. */
const LIKE_CHANCE = 0.9;
const BOOKMARK_CHANCE = 0.3;
const MAX_SHARES_PER_POST = 4;
const COMMENT_LIKE_CHANCE = 0.45;
/** A member opens a post on the day it appears with this chance, and less often on each later day. */
const FIRST_DAY_VIEW_CHANCE = 0.95;
const DAILY_VIEW_DECAY = 0.5;

const SHARE_PLATFORMS = ["twitter", "facebook", "linkedin", "whatsapp", "email", "copy"] as const;
const MEDIA_BUCKET = "uploads";
const DEMO_CLIP = fileURLToPath(new URL("./seed-assets/demo-clip.mp4", import.meta.url));
const DEMO_CLIP_SECONDS = 6;

type Demo = Pick<UserRow, "username" | "displayName" | "bio" | "location" | "website" | "verifiedType"> & {
  username: Username;
};

const DEMO_MEMBERS: Demo[] = [
  { username: "maya", displayName: "Maya Chen", bio: "Product designer. Coffee, type and tiny interfaces. ☕️", location: "Lisbon", website: "https://example.com/maya", verifiedType: "user" },
  { username: "leo", displayName: "Leo Park", bio: "Backend engineer who likes boring technology and exciting bread.", location: "Seoul", website: null, verifiedType: null },
  { username: "sofia", displayName: "Sofia Rossi", bio: "Trail runner, photographer, occasional poet.", location: "Turin", website: null, verifiedType: null },
  { username: "omar", displayName: "Omar Haddad", bio: "Writing about cities, maps and public transport.", location: "Amman", website: "https://example.com/omar", verifiedType: "user" },
  { username: "priya", displayName: "Priya Nair", bio: "Climate data nerd. Plants > people (most days).", location: "Bengaluru", website: null, verifiedType: null },
  { username: "murmur", displayName: "Murmur", bio: "The official account of Murmur. News, tips and product updates.", location: null, website: "https://example.com", verifiedType: "business" },
];

/** Who follows whom (by username). */
const FOLLOWS: [Username, Username[]][] = [
  ["maya", ["leo", "sofia", "omar", "murmur"]],
  ["leo", ["maya", "priya", "murmur"]],
  ["sofia", ["maya", "omar"]],
  ["omar", ["maya", "sofia", "priya", "murmur"]],
  ["priya", ["leo", "omar", "murmur"]],
  ["murmur", ["maya"]],
];

function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return String(value.getTime());
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

export function insertSql(table: string, row: Record<string, unknown>): string {
  const columns = Object.keys(row);
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlValue(row[c])).join(", ")});`;
}

/** A file to put into R2 before the rows that point at it are written. */
type PendingObject = { key: string; file: string; contentType: string };

type Seed = {
  now: number;
  random: Random;
  members: Map<Username, UserRow>;
  statements: string[];
  objects: PendingObject[];
  /** `${viewer} ${post} ${day}`: user_activity allows one view per member, post and day. */
  views: Set<string>;
  /** A scratch directory for the painted pictures. */
  dir: string;
  counts: Record<string, number>;
};

function add(seed: Seed, table: string, row: Record<string, unknown>) {
  seed.statements.push(insertSql(table, row));
  seed.counts[table] = (seed.counts[table] ?? 0) + 1;
}

function member(seed: Seed, username: Username): UserRow {
  const row = seed.members.get(username);
  if (!row) throw new Error(`No demo member @${username}`);
  return row;
}

/** A moment after `start`, within `window`, never in the future. */
function reactionTime(seed: Seed, start: number, window: number): number {
  const span = Math.min(window, seed.now - start);
  return start + Math.max(1, Math.floor(seed.random() * span));
}

// ───────────────────────────── members ─────────────────────────────

async function addMembers(seed: Seed) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const joined = seed.now - MEMBERS_JOINED_DAYS_AGO * DAY;
  DEMO_MEMBERS.forEach((demo, index) => {
    const m = buildUser(passwordHash, {
      ...demo,
      email: `${demo.username}@murmur.dev`,
      avatarUrl: `/demo/${demo.username}.svg`,
      createdAt: new Date(joined + index * HOUR),
      updatedAt: new Date(joined + index * HOUR),
    });
    seed.members.set(demo.username, m);
    add(seed, "users", {
      id: m.id,
      email: m.email,
      username: m.username,
      display_name: m.displayName,
      password_hash: m.passwordHash,
      bio: m.bio,
      avatar_url: m.avatarUrl,
      location: m.location,
      website: m.website,
      verified_type: m.verifiedType,
      is_business_entity: m.verifiedType === "business",
      created_at: m.createdAt,
      updated_at: m.updatedAt,
    });
    add(seed, "member_settings", { user_id: m.id });
  });
  for (const [follower, followed] of FOLLOWS) {
    for (const name of followed) {
      add(seed, "follows", { id: newId(), follower_id: member(seed, follower).id, following_id: member(seed, name).id });
    }
  }
}

// ───────────────────────────── posts and media ─────────────────────────────

/** Catches mistakes in content.ts before anything is written. */
function checkPost(post: SeedPost) {
  const length = countCharacters(post.text);
  if (length > POST_MAX_LENGTH) throw new Error(`A seed post is ${length} characters: ${post.text.slice(0, 40)}…`);
  for (const repost of post.reposts ?? []) {
    if (repost.by === post.by) throw new Error(`@${post.by} cannot repost their own post: ${post.text.slice(0, 40)}…`);
    if (repost.hoursLater * HOUR + POST_TIME_JITTER >= post.hoursAgo * HOUR) throw new Error(`A repost would be in the future: ${post.text.slice(0, 40)}…`);
  }
}

type PostMedia = {
  urls: Pick<PostRow, "mediaUrls" | "mediaDimensions" | "videoUrl" | "videoDuration">;
  uploads: { row: MediaUploadRow; file: string }[];
};

/** Paints the post's pictures and picks up its clip: the URLs the post stores and the uploads behind them. */
function prepareMedia(seed: Seed, post: SeedPost, postId: string, authorId: string, createdAt: number): PostMedia {
  const uploadedAt = createdAt - UPLOADED_BEFORE_POST;
  // Every painted picture has the same dimensions.
  const dimensions = { width: PICTURE_WIDTH, height: PICTURE_HEIGHT };
  const uploads = (post.pictures ?? []).map((name) => {
    const png = paintPicture(name);
    const file = join(seed.dir, `${name}.png`);
    writeFileSync(file, png);
    const row = buildMediaUpload(authorId, {
      key: mediaKey("images/posts", "png", uploadedAt),
      size: png.length,
      ...dimensions,
      postId,
      createdAt: new Date(uploadedAt),
    });
    return { row, file };
  });
  const mediaUrls = uploads.length > 0 ? uploads.map(({ row }) => `/media/${row.key}`) : null;
  const mediaDimensions = uploads.length > 0 ? uploads.map(() => dimensions) : null;
  if (!post.video) return { urls: { mediaUrls, mediaDimensions, videoUrl: null, videoDuration: null }, uploads };
  const video = buildMediaUpload(authorId, {
    key: mediaKey("videos", "mp4", uploadedAt),
    kind: "video",
    contentType: "video/mp4",
    size: readFileSync(DEMO_CLIP).length,
    postId,
    createdAt: new Date(uploadedAt),
  });
  uploads.push({ row: video, file: DEMO_CLIP });
  return { urls: { mediaUrls, mediaDimensions, videoUrl: `/media/${video.key}`, videoDuration: DEMO_CLIP_SECONDS }, uploads };
}

function addUpload(seed: Seed, upload: MediaUploadRow, file: string) {
  seed.objects.push({ key: upload.key, file, contentType: upload.contentType });
  add(seed, "media_uploads", {
    key: upload.key,
    user_id: upload.userId,
    kind: upload.kind,
    purpose: upload.purpose,
    content_type: upload.contentType,
    size: upload.size,
    width: upload.width,
    height: upload.height,
    post_id: upload.postId,
    created_at: upload.createdAt,
  });
}

function addPostRow(seed: Seed, post: PostRow) {
  add(seed, "posts", {
    id: post.id,
    user_id: post.userId,
    content: post.content,
    media_urls: post.mediaUrls,
    media_dimensions: post.mediaDimensions,
    video_url: post.videoUrl,
    video_duration: post.videoDuration,
    location: post.location,
    community_id: post.communityId,
    reposted_from_post_id: post.repostedFromPostId,
    is_subscriber_only: post.isSubscriberOnly,
    created_at: post.createdAt,
    search_words: post.searchWords,
  });
}

/** Creators' offers and their subscribers, each with the payment of its current period (test provider). */
function addSubscriptions(seed: Seed) {
  for (const { creator, priceCents, subscribers } of SEED_SUBSCRIPTIONS) {
    const maker = member(seed, creator);
    seed.statements.push(`UPDATE users SET offers_subscriptions = 1, subscription_price_cents = ${priceCents} WHERE id = '${maker.id}';`);
    for (const { by, plan, daysLeft } of subscribers) {
      const fan = member(seed, by);
      const expiresAt = seed.now + daysLeft * DAY;
      const startedAt = plan === "yearly" ? expiresAt - 365 * DAY : expiresAt - 30 * DAY;
      const amount = planAmountCents(priceCents, plan);
      const id = newId(startedAt);
      add(seed, "creator_subscriptions", { id, subscriber_id: fan.id, subscribed_to_id: maker.id, amount_cents: amount, plan, status: "active", expires_at: expiresAt, provider: "test", created_at: startedAt });
      add(seed, "payments", { id: newId(startedAt), user_id: fan.id, kind: "creator_subscription", subscription_id: id, amount_cents: amount, currency: "usd", provider: "test", provider_reference: `test_seed_${id}`, status: "succeeded", created_at: startedAt });
    }
  }
}

/** A post of the feed, or with `communityId` a post in that community. */
function addPost(seed: Seed, post: SeedPost, communityId: string | null = null): PostRow {
  checkPost(post);
  const author = member(seed, post.by);
  const createdAt = seed.now - post.hoursAgo * HOUR + Math.floor(seed.random() * POST_TIME_JITTER);
  const id = newId(createdAt);
  const media = prepareMedia(seed, post, id, author.id, createdAt);
  const row = buildPost(author.id, {
    id,
    content: post.text,
    location: post.location ?? null,
    communityId,
    createdAt: new Date(createdAt),
    isSubscriberOnly: post.forSubscribers ?? false,
    ...media.urls,
  });
  addPostRow(seed, row);
  for (const upload of media.uploads) addUpload(seed, upload.row, upload.file);
  for (const hashtag of extractHashtags(post.text)) add(seed, "post_hashtags", { post_id: id, hashtag, created_at: createdAt });
  for (const username of extractMentions(post.text)) {
    const mentioned = [...seed.members.values()].find((m) => m.username.toLowerCase() === username);
    add(seed, "post_mentions", { post_id: id, username, user_id: mentioned?.id ?? null });
  }
  return row;
}

/** A repost is its own (empty) post pointing at the original, plus the post_reposts row the counter follows. */
function addReposts(seed: Seed, post: SeedPost, original: PostRow) {
  for (const repost of post.reposts ?? []) {
    const reposter = member(seed, repost.by);
    const at = original.createdAt.getTime() + repost.hoursLater * HOUR;
    addPostRow(seed, buildPost(reposter.id, { content: "", repostedFromPostId: original.id, createdAt: new Date(at) }));
    add(seed, "post_reposts", { post_id: original.id, user_id: reposter.id, created_at: at });
    addView(seed, reposter.id, original, at);
  }
}

// ───────────────────────────── conversations ─────────────────────────────

/** Everyone who may see and react to posts: all demo members, or a community's members. */
const everyone = (seed: Seed) => [...seed.members.values()];

function addComment(seed: Seed, original: PostRow, comment: CommentRow, audience: UserRow[]) {
  add(seed, "comments", {
    id: comment.id,
    post_id: comment.postId,
    user_id: comment.userId,
    content: comment.content,
    parent_id: comment.parentId,
    created_at: comment.createdAt,
  });
  addView(seed, comment.userId, original, comment.createdAt.getTime());
  for (const liker of audience) {
    if (liker.id === comment.userId || seed.random() >= COMMENT_LIKE_CHANCE) continue;
    const at = reactionTime(seed, comment.createdAt.getTime(), REACTION_WINDOW);
    add(seed, "comment_likes", { comment_id: comment.id, user_id: liker.id, created_at: at });
  }
}

function addConversation(seed: Seed, comments: SeedComment[], original: PostRow, audience = everyone(seed)) {
  for (const seeded of comments) {
    const at = reactionTime(seed, original.createdAt.getTime(), REACTION_WINDOW);
    const comment = buildComment(original.id, member(seed, seeded.by).id, { content: seeded.text, createdAt: new Date(at) });
    addComment(seed, original, comment, audience);
    for (const reply of seeded.replies ?? []) {
      const replyAt = reactionTime(seed, at, REPLY_WINDOW);
      const row = buildComment(original.id, member(seed, reply.by).id, {
        content: reply.text,
        parentId: comment.id,
        createdAt: new Date(replyAt),
      });
      addComment(seed, original, row, audience);
    }
  }
}

// ───────────────────────────── reactions and views ─────────────────────────────

/** Records that a member opened a post (once a day, never the author), as the app's view tracking does. */
function addView(seed: Seed, viewerId: string, post: PostRow, at: number) {
  const day = Math.floor(at / DAY);
  const key = `${viewerId} ${post.id} ${day}`;
  if (viewerId === post.userId || seed.views.has(key)) return;
  seed.views.add(key);
  add(seed, "user_activity", { id: newId(at), user_id: viewerId, post_id: post.id, action_type: "view", weight: 1, day, created_at: at });
}

function addReactions(seed: Seed, post: PostRow, buzz: number, members = everyone(seed)) {
  const audience = members.filter((m) => m.id !== post.userId);
  const start = post.createdAt.getTime();
  for (const viewer of audience) {
    if (seed.random() < buzz * LIKE_CHANCE) {
      const at = reactionTime(seed, start, REACTION_WINDOW);
      add(seed, "post_likes", { post_id: post.id, user_id: viewer.id, created_at: at });
      addView(seed, viewer.id, post, at);
    }
    if (seed.random() < buzz * BOOKMARK_CHANCE) {
      const at = reactionTime(seed, start, REACTION_WINDOW);
      add(seed, "post_bookmarks", { post_id: post.id, user_id: viewer.id, created_at: at });
      addView(seed, viewer.id, post, at);
    }
  }
  const shares = Math.floor(seed.random() * (MAX_SHARES_PER_POST + 1) * buzz);
  /** `${member} ${platform}`: a share counts once per member, post and platform. */
  const shared = new Set<string>();
  for (let i = 0; i < shares; i++) {
    const sharer = pick(seed.random, audience);
    const at = reactionTime(seed, start, REACTION_WINDOW);
    const platform = pick(seed.random, SHARE_PLATFORMS);
    if (!shared.has(`${sharer.id} ${platform}`)) {
      shared.add(`${sharer.id} ${platform}`);
      add(seed, "post_shares", { id: newId(at), post_id: post.id, user_id: sharer.id, platform, created_at: at });
    }
    addView(seed, sharer.id, post, at);
  }
}

/** Views by members who only scrolled past: likely on the first day, fading after. */
function addBrowsingViews(seed: Seed, post: PostRow, buzz: number, audience = everyone(seed)) {
  const start = post.createdAt.getTime();
  for (const viewer of audience) {
    for (let dayStart = Math.floor(start / DAY) * DAY, age = 0; dayStart <= seed.now; dayStart += DAY, age++) {
      if (seed.random() >= FIRST_DAY_VIEW_CHANCE * buzz * DAILY_VIEW_DECAY ** age) continue;
      const from = Math.max(start, dayStart);
      const until = Math.min(dayStart + DAY, seed.now);
      addView(seed, viewer.id, post, Math.floor(between(seed.random, from, until)));
    }
  }
}

// ───────────────────────────── communities ─────────────────────────────

/** Members join within this long after a community is created, and post only after that. */
const COMMUNITY_JOIN_WINDOW = 2 * DAY;

/** Catches mistakes in content.ts: unique names, roles once each, posts and comments by members after they joined. */
function checkCommunity(community: SeedCommunity) {
  const name = communityNameKey(community.name);
  if (SEED_COMMUNITIES.filter((other) => communityNameKey(other.name) === name).length > 1) throw new Error(`Two seed communities are named ${community.name}`);
  if (community.name.length > COMMUNITY_NAME_MAX_LENGTH || community.description.length > COMMUNITY_DESCRIPTION_MAX_LENGTH) {
    throw new Error(`The seed community ${community.name} has a name or description too long`);
  }
  const everyMember = [community.creator, ...community.admins, ...community.moderators, ...community.members];
  if (new Set(everyMember).size !== everyMember.length) throw new Error(`Someone has two roles in ${community.name}`);
  const inviters: Username[] = [community.creator, ...community.admins];
  if (!inviters.includes(community.invite.by)) throw new Error(`Only the creator or an admin invites to ${community.name}`);
  const by = (who: Username, text: string) => {
    if (!everyMember.includes(who)) throw new Error(`@${who} is not a member of ${community.name}: ${text.slice(0, 40)}…`);
  };
  for (const post of community.posts) {
    by(post.by, post.text);
    for (const comment of post.comments ?? []) for (const reply of [comment, ...(comment.replies ?? [])]) by(reply.by, reply.text);
    if (post.reposts?.length) throw new Error(`Community posts are not reposted: ${post.text.slice(0, 40)}…`);
    if (post.hoursAgo * HOUR + COMMUNITY_JOIN_WINDOW >= community.createdDaysAgo * DAY) throw new Error(`A post in ${community.name} is older than its members: ${post.text.slice(0, 40)}…`);
  }
}

/** An invite code as the app draws it: INVITE_CODE_LENGTH characters of INVITE_CODE_ALPHABET, crypto random. */
function inviteCode(): string {
  return Array.from({ length: INVITE_CODE_LENGTH }, () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)]).join("");
}

/**
 * A community as the app makes one: the row (with a painted image when the seed has one: an upload of
 * purpose "communities" by the creator), the creator a member with role creator, then the others
 * joining with their roles (member_count is the triggers'), the posts with their hashtags, mentions,
 * conversations, likes and views among the members only (a private community's posts are seen by no
 * one else; posts_count is the triggers'), and the invite link.
 */
function addCommunity(seed: Seed, community: SeedCommunity) {
  checkCommunity(community);
  const createdAt = seed.now - community.createdDaysAgo * DAY + Math.floor(seed.random() * HOUR);
  const id = newId(createdAt);
  const creator = member(seed, community.creator);
  let imageUrl: string | null = null;
  if (community.picture) {
    const png = paintPicture(community.picture);
    const file = join(seed.dir, `community-${community.picture}.png`);
    writeFileSync(file, png);
    const upload = buildMediaUpload(creator.id, {
      key: mediaKey("images/communities", "png", createdAt - UPLOADED_BEFORE_POST),
      purpose: "communities",
      size: png.length,
      width: PICTURE_WIDTH,
      height: PICTURE_HEIGHT,
      createdAt: new Date(createdAt - UPLOADED_BEFORE_POST),
    });
    addUpload(seed, upload, file);
    imageUrl = `/media/${upload.key}`;
  }
  add(seed, "communities", {
    id,
    name: community.name,
    name_key: communityNameKey(community.name),
    description: community.description,
    image_url: imageUrl,
    creator_id: creator.id,
    is_private: community.isPrivate ?? false,
    created_at: createdAt,
    updated_at: createdAt,
  });
  const roles: [Username, string][] = [
    [community.creator, "creator"],
    ...community.admins.map((name): [Username, string] => [name, "admin"]),
    ...community.moderators.map((name): [Username, string] => [name, "moderator"]),
    ...community.members.map((name): [Username, string] => [name, "member"]),
  ];
  const joins = roles.map(([, role]) => (role === "creator" ? createdAt : createdAt + Math.floor(between(seed.random, HOUR, COMMUNITY_JOIN_WINDOW - HOUR))));
  roles.forEach(([name, role], index) => {
    const joinedAt = joins[index] ?? createdAt;
    add(seed, "community_members", { id: newId(joinedAt), community_id: id, user_id: member(seed, name).id, role, joined_at: joinedAt });
  });
  const audience = roles.map(([name]) => member(seed, name));
  for (const post of community.posts) {
    const row = addPost(seed, post, id);
    const buzz = between(seed.random, BUZZ_MIN, BUZZ_MAX);
    addConversation(seed, post.comments ?? [], row, audience);
    addReactions(seed, row, buzz, audience);
    addBrowsingViews(seed, row, buzz, audience);
  }
  const invite = community.invite;
  const invitedAt = seed.now - invite.daysAgo * DAY;
  add(seed, "community_invites", {
    id: newId(invitedAt),
    community_id: id,
    inviter_id: member(seed, invite.by).id,
    invite_code: inviteCode(),
    expires_at: invite.expiresInDays === undefined ? null : seed.now + invite.expiresInDays * DAY,
    max_uses: invite.maxUses ?? null,
    uses_count: invite.uses ?? 0,
    // Used up: its last use is dated by the invite's own time (the clean-up counts from it, decision 122).
    used_up_at: invite.maxUses !== undefined && (invite.uses ?? 0) >= invite.maxUses ? invitedAt : null,
    created_at: invitedAt,
  });
}

// ───────────────────────────── direct messages ─────────────────────────────

/**
 * A conversation and its messages (the triggers make both inbox rows and count what is unread). Each
 * message is read except the newest, when it is the other member's.
 */
function addDirectConversation(seed: Seed, conversation: SeedDirectConversation) {
  const [first, second] = conversation.between.map((name) => member(seed, name).id).sort();
  const started = seed.now - conversation.startedHoursAgo * HOUR;
  const id = newId(started);
  add(seed, "conversations", { id, participant_1_id: first, participant_2_id: second, created_at: started });
  conversation.messages.forEach((message, index) => {
    const at = started + message.minutesLater * MINUTE;
    const newest = index === conversation.messages.length - 1;
    add(seed, "messages", { id: newId(at), conversation_id: id, sender_id: member(seed, message.by).id, content: message.text, is_read: newest ? 0 : 1, created_at: at });
  });
}

// ───────────────────────────── main ─────────────────────────────

function addContent(seed: Seed) {
  for (const post of SEED_POSTS) {
    const row = addPost(seed, post);
    const hasMedia = row.mediaUrls !== null || row.videoUrl !== null;
    const buzz = Math.min(BUZZ_MAX, between(seed.random, BUZZ_MIN, BUZZ_MAX) + (hasMedia ? MEDIA_BUZZ_BONUS : 0));
    addReposts(seed, post, row);
    addConversation(seed, post.comments ?? [], row);
    addReactions(seed, row, buzz);
    addBrowsingViews(seed, row, buzz);
  }
  for (const community of SEED_COMMUNITIES) addCommunity(seed, community);
  for (const conversation of SEED_DIRECT_MESSAGES) addDirectConversation(seed, conversation);
  addSubscriptions(seed);
  // The trends as the cron computes them (its own SQL, at the seed's time), after every post.
  seed.statements.push(trendsScript(seed.now));
}

/** SQL for an id made at `time` (a column of milliseconds) as app/.server/ids.ts makes ids: 10 base32 characters of time, 16 random. */
function idAtSql(time: string): string {
  const alphabet = "'0123456789ABCDEFGHJKMNPQRSTVWXYZ'";
  const digits = Array.from({ length: 10 }, (_, i) => `substr(${alphabet}, ((${time} >> ${5 * (9 - i)}) & 31) + 1, 1)`);
  return `${digits.join(" || ")} || substr(hex(randomblob(8)), 1, 16)`;
}

/**
 * The triggers wrote the demo's notifications as the seed ran, all at this instant (decision 032):
 * each takes its cause's time (and an id of that time), those older than two days are read, and each
 * like or repost group's newest row is its head again.
 */
function retimeNotifications(seed: Seed) {
  const causeTime = `CASE type
    WHEN 'like' THEN (SELECT created_at FROM post_likes WHERE post_id = related_post_id AND user_id = related_user_id)
    WHEN 'repost' THEN (SELECT created_at FROM post_reposts WHERE post_id = related_post_id AND user_id = related_user_id)
    WHEN 'comment' THEN (SELECT min(created_at) FROM comments WHERE post_id = related_post_id AND user_id = related_user_id AND comments.content = notifications.content)
    WHEN 'mention' THEN (SELECT created_at FROM posts WHERE id = related_post_id)
    ELSE created_at END`;
  seed.statements.push(
    `UPDATE notifications SET created_at = coalesce(${causeTime}, created_at);`,
    `UPDATE notifications SET id = ${idAtSql("created_at")}, is_read = created_at < ${seed.now - 2 * TIME.DAY}, is_head = 1;`,
    `UPDATE notifications SET is_head = 0 WHERE type IN ('like', 'repost') AND EXISTS (SELECT 1 FROM notifications AS newer
      WHERE newer.user_id = notifications.user_id AND newer.type = notifications.type AND newer.related_post_id = notifications.related_post_id AND newer.id > notifications.id);`,
    `UPDATE notifications SET group_size = (SELECT count(*) FROM notifications AS member WHERE member.user_id = notifications.user_id
      AND member.type = notifications.type AND member.related_post_id = notifications.related_post_id) WHERE type IN ('like', 'repost') AND is_head = 1;`,
  );
}

async function main() {
  const started = Date.now();
  const seed: Seed = {
    now: started,
    random: seededRandom(RANDOM_SEED),
    members: new Map(),
    statements: [],
    objects: [],
    views: new Set(),
    dir: mkdtempSync(join(tmpdir(), "murmur-seed-")),
    counts: {},
  };
  await addMembers(seed);
  addContent(seed);
  retimeNotifications(seed);
  seed.statements.push(...popularPostsRefreshSql(seed.now));

  const persistTo = process.env.PERSIST_TO;
  await putObjects(MEDIA_BUCKET, seed.objects, persistTo);
  const file = join(seed.dir, "seed.sql");
  writeFileSync(file, seed.statements.join("\n"));
  executeFile(file, persistTo);
  rmSync(seed.dir, { recursive: true, force: true });

  const counted = Object.entries(seed.counts).map(([table, count]) => `${table} ${count}`);
  console.log(`Seeded ${counted.join(", ")} in ${((Date.now() - started) / 1000).toFixed(1)} s (password "${DEMO_PASSWORD}").`);
}

await main();

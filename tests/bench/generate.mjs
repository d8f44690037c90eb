// The benchmark's data sets, generated once each into a local D1 of their own. The sizes are the
// presets in PRESETS: `large` (DESIGN.md §9, the default, in tests/bench/data): 100 000 users,
// 1 000 000 posts (3% reposts), a power-law follow graph, 5 000 000 likes; `peer` (tests/bench/data-peer):
// 10 000 users, 200 000 posts, ~1 000 000 follows, 1 000 000 likes. Both have the same shape and the
// extras the hot pages read (hashtags, videos, images, comments and replies, comment likes, views,
// notifications, trends, communities with members, posts, likes and invites). Rows are generated inside SQLite by recursive CTEs in SQL files run through
// `wrangler d1 execute --local`, after the real migrations. The counter triggers keep the counters,
// except in the three biggest bulk steps (follows, posts, likes), which drop a few secondary indexes
// and triggers, insert in an index-friendly order, then recreate them from the migrated schema's own
// SQL, recompute the affected counters from the rows and rebuild the posts FTS index: the same end
// state the triggers produce (checked: the schema must equal the migrated one, the counter sums must
// equal the row counts; --verify also checks every counter row by row and the FTS integrity).
//
//   node tests/bench/generate.mjs [--preset=large|peer] [--regenerate] [--verify]
//   (npm run bench [-- --preset=peer] calls ensureBenchData)
//   BENCH_SCALE=0.05 shrinks every count of the preset (for trying the generator quickly);
//   BENCH_DATA_DIR=<folder> puts the set there instead of the preset's folder.
// A complete set made before the communities existed gets them alone (ensureCommunities), no regeneration;
// likewise the direct messages (ensureMessages).
import { execFileSync } from "node:child_process";
import console from "node:console";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { applyMigrations, executeFile, queryLocal, ROOT } from "../../scripts/lib/wrangler.mjs";
import { CITIES, FIRST_NAMES, LAST_NAMES, hashtags, prng, sentences } from "./words.mjs";

/**
 * The data sets: their sizes, folder (under tests/bench, git-ignored), and the members the benchmark
 * views as. `followScale` multiplies every member's number of follow draws (the power-law mix below:
 * 10% follow few, 89% 20–200 log-skewed, 1% 500–3000); draws of the same account collapse, more
 * often among fewer members, so 1.7 over 10 000 members gives ~100 follows each (1 over 100 000: ~65).
 * Viewers: `heavy` follows about that many (or, "most", the member following the most), `median` is
 * the median member (or the one following closest to that many), `light` follows about that many.
 */
export const PRESETS = {
  large: {
    dir: "data",
    users: 100_000,
    posts: 1_000_000,
    followScale: 1,
    likes: 5_000_000,
    comments: 500_000,
    commentLikes: 250_000,
    views: 1_000_000,
    communities: 2000,
    communityPosts: 50_000,
    communityLikes: 250_000,
    viewers: { heavy: 1500, median: "median", light: 5 },
  },
  // A network of peers: a tenth of the members, a fifth of the posts (likes, comments and views in
  // the same proportion as the posts), and each member following ~100 others on average.
  peer: {
    dir: "data-peer",
    users: 10_000,
    posts: 200_000,
    followScale: 1.7,
    likes: 1_000_000,
    comments: 100_000,
    commentLikes: 50_000,
    views: 200_000,
    communities: 200,
    communityPosts: 10_000,
    communityLikes: 50_000,
    viewers: { heavy: "most", median: 100, light: 5 },
  },
};
export const DEFAULT_PRESET = "large";

/** The folder of a preset's local D1 (tests/bench/data for the large one). */
export function dataDir(preset = DEFAULT_PRESET) {
  if (!Object.hasOwn(PRESETS, preset)) {
    throw new Error(`bench data: unknown preset "${preset}" (presets: ${Object.keys(PRESETS).join(", ")})`);
  }
  // BENCH_DATA_DIR: another folder (trying the generator, e.g. with BENCH_SCALE, beside the real sets).
  if (process.env.BENCH_DATA_DIR) return resolve(process.env.BENCH_DATA_DIR);
  return join(ROOT, "tests", "bench", PRESETS[preset].dir);
}
export const DATA_DIR = dataDir(DEFAULT_PRESET);
/**
 * Bump when the generator changes shape: older data sets are then regenerated. 2: migration 0018
 * (decision 049) rewrites every comment of a set made before it, which is then laid out otherwise than one made with it.
 * 3: reposts' rowids follow their ids (migration 0025's reposts_fts reads them in rowid order, decision 063).
 */
export const GENERATOR_VERSION = "3";

const DAY = 86_400_000;
const HOUR = 3_600_000;

// ───────────────────────────── SQL building blocks ─────────────────────────────

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** SQL for `expr` (a non-negative integer) in Crockford base32, `chars` characters (as app/.server/ids.ts). */
function b32(expr, chars) {
  const parts = [];
  for (let i = chars - 1; i >= 0; i--) parts.push(`substr('${ALPHABET}', ((${expr}) >> ${5 * i}) % 32 + 1, 1)`);
  return parts.join(" || ");
}

/** The same encoding in JS (for literal id bounds). */
function b32js(value, chars) {
  let out = "";
  for (let i = 0; i < chars; i++) {
    out = ALPHABET[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

/**
 * A 26-character time-sortable id: 10 characters of milliseconds (`time` must be a stable
 * expression: a column, never random()), 6 of a per-table sequence number (unique), 10 random.
 */
const idSql = (time, seq) => `${b32(time, 10)} || ${b32(seq, 6)} || hex(randomblob(5))`;

/** Uniform in [0, 1) and (0, 1]; integers in [0, n). Each call site is a fresh random(). */
const U = "((random() & 4294967295) / 4294967296.0)";
const U1 = "(((random() & 4294967295) + 1) / 4294967296.0)";
const rnd = (n) => `((random() & 140737488355327) % ${n})`;

/** A Zipf-like rank in [1, n] for exponent a < 1 (inverse CDF of a continuous power law). */
const zipf = (n, a) => `min(${n}, CAST(pow(1.0 + ${U} * ${n ** (1 - a) - 1}, ${1 / (1 - a)}) AS INTEGER))`;
/** A Zipf rank in [1, n] for exponent 1. */
const zipf1 = (n) => `min(${n}, CAST(exp(${U} * ${Math.log(n + 1)}) AS INTEGER))`;

const seq = (from, to) => `seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})`;
const quote = (text) => `'${String(text).replaceAll("'", "''")}'`;

function valuesInsert(table, columns, rows, perStatement = 500) {
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows
      .slice(i, i + perStatement)
      .map((row) => `(${row.map((v) => (v === null ? "NULL" : typeof v === "number" ? v : quote(v))).join(", ")})`);
    statements.push(`INSERT INTO ${table} (${columns.join(", ")}) VALUES\n${values.join(",\n")};`);
  }
  return statements.join("\n");
}

function gcd(a, b) {
  return b === 0 ? a : gcd(b, a % b);
}

const ranges = (count, parts) => {
  const size = Math.ceil(count / parts);
  const out = [];
  for (let from = 1; from <= count; from += size) out.push([from, Math.min(count, from + size - 1)]);
  return out;
};

// ───────────────────────────── the plan ─────────────────────────────

export function makePlan(preset = DEFAULT_PRESET, scale = 1, now = Math.floor(Date.now() / 1000) * 1000) {
  dataDir(preset); // checks the name
  const size = PRESETS[preset];
  const users = Math.max(1000, Math.round(size.users * scale));
  const posts = Math.round(size.posts * scale);
  const reposts = Math.round(posts * 0.03);
  const stride = [7919, 7927, 7933, 7937, 104729].find((p) => gcd(p, users) === 1);
  return {
    preset,
    scale,
    now,
    users,
    posts,
    reposts,
    originals: posts - reposts,
    followScale: size.followScale,
    likes: Math.round(size.likes * scale),
    comments: Math.round(size.comments * scale),
    commentLikes: Math.round(size.commentLikes * scale),
    views: Math.round(size.views * scale),
    communities: Math.max(20, Math.round(size.communities * scale)),
    communityPosts: Math.round(size.communityPosts * scale),
    communityLikes: Math.round(size.communityLikes * scale),
    viewers: size.viewers,
    tags: 5000,
    texts: 2048,
    maxLikesPerPost: Math.min(50_000, users - 1),
    stride,
  };
}

/**
 * The trends job's statements (app/.server/trends.ts, `trendsScript`) as of `now`, written out by tsx:
 * the data set's hashtag_trends are exactly what the cron would compute at the data set's time.
 */
function trendsSql(now) {
  const script = `import { trendsScript } from "./app/.server/trends.ts"; process.stdout.write(trendsScript(${Number(now)}));`;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
}

/**
 * The SQL files of the generation, step by step. `schema` maps each index and trigger name to its
 * CREATE statement as the migrations made it, so the bulk steps can drop and recreate them exactly.
 */
/** The triggers that write notifications (migration 0011), off during the bulk steps. */
const NOTIFY_TRIGGERS = ["post_likes_notify", "post_reposts_notify", "follows_notify", "comments_notify", "post_mentions_notify"];

function steps(plan, schema) {
  const { now, users: N } = plan;
  const drop = (kind, ...names) => names.map((name) => `DROP ${kind.toUpperCase()} ${name};`).join("\n");
  const recreate = (...names) =>
    names
      .map((name) => {
        if (!schema[name]) throw new Error(`bench data: ${name} is not in the schema; did the migrations change?`);
        return `${schema[name]};`;
      })
      .join("\n");
  const T0 = now - 365 * DAY; // posts, follows and likes happen in the last year
  const step = (365 * DAY) / plan.originals; // originals are evenly spread, ids ascending with rowid
  const texts = sentences(plan.texts);
  const tags = hashtags(plan.tags);
  // Posts are written here in SQL, not through the app's `searchWordsOf`: their `search_words` stays
  // NULL, right only while no text has a script written without spaces (decision 091).
  for (const text of [...texts, ...tags]) {
    if (/[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u.test(text)) {
      throw new Error(`bench data: "${text}" needs search_words (app/.server/posts/words.ts)`);
    }
  }
  const topLevel = Math.round(plan.comments * 0.77);

  const setup = [
    `CREATE TABLE IF NOT EXISTS bench_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
    `DELETE FROM bench_meta;`,
    `DROP TABLE IF EXISTS bench_seq;`,
    `CREATE TABLE bench_seq (n INTEGER PRIMARY KEY);`,
    `WITH RECURSIVE ${seq(1, 100_000)} INSERT INTO bench_seq SELECT n FROM seq;`,
    `DROP TABLE IF EXISTS bench_text;`,
    `CREATE TABLE bench_text (i INTEGER PRIMARY KEY, s TEXT NOT NULL);`,
    valuesInsert("bench_text", ["i", "s"], texts.map((s, i) => [i + 1, s])),
    `DROP TABLE IF EXISTS bench_tag;`,
    `CREATE TABLE bench_tag (i INTEGER PRIMARY KEY, tag TEXT NOT NULL);`,
    valuesInsert("bench_tag", ["i", "tag"], tags.map((t, i) => [i + 1, t])),
    `DROP TABLE IF EXISTS bench_first;`,
    `CREATE TABLE bench_first (i INTEGER PRIMARY KEY, name TEXT NOT NULL);`,
    valuesInsert("bench_first", ["i", "name"], FIRST_NAMES.map((s, i) => [i + 1, s])),
    `DROP TABLE IF EXISTS bench_last;`,
    `CREATE TABLE bench_last (i INTEGER PRIMARY KEY, name TEXT NOT NULL);`,
    valuesInsert("bench_last", ["i", "name"], LAST_NAMES.map((s, i) => [i + 1, s])),
    `DROP TABLE IF EXISTS bench_city;`,
    `CREATE TABLE bench_city (i INTEGER PRIMARY KEY, name TEXT NOT NULL);`,
    valuesInsert("bench_city", ["i", "name"], CITIES.map((s, i) => [i + 1, s])),
  ].join("\n");

  // Users: rowid n is also the popularity rank (1 = the most followed); joined 1–2 years ago.
  const usersSql = `
WITH RECURSIVE ${seq(1, N)},
u AS MATERIALIZED (
  SELECT n, ${now - 730 * DAY} + ${rnd(364 * DAY)} AS t,
    1 + ${rnd(FIRST_NAMES.length)} AS fi, 1 + ${rnd(LAST_NAMES.length)} AS li, ${rnd(100)} AS r
  FROM seq)
INSERT INTO users (rowid, id, email, username, display_name, password_hash, bio, location, verified_type, created_at, updated_at)
SELECT u.n, ${idSql("u.t", "u.n")},
  lower(f.name) || '.' || lower(l.name) || u.n || '@bench.murmur.dev',
  lower(f.name) || '_' || lower(l.name) || u.n,
  f.name || ' ' || l.name,
  'scrypt$16384$8$5$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  CASE WHEN u.r < 50 THEN (SELECT s FROM bench_text WHERE i = 1 + u.n * 7 % ${plan.texts}) END,
  CASE WHEN u.r >= 50 AND u.r < 80 THEN (SELECT name FROM bench_city WHERE i = 1 + u.n % ${CITIES.length}) END,
  CASE WHEN u.n <= 10 AND u.n % 3 = 0 THEN 'business' WHEN u.n <= 300 OR u.n % 400 = 0 THEN 'user' END,
  u.t, u.t
FROM u JOIN bench_first f ON f.i = u.fi JOIN bench_last l ON l.i = u.li;
INSERT INTO member_settings (user_id, updated_at) SELECT id, created_at FROM users;
-- A compact rank → id map: far fewer pages to look up than the users table itself.
DROP TABLE IF EXISTS bench_uid;
CREATE TABLE bench_uid (n INTEGER PRIMARY KEY, id TEXT NOT NULL);
INSERT INTO bench_uid (n, id) SELECT rowid, id FROM users;`;

  // Follows: out-degree mostly 20–200 (log-skewed), 10% follow fewer, 1% follow 500–3000, all times
  // the preset's followScale; targets drawn by a power law over popularity rank (a few accounts end
  // up with tens of thousands of followers, or most members in the peer set). Repeated draws of the
  // same pair collapse into one follow (GROUP BY).
  const degrees = `
DROP TABLE IF EXISTS bench_deg;
CREATE TABLE bench_deg (n INTEGER PRIMARY KEY, d INTEGER NOT NULL);
WITH RECURSIVE ${seq(1, N)}, r AS MATERIALIZED (SELECT n, ${U} AS a, ${U} AS b FROM seq)
INSERT INTO bench_deg
SELECT n, min(${N - 1}, CAST(${plan.followScale} * CASE WHEN a < 0.10 THEN 1 + CAST(b * 19 AS INTEGER)
                      WHEN a < 0.99 THEN CAST(20 * pow(10, b * b) AS INTEGER)
                      ELSE 500 + CAST(b * 2500 AS INTEGER) END AS INTEGER))
FROM r;`;
  // Bulk mode: the pair/secondary indexes and counter triggers of follows are dropped while the
  // edges go in (deduplicated, in time order so the id index only appends), then recreated from
  // their migration SQL, and the counters recomputed: the same end state the triggers produce.
  const edges = `
${drop("index", "follows_pair_unique", "follows_following_idx", "follows_follower_idx")}
${drop("trigger", "follows_followers_count_insert", "follows_following_count_insert")}
DROP TABLE IF EXISTS bench_edge;
CREATE TABLE bench_edge (f INTEGER NOT NULL, t INTEGER NOT NULL, c INTEGER NOT NULL);
WITH e AS MATERIALIZED (
  SELECT d.n AS f, ${zipf(N, 0.7)} AS t, ${T0} + ${rnd(365 * DAY)} AS c
  FROM bench_deg d JOIN bench_seq s ON s.n <= d.d)
INSERT INTO bench_edge (f, t, c)
SELECT f, t, min(c) AS c FROM e WHERE t <> f GROUP BY f, t ORDER BY c;`;
  const followsInsert = `
INSERT INTO follows (id, follower_id, following_id, created_at)
SELECT ${idSql("e.c", "e.rowid")}, a.id, b.id, e.c
FROM bench_edge e JOIN bench_uid a ON a.n = e.f JOIN bench_uid b ON b.n = e.t;`;
  const followsFinish = `
${recreate("follows_pair_unique", "follows_following_idx", "follows_follower_idx")}
UPDATE users SET
  followers_count = (SELECT count(*) FROM follows WHERE following_id = users.id),
  following_count = (SELECT count(*) FROM follows WHERE follower_id = users.id);
${recreate("follows_followers_count_insert", "follows_following_count_insert")}
DROP TABLE bench_edge;`;

  // Original posts: rowid n, time ascending with n (so ids sort like rowids), author by a power law
  // over popularity rank; 10% with 1–3 hashtags (Zipf over the tag list), 12% with 1–4 images,
  // 1% with a video, 5% with a location.
  const postChunks = ranges(plan.originals, 2).map(([from, to], index) => {
    const first = index === 0;
    return `
${first ? `${drop("trigger", "posts_fts_insert", "posts_author_count_insert")}\n${drop("index", "posts_user_idx", "posts_top_idx")}` : ""}
DROP TABLE IF EXISTS bench_q;
CREATE TABLE bench_q AS
WITH RECURSIVE ${seq(from, to)},
p AS MATERIALIZED (
  SELECT n, ${T0} + CAST((n - 1) * ${step} AS INTEGER) + ${rnd(Math.max(1, Math.floor(step)))} AS t,
    ${zipf(N, 0.6)} AS a, ${rnd(1000)} AS r1, ${rnd(1000)} AS r2, ${rnd(2)} AS two,
    1 + ${rnd(plan.texts)} AS s1, 1 + ${rnd(plan.texts)} AS s2,
    ${zipf1(plan.tags)} AS z1, ${zipf1(plan.tags)} AS z2, ${zipf1(plan.tags)} AS z3, ${rnd(3)} AS tc
  FROM seq),
q AS (
  SELECT p.*,
    CASE WHEN r2 < 100 THEN z1 END AS h1,
    CASE WHEN r2 < 100 AND tc >= 1 AND z2 <> z1 THEN z2 END AS h2,
    CASE WHEN r2 < 100 AND tc >= 2 AND z3 <> z1 AND z3 <> z2 THEN z3 END AS h3
  FROM p)
SELECT * FROM q;
INSERT INTO posts (rowid, id, user_id, content, media_urls, video_url, video_duration, location, created_at)
SELECT q.n, ${idSql("q.t", "q.n")}, u.id,
  t1.s || CASE WHEN q.two = 1 THEN ' ' || t2.s ELSE '' END
    || CASE WHEN q.h1 IS NULL THEN '' ELSE ' ' || (SELECT group_concat('#' || tag, ' ') FROM bench_tag WHERE i IN (q.h1, q.h2, q.h3)) END,
  CASE WHEN q.r1 < 10 OR q.r1 >= 130 THEN NULL
       WHEN q.r1 < 90 THEN json_array('/media/images/posts/bench-' || (q.n % 50) || '.jpg')
       WHEN q.r1 < 110 THEN json_array('/media/images/posts/bench-' || (q.n % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 1) % 50) || '.jpg')
       WHEN q.r1 < 120 THEN json_array('/media/images/posts/bench-' || (q.n % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 1) % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 2) % 50) || '.jpg')
       ELSE json_array('/media/images/posts/bench-' || (q.n % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 1) % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 2) % 50) || '.jpg', '/media/images/posts/bench-' || ((q.n + 3) % 50) || '.jpg')
  END,
  CASE WHEN q.r1 < 10 THEN '/media/videos/bench.mp4' END,
  CASE WHEN q.r1 < 10 THEN 5.5 + q.n % 175 END,
  CASE WHEN q.r1 >= 200 AND q.r1 < 250 THEN (SELECT name FROM bench_city WHERE i = 1 + q.n % ${CITIES.length}) END,
  q.t
FROM bench_q q JOIN bench_uid u ON u.n = q.a JOIN bench_text t1 ON t1.i = q.s1 JOIN bench_text t2 ON t2.i = q.s2;
INSERT INTO post_hashtags (post_id, hashtag, created_at)
SELECT p.id, t.tag, p.created_at FROM bench_q q JOIN posts p ON p.rowid = q.n JOIN bench_tag t ON t.i IN (q.h1, q.h2, q.h3);
DROP TABLE bench_q;
`;
  });
  const postsFinish = `
${recreate("posts_user_idx")}
UPDATE users SET posts_count = (SELECT count(*) FROM posts WHERE user_id = users.id AND reposted_from_post_id IS NULL);
${recreate("posts_author_count_insert")}
INSERT INTO posts_fts (posts_fts) VALUES ('rebuild');
${recreate("posts_fts_insert")}`;

  // Likes: per post a weight (author's followers ^ 0.7 × a Pareto factor), scaled so the total is
  // ~5M; the likers of a post are distinct users (an arithmetic progression modulo N). Inserted in
  // post order, so the counter trigger walks posts sequentially.
  const likeWeights = `
DROP TABLE IF EXISTS bench_pk;
CREATE TABLE bench_pk (n INTEGER PRIMARY KEY, w REAL NOT NULL, st INTEGER NOT NULL, k INTEGER NOT NULL DEFAULT 0);
INSERT INTO bench_pk (n, w, st)
SELECT p.rowid, pow(u.followers_count + 5, 0.7) * pow(${U1}, -0.6), ${rnd(N)}
FROM posts p JOIN users u ON u.id = p.user_id;
UPDATE bench_pk SET k = min(${plan.maxLikesPerPost}, CAST(w * (${plan.likes}.0 / (SELECT sum(w) FROM bench_pk)) + ${U} AS INTEGER));
${drop("index", "post_likes_user_idx")}`;
  const likeChunks = ranges(plan.originals, 5).map(
    ([from, to]) => `
INSERT INTO post_likes (post_id, user_id, created_at)
SELECT p.id, u.id, min(${now}, p.created_at + CAST(-ln(${U1}) * ${8 * HOUR} AS INTEGER))
FROM bench_pk k JOIN bench_seq s ON s.n <= k.k
  JOIN posts p ON p.rowid = k.n
  JOIN bench_uid u ON u.n = 1 + (k.st + s.n * ${plan.stride}) % ${N}
WHERE k.n BETWEEN ${from} AND ${to};`,
  );

  const likesFinish = recreate("post_likes_user_idx");

  // Reposts: a random like becomes a repost by the same member (so popular posts are reposted more).
  // Their rowids follow their ids, as for every post Murmur writes: reposts_fts reads reposts newest
  // first by rowid (migration 0025).
  const repostsSql = `
WITH RECURSIVE ${seq(1, plan.reposts)},
r AS MATERIALIZED (SELECT n, 1 + ${rnd("(SELECT max(rowid) FROM post_likes)")} AS lr, ${rnd(HOUR)} AS dl FROM seq),
x AS MATERIALIZED (SELECT r.n, l.post_id, l.user_id, min(${now}, l.created_at + r.dl) AS t FROM r JOIN post_likes l ON l.rowid = r.lr),
o AS MATERIALIZED (SELECT x.*, row_number() OVER (ORDER BY x.t, x.n) AS k FROM x)
INSERT OR IGNORE INTO posts (rowid, id, user_id, content, reposted_from_post_id, created_at)
SELECT ${plan.originals} + o.k, ${idSql("o.t", `${plan.originals} + o.k`)}, o.user_id, '', o.post_id, o.t FROM o ORDER BY o.k;
INSERT INTO post_reposts (post_id, user_id, created_at)
SELECT reposted_from_post_id, user_id, created_at FROM posts WHERE rowid > ${plan.originals};`;

  // Comments: 77% top level on liked posts (by the liker), then replies to every 4th comment and
  // replies to every 5th reply; ~250k comment likes. Inserted in post order (rowids follow), so the
  // counter triggers and the per-post indexes are walked sequentially.
  const commentsSql = `
WITH RECURSIVE ${seq(1, topLevel)},
c AS MATERIALIZED (SELECT n, 1 + ${rnd("(SELECT max(rowid) FROM post_likes)")} AS lr, 1 + ${rnd(plan.texts)} AS ti, ${60_000} + ${rnd(6 * HOUR)} AS dl FROM seq),
x AS MATERIALIZED (SELECT c.n, c.ti, l.post_id, l.user_id, min(${now}, l.created_at + c.dl) AS t FROM c JOIN post_likes l ON l.rowid = c.lr)
INSERT INTO comments (id, post_id, user_id, content, created_at)
SELECT ${idSql("x.t", "x.n")}, x.post_id, x.user_id, t.s, x.t FROM x JOIN bench_text t ON t.i = x.ti
ORDER BY x.post_id;
WITH x AS MATERIALIZED (
  SELECT c.rowid AS n, c.id, c.post_id, min(${now}, c.created_at + 60000 + (c.rowid * 7919) % ${2 * HOUR}) AS t, 1 + ${rnd(N)} AS ur
  FROM comments c WHERE c.rowid % 4 = 0)
INSERT INTO comments (id, post_id, user_id, content, parent_id, created_at)
SELECT ${idSql("x.t", "67108864 + x.n")}, x.post_id, u.id, t.s, x.id, x.t
FROM x JOIN bench_uid u ON u.n = x.ur JOIN bench_text t ON t.i = 1 + (x.n * 31) % ${plan.texts};
WITH x AS MATERIALIZED (
  SELECT c.rowid AS n, c.id, c.post_id, min(${now}, c.created_at + 60000 + (c.rowid * 7919) % ${2 * HOUR}) AS t, 1 + ${rnd(N)} AS ur
  FROM comments c WHERE c.rowid > ${topLevel} AND c.rowid % 5 = 0)
INSERT INTO comments (id, post_id, user_id, content, parent_id, created_at)
SELECT ${idSql("x.t", "134217728 + x.n")}, x.post_id, u.id, t.s, x.id, x.t
FROM x JOIN bench_uid u ON u.n = x.ur JOIN bench_text t ON t.i = 1 + (x.n * 37) % ${plan.texts};
WITH RECURSIVE ${seq(1, plan.commentLikes)},
x AS MATERIALIZED (SELECT n, 1 + ${rnd("(SELECT max(rowid) FROM comments)")} AS cr, 1 + ${rnd(N)} AS ur FROM seq)
INSERT OR IGNORE INTO comment_likes (comment_id, user_id, created_at)
SELECT c.id, u.id, min(${now}, c.created_at + 1000 + x.n % ${HOUR})
FROM x JOIN comments c ON c.rowid = x.cr JOIN bench_uid u ON u.n = x.ur
ORDER BY x.cr;`;

  // Views: a random member looks at a liked post (popular posts get more views) around the like's time.
  const viewsSql = `
WITH RECURSIVE ${seq(1, plan.views)},
v AS MATERIALIZED (SELECT n, 1 + ${rnd("(SELECT max(rowid) FROM post_likes)")} AS lr, 1 + ${rnd(N)} AS ur FROM seq),
x AS MATERIALIZED (SELECT v.n, v.ur, l.post_id, l.created_at - 1000 AS t FROM v JOIN post_likes l ON l.rowid = v.lr)
INSERT OR IGNORE INTO user_activity (id, user_id, post_id, action_type, weight, day, created_at)
SELECT ${idSql("x.t", "x.n")}, u.id, x.post_id, 'view', 1, x.t / ${DAY}, x.t
FROM x JOIN bench_uid u ON u.n = x.ur
ORDER BY x.post_id;
${recreate("posts_top_idx")}`;

  // Notifications for the last 14 days of likes and follows (read when older than 2 days), and the
  // hashtag trends as the cron's job computes them at the data set's time (what the shell shows on
  // every page): the job's own SQL (trendsSql).
  const recentPost = Math.max(1, Math.floor(plan.originals * (1 - 15 / 365)));
  const extrasSql = `
INSERT INTO notifications (id, user_id, type, content, is_read, related_user_id, related_post_id, created_at)
SELECT ${idSql("l.created_at", "l.rowid")}, p.user_id, 'like', '', l.created_at < ${now - 2 * DAY}, l.user_id, l.post_id, l.created_at
FROM post_likes l JOIN posts p ON p.id = l.post_id
WHERE l.post_id >= (SELECT id FROM posts WHERE rowid = ${recentPost}) AND l.created_at > ${now - 14 * DAY} AND l.user_id <> p.user_id;
INSERT INTO notifications (id, user_id, type, content, is_read, related_user_id, created_at)
SELECT ${idSql("f.created_at", "268435456 + f.rowid")}, f.following_id, 'follow', '', f.created_at < ${now - 2 * DAY}, f.follower_id, f.created_at
FROM follows f WHERE f.id >= '${b32js(now - 14 * DAY, 10)}';
${trendsSql(now)}`;

  // Likes of one post are one item (decision 032): the newest row of each group is its head and
  // carries the group's size, as the triggers keep them.
  const notificationGroups = `
UPDATE notifications SET is_head = 0
WHERE type IN ('like', 'repost') AND EXISTS (SELECT 1 FROM notifications AS newer
  WHERE newer.user_id = notifications.user_id AND newer.type = notifications.type
    AND newer.related_post_id = notifications.related_post_id AND newer.id > notifications.id);
UPDATE notifications SET group_size = (SELECT count(*) FROM notifications AS member
  WHERE member.user_id = notifications.user_id AND member.type = notifications.type AND member.related_post_id = notifications.related_post_id)
WHERE type IN ('like', 'repost') AND is_head = 1;`;

  // What the benchmark measures, remembered with the data; then the helper tables go. The viewers
  // as the preset says (see PRESETS).
  const { heavy, median } = plan.viewers;
  const mostFollowing = `(SELECT id FROM users ORDER BY following_count DESC, rowid LIMIT 1)`;
  const heavySql =
    heavy === "most"
      ? mostFollowing
      : `coalesce((SELECT id FROM users WHERE following_count >= ${Math.round(heavy * (2 / 3))} ORDER BY abs(following_count - ${heavy}), rowid LIMIT 1),
                            ${mostFollowing})`;
  const medianSql =
    median === "median"
      ? `(SELECT id FROM users ORDER BY following_count, rowid LIMIT 1 OFFSET ${Math.floor(N / 2)})`
      : `(SELECT id FROM users ORDER BY abs(following_count - ${median}), rowid LIMIT 1)`;
  const finishSql = `
INSERT OR REPLACE INTO bench_meta (key, value) VALUES
  ('viewer_heavy', ${heavySql}),
  ('viewer_median', ${medianSql}),
  ('viewer_light', coalesce((SELECT id FROM users WHERE following_count BETWEEN 1 AND ${2 * plan.viewers.light} ORDER BY abs(following_count - ${plan.viewers.light}), rowid LIMIT 1),
                            (SELECT id FROM users ORDER BY following_count, rowid LIMIT 1))),
  ('popular_post', (SELECT id FROM posts WHERE reposted_from_post_id IS NULL ORDER BY likes_count DESC, rowid LIMIT 1)),
  ('popular_user', (SELECT username FROM users ORDER BY followers_count DESC, rowid LIMIT 1)),
  ('median_user', (SELECT username FROM users ORDER BY followers_count, rowid LIMIT 1 OFFSET ${Math.floor(N / 2)})),
  ('popular_tag', (SELECT hashtag FROM post_hashtags GROUP BY hashtag ORDER BY count(*) DESC, hashtag LIMIT 1)),
  ('now', '${now}'),
  ('preset', '${plan.preset}'),
  ('scale', '${plan.scale}');
DROP TABLE bench_seq;
DROP TABLE bench_text;
DROP TABLE bench_tag;
DROP TABLE bench_first;
DROP TABLE bench_last;
DROP TABLE bench_city;
DROP TABLE bench_deg;
DROP TABLE bench_pk;
DROP TABLE bench_uid;`;

  return [
    // The notify triggers (decision 032) stay off while millions of likes, follows and comments go in;
    // the extras step writes the notifications the benchmark reads, then recreates them.
    { name: "setup (helper tables, vocabulary)", files: [`${drop("trigger", ...NOTIFY_TRIGGERS)}\n${setup}`] },
    { name: `users (${N.toLocaleString("en")}) + member_settings`, files: [usersSql] },
    { name: `follow graph (degrees × ${plan.followScale})`, files: [degrees + edges, followsInsert, followsFinish] },
    { name: `posts (${plan.originals.toLocaleString("en")} originals) + post_hashtags + FTS rebuild`, files: [...postChunks, postsFinish] },
    { name: `likes (~${plan.likes.toLocaleString("en")})`, files: [likeWeights, ...likeChunks, likesFinish] },
    { name: `reposts (~${plan.reposts.toLocaleString("en")})`, files: [repostsSql] },
    { name: `comments (~${plan.comments.toLocaleString("en")}) + comment likes`, files: [commentsSql] },
    { name: `views (~${plan.views.toLocaleString("en")}) + posts_top_idx`, files: [viewsSql] },
    { name: "notifications + hashtag trends", files: [`${extrasSql}\n${notificationGroups}\n${recreate(...NOTIFY_TRIGGERS)}`] },
    { name: "finish (bench_meta, drop helpers)", files: [finishSql] },
    // After the finish: it reads the viewers from bench_meta, as on a data set made before communities.
    communitiesStep(plan, schema),
    // Likewise, as on a data set made before direct messages.
    messagesStep(plan),
  ];
}

// ───────────────────────────── communities (issue 13) ─────────────────────────────

/**
 * Bump when the communities' shape changes: a data set whose bench_meta `communities` differs gets them
 * again (the step replaces every community, member, invite and community post).
 */
export const COMMUNITIES_VERSION = "2";

const COMMUNITY_FORMS = ["Club", "Lovers", "Circle", "Collective", "Society", "Crew", "Hub", "Lab", "Network", "Friends", "Corner", "Guild", "Forum", "Meetup", "Squad", "Studio", "Commons", "Fans"];
/** Member counts of the five largest communities, as shares of the members (50 000 … 20 000 of 100 000). */
const LARGEST_SHARES = [0.5, 0.4, 0.3, 0.25, 0.2];
const INVITE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** Community posts' ids: the per-table sequence part starts here (clear of the originals' and reposts' rowids). */
const COMMUNITY_POST_SEQ = 536_870_912;

/**
 * The communities, in JS and deterministic (mulberry32): rank 1 and 2 are the two largest (rank 1
 * public: the community the bench's community pages show; rank 2 private: its invite is the bench's
 * invite page), ranks 3–5 large, then ~2% medium (a few hundred to a few thousand members, with a few
 * invites each), the rest small (5–200 members, log-skewed); ~15% private. Names come from the topic
 * hashtags, the forms above and the cities (unique case-insensitively); posts are spread by
 * members^1.15, so most are in the large communities. Members are an arithmetic progression of user
 * ranks from `st` (distinct, the first one the creator, then the admins and moderators).
 */
export function communityPlan(plan) {
  const { users: N, now } = plan;
  const C = plan.communities;
  const random = prng(13);
  const between = (lo, hi) => lo + random() * (hi - lo);
  const shuffle = (list) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [list[i], list[j]] = [list[j], list[i]];
    }
    return list;
  };
  const topics = hashtags(100).filter((word) => /^[a-z]+$/.test(word));
  const title = (word) => (word.length <= 3 ? word.toUpperCase() : word[0].toUpperCase() + word.slice(1));
  const texts = sentences(200, 5);
  const named = [];
  const seen = new Set();
  const candidates = [
    ...shuffle(topics.flatMap((topic) => COMMUNITY_FORMS.map((form) => ({ topic, form, city: null })))),
    ...shuffle(CITIES.flatMap((city) => topics.flatMap((topic) => COMMUNITY_FORMS.map((form) => ({ topic, form, city }))))),
  ];
  for (const candidate of candidates) {
    if (named.length === C) break;
    const name = `${candidate.city ? `${candidate.city} ` : ""}${title(candidate.topic)} ${candidate.form}`;
    if (name.length > 50 || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    named.push({ ...candidate, name });
  }
  if (named.length < C) throw new Error(`bench data: only ${named.length} community names for ${C} communities`);
  const describe = ({ topic, city }) => {
    const place = city ? ` in ${city}` : "";
    const sentence = texts[Math.floor(random() * texts.length)];
    switch (Math.floor(random() * 4)) {
      case 0:
        return `Everything ${topic}${place}: tips, questions and the occasional rant. ${sentence}`;
      case 1:
        return `A friendly place for ${topic} people${place}. Say hi and share what you are working on.`;
      case 2:
        return `Share your ${topic} wins, ask for advice and meet people who care about ${topic}${place}. #${topic}`;
      default:
        return `${title(topic)} news, photos and meetups${place}. ${sentence}`;
    }
  };

  const medium = Math.max(2, Math.round(C * 0.0225));
  const bigRanks = 5 + medium; // ranks with admins, moderators and a few invites each
  const mediumLow = Math.max(201, Math.round(0.003 * N));
  const mediumHigh = Math.max(400, Math.round(0.05 * N));
  const communities = named.map((entry, index) => {
    const i = index + 1;
    const size = Math.min(
      N,
      i <= 5
        ? Math.round(LARGEST_SHARES[i - 1] * N)
        : i <= bigRanks
          ? Math.round(mediumLow * (mediumHigh / mediumLow) ** random())
          : Math.round(5 * 40 ** (random() ** 1.6)),
    );
    const daysAgo = i <= 5 ? between(300, 360) : i <= bigRanks ? between(60, 360) : between(1, 360);
    const t = now - Math.round(daysAgo * DAY);
    const isPrivate = i === 1 ? 0 : i === 2 ? 1 : random() < 0.15 ? 1 : 0;
    const admins = i <= bigRanks ? 3 : size >= 20 ? 1 : 0;
    const mods = i <= bigRanks ? 5 : size >= 20 ? 1 : 0;
    const image = random() < (i <= bigRanks ? 0.7 : 0.3) ? `/media/images/communities/bench-${i % 20}.jpg` : null;
    return { i, name: entry.name, description: describe(entry), image, isPrivate, size, t, st: Math.floor(random() * N), admins, mods };
  });
  // Posts per community: ∝ members^1.15 (most in the large ones), rounded at random.
  const weights = communities.map((c) => c.size ** 1.15);
  const total = weights.reduce((sum, w) => sum + w, 0);
  let memberBase = 0;
  let postBase = 0;
  for (const [index, c] of communities.entries()) {
    c.posts = Math.floor((plan.communityPosts * weights[index]) / total + random());
    c.base = memberBase;
    c.pbase = postBase;
    memberBase += c.size;
    postBase += c.posts;
  }

  // Invites: four per large and medium community (one open, one expired, one used up, one with a
  // future expiry and uses left), one open invite for every tenth small one. Codes as the app draws them.
  const codes = new Set();
  const code = () => {
    for (;;) {
      let out = "";
      for (let k = 0; k < 8; k++) out += INVITE_ALPHABET[Math.floor(random() * INVITE_ALPHABET.length)];
      if (!codes.has(out)) {
        codes.add(out);
        return out;
      }
    }
  };
  const invites = [];
  for (const c of communities) {
    const at = (from, to) => Math.round(between(from, to));
    if (c.i <= bigRanks) {
      const inviter = () => Math.floor(random() * (1 + c.admins)); // the creator (0) or an admin
      const expiredAt = at(c.t, now - 30 * DAY);
      invites.push(
        { c: c.i, code: code(), k: inviter(), expiresAt: null, maxUses: null, uses: Math.floor(random() * 40), t: at(c.t, now - DAY) },
        { c: c.i, code: code(), k: inviter(), expiresAt: expiredAt + 7 * DAY, maxUses: null, uses: Math.floor(random() * 10), t: expiredAt },
        { c: c.i, code: code(), k: inviter(), expiresAt: null, maxUses: 10, uses: 10, t: at(c.t, now - DAY) },
        { c: c.i, code: code(), k: inviter(), expiresAt: now + 365 * DAY, maxUses: 100, uses: Math.floor(random() * 50), t: at(now - 30 * DAY, now - HOUR) },
      );
    } else if (random() < 0.1) {
      invites.push({ c: c.i, code: code(), k: 0, expiresAt: null, maxUses: null, uses: Math.floor(random() * 5), t: at(c.t, now - HOUR) });
    }
  }

  // The viewers' communities: the median one is in the largest public community (the bench's
  // community pages) and five others (one private, admin of one); the heavy one in the five largest
  // but the private rank 2, and 35 others; the light one in a single small public community. None
  // is in rank 2, whose invite the invite page shows.
  const others = shuffle(communities.filter((c) => c.i > 5).map((c) => c.i));
  const smallPublic = others.filter((i) => i > bigRanks && !communities[i - 1].isPrivate);
  const smallPrivate = others.find((i) => i > bigRanks && communities[i - 1].isPrivate);
  const medianOthers = [6, ...smallPublic.slice(0, 3), smallPrivate ?? smallPublic[3]];
  const viewerMemberships = [
    ["median", 1, "member"],
    ...medianOthers.map((i, k) => ["median", i, k === 1 ? "admin" : "member"]),
    ...[1, 3, 4, 5].map((i) => ["heavy", i, "member"]),
    ...others.filter((i) => !medianOthers.includes(i)).slice(0, 36).map((i) => ["heavy", i, "member"]),
    ["light", smallPublic.at(-1), "member"],
  ];
  return { communities, invites, viewerMemberships, members: memberBase, posts: postBase };
}

/**
 * The communities step: one SQL file, so it is one transaction (wrangler runs a file as one batch):
 * it replaces whatever communities the set has with the ones of communityPlan, their members (the
 * member_count triggers count them), invites, posts (the posts_count, author posts_count and FTS
 * triggers keep theirs) with hashtags, and likes by members (the like counter trigger counts them;
 * the like notification trigger is off meanwhile, as in the bulk steps: the data set's notifications
 * stay those of the last 14 days of the main posts). Then the communities FTS index is rebuilt and
 * bench_meta gets the large community, the invite code and the `communities` marker. Runs last in a
 * new data set and alone on an existing one (ensureBenchData); `now` is the data set's own time.
 */
function communitiesStep(plan, schema) {
  const { now, users: N, stride } = plan;
  const { communities, invites, viewerMemberships, members } = communityPlan(plan);
  if (!schema.post_likes_notify) throw new Error("bench data: post_likes_notify is not in the schema; did the migrations change?");
  const maxSeq = Math.max(100, ...communities.map((c) => Math.max(c.size, c.posts)));
  const maxLikes = 5000;
  const texts = sentences(plan.texts);
  const tags = hashtags(plan.tags);
  const viewerIds = `(SELECT value FROM bench_meta WHERE key IN ('viewer_heavy', 'viewer_median', 'viewer_light'))`;
  const T0 = now - 365 * DAY;
  const sql = `
DROP TABLE IF EXISTS bench_comm;
CREATE TABLE bench_comm (i INTEGER PRIMARY KEY, name TEXT NOT NULL, description TEXT, image_url TEXT, is_private INTEGER NOT NULL,
  size INTEGER NOT NULL, t INTEGER NOT NULL, st INTEGER NOT NULL, admins INTEGER NOT NULL, mods INTEGER NOT NULL,
  posts INTEGER NOT NULL, base INTEGER NOT NULL, pbase INTEGER NOT NULL);
${valuesInsert(
  "bench_comm",
  ["i", "name", "description", "image_url", "is_private", "size", "t", "st", "admins", "mods", "posts", "base", "pbase"],
  communities.map((c) => [c.i, c.name, c.description, c.image, c.isPrivate, c.size, c.t, c.st, c.admins, c.mods, c.posts, c.base, c.pbase]),
)}
DROP TABLE IF EXISTS bench_inv;
CREATE TABLE bench_inv (i INTEGER PRIMARY KEY, c INTEGER NOT NULL, code TEXT NOT NULL, k INTEGER NOT NULL, expires_at INTEGER, max_uses INTEGER, uses INTEGER NOT NULL, t INTEGER NOT NULL);
${valuesInsert("bench_inv", ["i", "c", "code", "k", "expires_at", "max_uses", "uses", "t"], invites.map((v, index) => [index + 1, v.c, v.code, v.k, v.expiresAt, v.maxUses, v.uses, v.t]))}
DROP TABLE IF EXISTS bench_vm;
CREATE TABLE bench_vm (n INTEGER PRIMARY KEY, viewer TEXT NOT NULL, c INTEGER NOT NULL, role TEXT NOT NULL);
${valuesInsert("bench_vm", ["n", "viewer", "c", "role"], viewerMemberships.map(([viewer, c, role], index) => [index + 1, viewer, c, role]))}
DROP TABLE IF EXISTS bench_seq;
CREATE TABLE bench_seq (n INTEGER PRIMARY KEY);
WITH RECURSIVE ${seq(1, maxSeq)} INSERT INTO bench_seq SELECT n FROM seq;
DROP TABLE IF EXISTS bench_uid;
CREATE TABLE bench_uid (n INTEGER PRIMARY KEY, id TEXT NOT NULL);
INSERT INTO bench_uid (n, id) SELECT rowid, id FROM users;
DROP TABLE IF EXISTS bench_text;
CREATE TABLE bench_text (i INTEGER PRIMARY KEY, s TEXT NOT NULL);
${valuesInsert("bench_text", ["i", "s"], texts.map((s, i) => [i + 1, s]))}
DROP TABLE IF EXISTS bench_tag;
CREATE TABLE bench_tag (i INTEGER PRIMARY KEY, tag TEXT NOT NULL);
${valuesInsert("bench_tag", ["i", "tag"], tags.map((t, i) => [i + 1, t]))}

-- What an earlier version of this step left (the triggers take their counts back).
DELETE FROM post_likes WHERE post_id IN (SELECT id FROM posts WHERE community_id IS NOT NULL);
DELETE FROM post_hashtags WHERE post_id IN (SELECT id FROM posts WHERE community_id IS NOT NULL);
DELETE FROM posts WHERE community_id IS NOT NULL;
DELETE FROM community_invites;
DELETE FROM community_members;
DELETE FROM communities;
DELETE FROM bench_meta WHERE key IN ('communities', 'community_large', 'community_private', 'invite_code');

INSERT INTO communities (rowid, id, name, description, image_url, creator_id, is_private, created_at, updated_at)
SELECT c.i, ${idSql("c.t", "c.i")}, c.name, c.description, c.image_url, u.id, c.is_private, c.t, c.t
FROM bench_comm c JOIN bench_uid u ON u.n = 1 + c.st % ${N};

-- Members: the k-th of a community is user rank 1 + (st + k·stride) mod N (distinct); the first is the creator.
WITH x AS MATERIALIZED (
  SELECT c.i, c.base + s.n AS sq, cm.id AS cid, 1 + (c.st + (s.n - 1) * ${stride}) % ${N} AS un,
    CASE WHEN s.n = 1 THEN 'creator' WHEN s.n <= 1 + c.admins THEN 'admin' WHEN s.n <= 1 + c.admins + c.mods THEN 'moderator' ELSE 'member' END AS role,
    CASE WHEN s.n = 1 THEN c.t ELSE c.t + 1 + ${rnd(`(${now} - c.t)`)} END AS j
  FROM bench_comm c JOIN bench_seq s ON s.n <= c.size JOIN communities cm ON cm.rowid = c.i)
INSERT INTO community_members (id, community_id, user_id, role, joined_at)
SELECT ${idSql("x.j", "x.sq")}, x.cid, u.id, x.role, x.j
FROM x JOIN bench_uid u ON u.n = x.un
ORDER BY x.i, x.sq;

-- The viewers' communities are exactly bench_vm's (and any they created).
DELETE FROM community_members WHERE user_id IN ${viewerIds} AND role <> 'creator';
WITH x AS MATERIALIZED (
  SELECT v.n, m.value AS uid, cm.id AS cid, v.role, cm.created_at + 1 + ${rnd(`(${now} - cm.created_at)`)} AS j
  FROM bench_vm v JOIN bench_meta m ON m.key = 'viewer_' || v.viewer JOIN communities cm ON cm.rowid = v.c)
INSERT OR IGNORE INTO community_members (id, community_id, user_id, role, joined_at)
SELECT ${idSql("x.j", `${members} + x.n`)}, x.cid, x.uid, x.role, x.j FROM x;

-- Posts: by a member (never a viewer, whose own profile stays as it was), over the community's life
-- (at most the last year); 10% with a hashtag, 10% with a photo.
DROP TABLE IF EXISTS bench_cq;
CREATE TABLE bench_cq AS
WITH x AS MATERIALIZED (
  SELECT c.i AS c, c.pbase + s.n AS sq, max(c.t, ${T0}) AS t0, c.st, ${rnd("c.size")} AS a,
    1 + ${rnd(plan.texts)} AS s1, ${rnd(1000)} AS r, ${zipf1(plan.tags)} AS z
  FROM bench_comm c JOIN bench_seq s ON s.n <= c.posts)
SELECT x.*, x.t0 + 1 + ${rnd(`(${now} - x.t0 - 1)`)} AS t, 1 + (x.st + x.a * ${stride}) % ${N} AS un FROM x;
INSERT INTO posts (id, user_id, content, media_urls, community_id, created_at)
SELECT ${idSql("q.t", `${COMMUNITY_POST_SEQ} + q.sq`)}, u.id,
  t1.s || CASE WHEN q.r < 100 THEN ' #' || g.tag ELSE '' END,
  CASE WHEN q.r >= 100 AND q.r < 200 THEN json_array('/media/images/posts/bench-' || (q.sq % 50) || '.jpg') END,
  cm.id, q.t
FROM bench_cq q JOIN bench_uid u ON u.n = q.un JOIN communities cm ON cm.rowid = q.c
  JOIN bench_text t1 ON t1.i = q.s1 JOIN bench_tag g ON g.i = q.z
WHERE u.id NOT IN ${viewerIds}
ORDER BY q.t;
INSERT INTO post_hashtags (post_id, hashtag, created_at)
SELECT id, substr(content, instr(content, ' #') + 2), created_at FROM posts WHERE community_id IS NOT NULL AND instr(content, ' #') > 0;

-- Likes by members: per post a weight (√members × a Pareto factor) scaled to ~${plan.communityLikes}; the likers
-- of a post are distinct members (consecutive member indexes from a random one).
DROP TABLE IF EXISTS bench_cl;
CREATE TABLE bench_cl (pr INTEGER PRIMARY KEY, id TEXT NOT NULL, t INTEGER NOT NULL, size INTEGER NOT NULL, st INTEGER NOT NULL, w REAL NOT NULL, ls INTEGER NOT NULL, k INTEGER NOT NULL DEFAULT 0);
INSERT INTO bench_cl (pr, id, t, size, st, w, ls)
SELECT p.rowid, p.id, p.created_at, c.size, c.st, sqrt(c.size) * pow(${U1}, -0.6), ${rnd("c.size")}
FROM posts p JOIN communities cm ON cm.id = p.community_id JOIN bench_comm c ON c.i = cm.rowid
WHERE p.community_id IS NOT NULL;
UPDATE bench_cl SET k = max(0, min(size - 1, ${maxLikes}, CAST(w * (${plan.communityLikes}.0 / (SELECT sum(w) FROM bench_cl)) + ${U} AS INTEGER)));
DROP TRIGGER post_likes_notify;
INSERT INTO post_likes (post_id, user_id, created_at)
SELECT l.id, u.id, min(${now}, l.t + CAST(-ln(${U1}) * ${8 * HOUR} AS INTEGER))
FROM bench_cl l JOIN bench_seq s ON s.n <= l.k JOIN bench_uid u ON u.n = 1 + (l.st + ((l.ls + s.n) % l.size) * ${stride}) % ${N}
ORDER BY l.pr;
${schema.post_likes_notify};

-- Invites, by the creator or an admin.
INSERT INTO community_invites (id, community_id, inviter_id, invite_code, expires_at, max_uses, uses_count, created_at)
SELECT ${idSql("v.t", "v.i")}, cm.id, u.id, v.code, v.expires_at, v.max_uses, v.uses, v.t
FROM bench_inv v JOIN bench_comm c ON c.i = v.c JOIN communities cm ON cm.rowid = v.c
  JOIN bench_uid u ON u.n = 1 + (c.st + v.k * ${stride}) % ${N};

INSERT INTO communities_fts (communities_fts) VALUES ('rebuild');
INSERT OR REPLACE INTO bench_meta (key, value) VALUES
  ('community_large', (SELECT id FROM communities WHERE rowid = 1)),
  ('community_private', (SELECT id FROM communities WHERE rowid = 2)),
  -- An open invite (no expiry, uses left) to a community the median viewer is not in: the private one.
  ('invite_code', (SELECT i.invite_code FROM community_invites i JOIN communities c ON c.id = i.community_id
    WHERE i.expires_at IS NULL AND (i.max_uses IS NULL OR i.uses_count < i.max_uses)
      AND NOT EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = (SELECT value FROM bench_meta WHERE key = 'viewer_median'))
    ORDER BY c.is_private DESC, c.member_count DESC, i.invite_code LIMIT 1)),
  ('communities', '${COMMUNITIES_VERSION}');
DROP TABLE bench_comm;
DROP TABLE bench_inv;
DROP TABLE bench_vm;
DROP TABLE bench_cq;
DROP TABLE bench_cl;
DROP TABLE bench_seq;
DROP TABLE bench_uid;
DROP TABLE bench_text;
DROP TABLE bench_tag;`;
  return { name: `communities (${communities.length.toLocaleString("en")}, ~${members.toLocaleString("en")} members, ~${plan.communityPosts.toLocaleString("en")} posts, ${invites.length} invites)`, files: [sql] };
}

// ───────────────────────────── direct messages (issue 14) ─────────────────────────────

/**
 * Bump when the conversations' shape changes: a data set whose bench_meta `messages` differs gets them
 * again (the step replaces every conversation and message).
 */
export const MESSAGES_VERSION = "1";
/** The median viewer's conversations, and those among other members. */
const VIEWER_CONVERSATIONS = 200;
const OTHER_CONVERSATIONS = 400;
/** The conversation the benchmark opens (the median viewer's newest): more than a page (MESSAGES_PAGE_SIZE 30). */
const OPENED_CONVERSATION_MESSAGES = 60;
/** Messages' ids: the per-table sequence part is conversation × this + the message's place in it. */
const MESSAGES_PER_CONVERSATION_SEQ = 1024;

/**
 * The direct messages step: one SQL file, so one transaction. It replaces whatever conversations the
 * set has: the median viewer gets VIEWER_CONVERSATIONS with other members (the people it follows,
 * a dozen verified members, then members at random; none with another viewer), the newest within
 * the last minutes, the oldest ~6 months ago (recency ∝ rank², so most are recent), each with 5–30
 * messages (the newest: OPENED_CONVERSATION_MESSAGES, the one the bench opens) over up to a month
 * before its last one, senders at random; OTHER_CONVERSATIONS more among other random members.
 * Unread: a tail of 1–3 messages by one participant that the other has not read (the median viewer
 * has it in ~30% of its 20 newest conversations, 5% of the rest, and 3 in the opened one; the others
 * in 25%). Rows go in with plain INSERTs and the migration's triggers do the rest (decision 036):
 * inserting a conversation makes both members' inbox rows, each message (inserted oldest first)
 * moves the conversation's last message and time and counts the unread. bench_meta gets
 * `messages_conversation` (the opened one) and the `messages` marker. Runs last in a new data set and
 * alone on an existing one (ensureBenchData); `now` is the data set's own time.
 */
function messagesStep(plan) {
  const { now, users: N } = plan;
  const texts = sentences(512, 14);
  const median = "(SELECT value FROM bench_meta WHERE key = 'viewer_median')";
  const viewerIds = "(SELECT value FROM bench_meta WHERE key IN ('viewer_heavy', 'viewer_median', 'viewer_light'))";
  const V = VIEWER_CONVERSATIONS;
  const total = V + OTHER_CONVERSATIONS;
  const sql = `
DROP TABLE IF EXISTS bench_text;
CREATE TABLE bench_text (i INTEGER PRIMARY KEY, s TEXT NOT NULL);
${valuesInsert("bench_text", ["i", "s"], texts.map((s, i) => [i + 1, s]))}
DROP TABLE IF EXISTS bench_seq;
CREATE TABLE bench_seq (n INTEGER PRIMARY KEY);
WITH RECURSIVE ${seq(1, Math.max(2 * total, OPENED_CONVERSATION_MESSAGES))} INSERT INTO bench_seq SELECT n FROM seq;

-- What an earlier version of this step (or a benchmark's sends) left.
DELETE FROM conversation_members;
DELETE FROM messages;
DELETE FROM conversations;
DELETE FROM bench_meta WHERE key IN ('messages', 'messages_conversation');

-- The median viewer's partners, in order: the people it follows (newest follows first), a dozen
-- verified members, then members at random; never another viewer; the first ${V}.
DROP TABLE IF EXISTS bench_mp;
CREATE TABLE bench_mp (k INTEGER PRIMARY KEY, other TEXT NOT NULL UNIQUE);
INSERT OR IGNORE INTO bench_mp (other)
SELECT following_id FROM follows WHERE follower_id = ${median} AND following_id NOT IN ${viewerIds} ORDER BY id DESC LIMIT ${Math.round(V * 0.4)};
INSERT OR IGNORE INTO bench_mp (other)
SELECT id FROM (SELECT id FROM users WHERE verified_type IS NOT NULL AND id NOT IN ${viewerIds} ORDER BY random() LIMIT 12);
WITH r AS MATERIALIZED (SELECT n, 1 + ${rnd(N)} AS ur FROM bench_seq WHERE n <= ${2 * V})
INSERT OR IGNORE INTO bench_mp (other)
SELECT u.id FROM r JOIN users u ON u.rowid = r.ur WHERE u.id NOT IN ${viewerIds} ORDER BY r.n;
DELETE FROM bench_mp WHERE k > (SELECT k FROM bench_mp ORDER BY k LIMIT 1 OFFSET ${V - 1});

-- One row per conversation: i ≤ ${V} the median viewer's (a = the viewer, b = the partner; i = 1 the
-- newest), the rest between two other members. t1: its last message; t0: its first; n messages;
-- the last \`tail\` of them by \`writer\`, unread by the other.
DROP TABLE IF EXISTS bench_cv;
CREATE TABLE bench_cv (i INTEGER PRIMARY KEY, a TEXT NOT NULL, b TEXT NOT NULL, n INTEGER NOT NULL, tail INTEGER NOT NULL,
  writer TEXT NOT NULL, t0 INTEGER NOT NULL, t1 INTEGER NOT NULL, cid TEXT);
WITH x AS MATERIALIZED (
  SELECT row_number() OVER (ORDER BY k) AS i, other, ${U} AS u1, ${U} AS u2, ${U} AS u3, ${rnd(26)} AS r26, ${rnd(3)} AS r3 FROM bench_mp),
y AS (
  SELECT i, other,
    CASE WHEN i = 1 THEN ${OPENED_CONVERSATION_MESSAGES} ELSE 5 + r26 END AS n,
    CASE WHEN i = 1 THEN 3 WHEN i <= 20 AND u1 < 0.3 THEN 1 + r3 WHEN u1 < 0.05 THEN 1 + r3 ELSE 0 END AS tail,
    ${now} - ${10 * 60_000} - CAST(pow((i - 1) / ${V}.0, 2) * ${180 * DAY} AS INTEGER) - CASE WHEN i = 1 THEN 0 ELSE CAST(u2 * ${HOUR} AS INTEGER) END AS t1,
    u3
  FROM x)
INSERT INTO bench_cv (i, a, b, n, tail, writer, t0, t1)
SELECT i, ${median}, other, n, tail, other, t1 - ${2 * HOUR} - CAST(u3 * u3 * ${30 * DAY} AS INTEGER), t1 FROM y;
WITH x AS MATERIALIZED (
  SELECT n, 1 + ${rnd(N)} AS ra, 1 + ${rnd(N)} AS rb, ${U} AS u1, ${U} AS u2, ${U} AS u3, ${rnd(26)} AS r26, ${rnd(3)} AS r3, ${rnd(2)} AS side
  FROM bench_seq WHERE n <= ${OTHER_CONVERSATIONS}),
y AS (
  SELECT x.*, ua.id AS a, ub.id AS b, ${now} - ${10 * 60_000} - CAST(u2 * u2 * ${180 * DAY} AS INTEGER) AS t1
  FROM x JOIN users ua ON ua.rowid = x.ra JOIN users ub ON ub.rowid = x.rb
  WHERE ua.id <> ub.id AND ua.id NOT IN ${viewerIds} AND ub.id NOT IN ${viewerIds})
INSERT INTO bench_cv (i, a, b, n, tail, writer, t0, t1)
SELECT ${V} + n, a, b, 5 + r26, CASE WHEN u1 < 0.25 THEN 1 + r3 ELSE 0 END, CASE WHEN side = 0 THEN a ELSE b END,
  t1 - ${2 * HOUR} - CAST(u3 * u3 * ${30 * DAY} AS INTEGER), t1
FROM y;
UPDATE bench_cv SET cid = ${idSql("t0 - 60000", "i")};

-- Conversations (the trigger makes both members' inbox rows); a pair drawn twice stays one.
INSERT OR IGNORE INTO conversations (id, participant_1_id, participant_2_id, created_at)
SELECT cid, min(a, b), max(a, b), t0 - 60000 FROM bench_cv ORDER BY i;

-- Messages, oldest first in each conversation (the triggers move its last message and count the unread).
WITH x AS MATERIALIZED (
  SELECT c.i, c.cid, c.a, c.b, c.writer, s.n AS k, s.n > c.n - c.tail AS unread,
    c.t0 + CAST((c.t1 - c.t0) * (s.n - 1) / (c.n - 1.0) AS INTEGER) AS t, ${rnd(2)} AS side
  FROM bench_cv c JOIN conversations cv ON cv.id = c.cid JOIN bench_seq s ON s.n <= c.n)
INSERT INTO messages (id, conversation_id, sender_id, content, is_read, created_at)
SELECT ${idSql("x.t", `x.i * ${MESSAGES_PER_CONVERSATION_SEQ} + x.k`)}, x.cid,
  CASE WHEN x.unread THEN x.writer WHEN x.side = 0 THEN x.a ELSE x.b END,
  t.s, NOT x.unread, x.t
FROM x JOIN bench_text t ON t.i = 1 + (x.i * 31 + x.k * 7) % ${texts.length}
ORDER BY x.i, x.k;

INSERT OR REPLACE INTO bench_meta (key, value) VALUES
  ('messages_conversation', (SELECT cid FROM bench_cv WHERE i = 1)),
  ('messages', '${MESSAGES_VERSION}');
DROP TABLE bench_cv;
DROP TABLE bench_mp;
DROP TABLE bench_seq;
DROP TABLE bench_text;`;
  return { name: `direct messages (${V} conversations of the median viewer, ~${OTHER_CONVERSATIONS} others)`, files: [sql] };
}

// ───────────────────────────── running it ─────────────────────────────

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const schemaRows = (dir) =>
  queryLocal("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE tbl_name NOT LIKE 'bench%' ORDER BY type, name", dir);

/** Total size of the local D1 files (database + WAL) under the data directory. */
export function databaseBytes(dir = DATA_DIR) {
  const d1 = join(dir, "v3", "d1", "miniflare-D1DatabaseObject");
  if (!existsSync(d1)) return 0;
  return readdirSync(d1)
    .filter((name) => !name.startsWith("metadata"))
    .reduce((sum, name) => sum + statSync(join(d1, name)).size, 0);
}

/**
 * The bench_meta rows of a preset's data set as an object, or null when it is missing, incomplete or
 * of another preset (sets made before presets existed are the large one).
 */
export function readMeta(preset = DEFAULT_PRESET) {
  const dir = dataDir(preset);
  if (!existsSync(join(dir, "v3"))) return null;
  try {
    const rows = queryLocal("SELECT key, value FROM bench_meta", dir);
    const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    return meta.complete && meta.version === GENERATOR_VERSION && (meta.preset ?? DEFAULT_PRESET) === preset ? meta : null;
  } catch (error) {
    // No bench_meta table: never generated (or generation died early). Any other failure (wrangler's
    // output unreadable, say) is not a sign of a bad set: it must not cost the set a regeneration.
    if (/no such table: bench_meta/.test(`${error?.stdout ?? ""} ${error?.message ?? error}`)) return null;
    throw error;
  }
}

/** Row counts and the counter checks (sums of counters equal the rows the triggers counted). */
export function summarize(dir = DATA_DIR) {
  const [row] = queryLocal(
    `SELECT
      (SELECT count(*) FROM users) AS users,
      (SELECT count(*) FROM posts) AS posts,
      (SELECT count(*) FROM posts WHERE reposted_from_post_id IS NOT NULL) AS reposts,
      (SELECT count(*) FROM posts WHERE video_url IS NOT NULL) AS videos,
      (SELECT count(*) FROM follows) AS follows,
      (SELECT count(*) FROM post_likes) AS likes,
      (SELECT count(*) FROM post_hashtags) AS post_hashtags,
      (SELECT count(*) FROM comments) AS comments,
      (SELECT count(*) FROM comment_likes) AS comment_likes,
      (SELECT count(*) FROM user_activity) AS views,
      (SELECT count(*) FROM notifications) AS notifications,
      (SELECT max(followers_count) FROM users) AS max_followers,
      (SELECT max(following_count) FROM users) AS max_following,
      (SELECT max(likes_count) FROM posts) AS max_likes,
      (SELECT sum(likes_count) FROM posts) = (SELECT count(*) FROM post_likes) AS likes_ok,
      (SELECT sum(followers_count) FROM users) = (SELECT count(*) FROM follows) AS followers_ok,
      (SELECT sum(following_count) FROM users) = (SELECT count(*) FROM follows) AS following_ok,
      (SELECT sum(posts_count) FROM users) = (SELECT count(*) FROM posts WHERE reposted_from_post_id IS NULL) AS posts_count_ok,
      (SELECT sum(reposts_count) FROM posts) = (SELECT count(*) FROM post_reposts) AS reposts_ok,
      (SELECT sum(comments_count) FROM posts) = (SELECT count(*) FROM comments) AS comments_ok,
      (SELECT sum(likes_count) FROM comments) = (SELECT count(*) FROM comment_likes) AS comment_likes_ok,
      (SELECT sum(views_count) FROM posts) = (SELECT count(*) FROM user_activity) AS views_ok,
      (SELECT count(*) FROM communities) AS communities,
      (SELECT count(*) FROM communities WHERE is_private) AS private_communities,
      (SELECT count(*) FROM community_members) AS community_members,
      (SELECT max(member_count) FROM communities) AS max_members,
      (SELECT count(*) FROM posts WHERE community_id IS NOT NULL) AS community_posts,
      (SELECT count(*) FROM community_invites) AS invites,
      (SELECT count(*) FROM conversations) AS conversations,
      (SELECT count(*) FROM messages) AS messages,
      (SELECT count(*) FROM messages WHERE is_read = 0) AS unread_messages,
      coalesce((SELECT sum(unread_count) FROM conversation_members), 0) = (SELECT count(*) FROM messages WHERE is_read = 0) AS unread_ok,
      coalesce((SELECT sum(member_count) FROM communities), 0) = (SELECT count(*) FROM community_members) AS members_ok,
      coalesce((SELECT sum(posts_count) FROM communities), 0) = (SELECT count(*) FROM posts WHERE community_id IS NOT NULL AND reposted_from_post_id IS NULL) AS community_posts_ok`,
    dir,
  );
  return row;
}

/** Slow, thorough checks: every counter row by row, and the FTS indexes against their content. */
export function verifyDeep(dir = DATA_DIR) {
  const [row] = queryLocal(
    `SELECT
      (SELECT count(*) FROM posts p WHERE likes_count <> (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id)) AS bad_post_likes,
      (SELECT count(*) FROM users u WHERE followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = u.id)) AS bad_followers,
      (SELECT count(*) FROM users u WHERE following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)) AS bad_following,
      (SELECT count(*) FROM users u WHERE posts_count <> (SELECT count(*) FROM posts p WHERE p.user_id = u.id AND p.reposted_from_post_id IS NULL)) AS bad_posts_count,
      (SELECT count(*) FROM posts p WHERE comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)) AS bad_comments_count,
      (SELECT count(*) FROM posts p WHERE reposts_count <> (SELECT count(*) FROM post_reposts r WHERE r.post_id = p.id)) AS bad_reposts_count,
      (SELECT count(*) FROM communities c WHERE member_count <> (SELECT count(*) FROM community_members m WHERE m.community_id = c.id)) AS bad_member_count,
      (SELECT count(*) FROM communities c WHERE posts_count <> (SELECT count(*) FROM posts p WHERE p.community_id = c.id AND p.reposted_from_post_id IS NULL)) AS bad_community_posts_count,
      (SELECT count(*) FROM communities c WHERE (SELECT count(*) FROM community_members m WHERE m.community_id = c.id AND m.user_id = c.creator_id AND m.role = 'creator') <> 1) AS bad_creators,
      (SELECT count(*) FROM (SELECT lower(name) FROM communities GROUP BY lower(name) HAVING count(*) > 1)) AS duplicate_community_names,
      (SELECT count(*) FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
        WHERE cm.unread_count <> (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.sender_id <> cm.user_id AND m.is_read = 0)
          OR cm.last_at <> coalesce(c.last_message_at, c.created_at)
          OR c.last_message_id IS NOT (SELECT max(m.id) FROM messages m WHERE m.conversation_id = c.id)) AS bad_conversation_members,
      (SELECT count(*) FROM posts_fts WHERE posts_fts MATCH '{listed_words other_words}: coffee') AS fts_coffee,
      (SELECT count(*) FROM posts r JOIN posts o ON o.id = r.reposted_from_post_id WHERE r.community_id IS NULL AND o.listed_words IS NOT NULL)
        - (SELECT count(*) FROM reposts_fts) AS bad_reposts_fts,
      (SELECT count(*) FROM posts WHERE content LIKE '%coffee%') AS like_coffee`,
    dir,
  );
  queryLocal("INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 1)", dir);
  queryLocal("INSERT INTO reposts_fts (reposts_fts, rank) VALUES ('integrity-check', 1)", dir);
  queryLocal("INSERT INTO users_fts (users_fts, rank) VALUES ('integrity-check', 1)", dir);
  queryLocal("INSERT INTO communities_fts (communities_fts, rank) VALUES ('integrity-check', 1)", dir);
  return { ...row, fts_integrity: "ok" };
}

/** Runs the steps' SQL files in order (written to the data set's sql/ folder as `prefix`NN.sql), logging the time of each. */
function runSteps(all, dir, log, started, prefix = "") {
  const sqlDir = join(dir, "sql");
  mkdirSync(sqlDir, { recursive: true });
  let fileNumber = 0;
  all.forEach((step, index) => {
    const stepStarted = performance.now();
    step.files.forEach((sql, part) => {
      const file = join(sqlDir, `${prefix}${String(++fileNumber).padStart(2, "0")}.sql`);
      writeFileSync(file, `${sql.trim()}\n`);
      const partStarted = performance.now();
      try {
        executeFile(file, dir);
      } catch (error) {
        const detail = [error.stdout, error.stderr, error.message].filter(Boolean).join("\n");
        throw new Error(`bench data: ${step.name} failed running ${file}:\n${String(detail).slice(-2000)}`);
      }
      if (step.files.length > 1) log(`    ${step.name}: part ${part + 1}/${step.files.length} in ${seconds(performance.now() - partStarted)}`);
    });
    log(`  [${index + 1}/${all.length}] ${step.name}: ${seconds(performance.now() - stepStarted)} (total ${seconds(performance.now() - started)})`);
  });
}

/**
 * Adds the communities (communitiesStep) to a complete data set that has none, or those of another
 * COMMUNITIES_VERSION, at the data set's own time and scale: one transaction, so a failure leaves the
 * set as it was. Returns the seconds it took, or null when the set already had them.
 */
export function ensureCommunities(preset = DEFAULT_PRESET, meta = readMeta(preset), log = console.log) {
  if (!meta) throw new Error(`bench data: the ${preset} data set is not complete`);
  if (meta.communities === COMMUNITIES_VERSION) return null;
  const dir = dataDir(preset);
  const started = performance.now();
  log(`› Adding communities to the ${preset} data set (communities ${COMMUNITIES_VERSION})…`);
  const schemaBefore = schemaRows(dir);
  const schema = Object.fromEntries(schemaBefore.filter((row) => row.sql).map((row) => [row.name, row.sql]));
  const plan = makePlan(preset, Number(meta.scale ?? 1), Number(meta.now));
  runSteps([communitiesStep(plan, schema)], dir, log, started, "communities-");
  if (JSON.stringify(schemaRows(dir)) !== JSON.stringify(schemaBefore)) {
    throw new Error("bench data: the schema after the communities step differs from the migrated schema");
  }
  const took = (performance.now() - started) / 1000;
  queryLocal(`INSERT OR REPLACE INTO bench_meta (key, value) VALUES ('communities_seconds', '${took.toFixed(1)}')`, dir);
  log(`› Communities added in ${seconds(took * 1000)}.`);
  return took;
}

/**
 * Adds the direct messages (messagesStep) to a complete data set that has none, or those of another
 * MESSAGES_VERSION, at the data set's own time and scale: one transaction. Returns the seconds it
 * took, or null when the set already had them.
 */
export function ensureMessages(preset = DEFAULT_PRESET, meta = readMeta(preset), log = console.log) {
  if (!meta) throw new Error(`bench data: the ${preset} data set is not complete`);
  if (meta.messages === MESSAGES_VERSION) return null;
  const dir = dataDir(preset);
  const started = performance.now();
  log(`› Adding direct messages to the ${preset} data set (messages ${MESSAGES_VERSION})…`);
  const schemaBefore = schemaRows(dir);
  const plan = makePlan(preset, Number(meta.scale ?? 1), Number(meta.now));
  runSteps([messagesStep(plan)], dir, log, started, "messages-");
  if (JSON.stringify(schemaRows(dir)) !== JSON.stringify(schemaBefore)) {
    throw new Error("bench data: the schema after the direct messages step differs from the migrated schema");
  }
  const took = (performance.now() - started) / 1000;
  queryLocal(`INSERT OR REPLACE INTO bench_meta (key, value) VALUES ('messages_seconds', '${took.toFixed(1)}')`, dir);
  log(`› Direct messages added in ${seconds(took * 1000)}.`);
  return took;
}

/**
 * Makes sure the preset's data set exists in its folder (generating it when missing, incomplete,
 * from an older generator, or when `regenerate` is set) and that every migration is applied.
 * Returns the bench_meta values and, when it generated, the time it took.
 */
export function ensureBenchData({ preset = DEFAULT_PRESET, regenerate = false, scale = Number(process.env.BENCH_SCALE ?? 1), log = console.log } = {}) {
  const dir = dataDir(preset);
  const sqlDir = join(dir, "sql");
  if (!regenerate && existsSync(join(dir, "v3"))) {
    // Read before the migrations: a set from an older generator is made again, none spent on it.
    const meta = readMeta(preset);
    if (meta) {
      applyMigrations(dir); // new migrations since the data was made
      // Sets made before communities or direct messages get them now (a minute or seconds, not a regeneration).
      const communitiesSeconds = ensureCommunities(preset, meta, log);
      const afterCommunities = communitiesSeconds === null ? meta : readMeta(preset);
      const messagesSeconds = ensureMessages(preset, afterCommunities, log);
      return { meta: messagesSeconds === null ? afterCommunities : readMeta(preset), generatedSeconds: null, communitiesSeconds, messagesSeconds };
    }
    log(`› The ${preset} benchmark data set is incomplete or from an older generator: regenerating.`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(sqlDir, { recursive: true });
  const started = performance.now();
  log(`› Generating the ${preset} benchmark data set into ${dir} (scale ${scale}); this takes a few minutes…`);
  applyMigrations(dir);
  const schemaBefore = schemaRows(dir);
  const schema = Object.fromEntries(schemaBefore.filter((row) => row.sql).map((row) => [row.name, row.sql]));
  const plan = makePlan(preset, scale);
  const all = steps(plan, schema);
  runSteps(all, dir, log, started);
  // Every index and trigger the bulk steps dropped must be back exactly as the migrations made it.
  if (JSON.stringify(schemaRows(dir)) !== JSON.stringify(schemaBefore)) {
    throw new Error("bench data: the schema after generation differs from the migrated schema");
  }
  const generatedSeconds = (performance.now() - started) / 1000;
  queryLocal(
    `INSERT OR REPLACE INTO bench_meta (key, value) VALUES ('version', '${GENERATOR_VERSION}'), ('generated_seconds', '${generatedSeconds.toFixed(1)}'), ('complete', '${new Date().toISOString()}')`,
    dir,
  );
  log(`› Data set ready in ${seconds(generatedSeconds * 1000)}.`);
  return { meta: readMeta(preset), generatedSeconds };
}

// Standalone: node tests/bench/generate.mjs [--preset=large|peer] [--regenerate] [--verify]
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const regenerate = process.argv.includes("--regenerate");
  const preset = process.argv.find((arg) => arg.startsWith("--preset="))?.slice("--preset=".length) ?? DEFAULT_PRESET;
  const dir = dataDir(preset);
  const { generatedSeconds } = ensureBenchData({ preset, regenerate });
  if (generatedSeconds === null) console.log(`› Reusing the existing ${preset} data set (--regenerate rebuilds it).`);
  console.log(summarize(dir));
  console.log(`› Database files: ${(databaseBytes(dir) / 1024 ** 2).toFixed(0)} MiB`);
  if (process.argv.includes("--verify")) console.log(verifyDeep(dir));
}

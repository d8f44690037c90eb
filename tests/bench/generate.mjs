// The benchmark's data sets, generated once each into a local D1 of their own. The sizes are the
// presets in PRESETS: `large` (DESIGN.md §9, the default, in tests/bench/data): 100 000 users,
// 1 000 000 posts (3% reposts), a power-law follow graph, 5 000 000 likes; `peer` (tests/bench/data-peer):
// 10 000 users, 200 000 posts, ~1 000 000 follows, 1 000 000 likes. Both have the same shape and the
// extras the hot pages read (hashtags, videos, images, comments and replies, comment likes, views,
// notifications, trends). Rows are generated inside SQLite by recursive CTEs in SQL files run through
// `wrangler d1 execute --local`, after the real migrations. The counter triggers keep the counters,
// except in the three biggest bulk steps (follows, posts, likes), which drop a few secondary indexes
// and triggers, insert in an index-friendly order, then recreate them from the migrated schema's own
// SQL, recompute the affected counters from the rows and rebuild the posts FTS index: the same end
// state the triggers produce (checked: the schema must equal the migrated one, the counter sums must
// equal the row counts; --verify also checks every counter row by row and the FTS integrity).
//
//   node tests/bench/generate.mjs [--preset=large|peer] [--regenerate] [--verify]
//   (npm run bench [-- --preset=peer] calls ensureBenchData)
//   BENCH_SCALE=0.05 shrinks every count of the preset (for trying the generator quickly).
import { execFileSync } from "node:child_process";
import console from "node:console";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { applyMigrations, executeFile, queryLocal, ROOT } from "../../scripts/lib/wrangler.mjs";
import { CITIES, FIRST_NAMES, LAST_NAMES, hashtags, sentences } from "./words.mjs";

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
    viewers: { heavy: "most", median: 100, light: 5 },
  },
};
export const DEFAULT_PRESET = "large";

/** The folder of a preset's local D1 (tests/bench/data for the large one). */
export function dataDir(preset = DEFAULT_PRESET) {
  if (!Object.hasOwn(PRESETS, preset)) {
    throw new Error(`bench data: unknown preset "${preset}" (presets: ${Object.keys(PRESETS).join(", ")})`);
  }
  return join(ROOT, "tests", "bench", PRESETS[preset].dir);
}
export const DATA_DIR = dataDir(DEFAULT_PRESET);
/** Bump when the generator changes shape: older data sets are then regenerated. */
export const GENERATOR_VERSION = "1";

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
    const values = rows.slice(i, i + perStatement).map((row) => `(${row.map((v) => (typeof v === "number" ? v : quote(v))).join(", ")})`);
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
  const repostsSql = `
WITH RECURSIVE ${seq(1, plan.reposts)},
r AS MATERIALIZED (SELECT n, 1 + ${rnd("(SELECT max(rowid) FROM post_likes)")} AS lr, ${rnd(HOUR)} AS dl FROM seq),
x AS MATERIALIZED (SELECT r.n, l.post_id, l.user_id, min(${now}, l.created_at + r.dl) AS t FROM r JOIN post_likes l ON l.rowid = r.lr)
INSERT OR IGNORE INTO posts (rowid, id, user_id, content, reposted_from_post_id, created_at)
SELECT ${plan.originals} + x.n, ${idSql("x.t", `${plan.originals} + x.n`)}, x.user_id, '', x.post_id, x.t FROM x;
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
  ];
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
  } catch {
    return null; // no bench_meta table: never generated (or generation died early)
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
      (SELECT sum(views_count) FROM posts) = (SELECT count(*) FROM user_activity) AS views_ok`,
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
      (SELECT count(*) FROM posts_fts WHERE posts_fts MATCH 'coffee') AS fts_coffee,
      (SELECT count(*) FROM posts WHERE content LIKE '%coffee%') AS like_coffee`,
    dir,
  );
  queryLocal("INSERT INTO posts_fts (posts_fts, rank) VALUES ('integrity-check', 1)", dir);
  queryLocal("INSERT INTO users_fts (users_fts, rank) VALUES ('integrity-check', 1)", dir);
  return { ...row, fts_integrity: "ok" };
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
    applyMigrations(dir); // new migrations since the data was made
    const meta = readMeta(preset);
    if (meta) return { meta, generatedSeconds: null };
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
  let fileNumber = 0;
  all.forEach((step, index) => {
    const stepStarted = performance.now();
    step.files.forEach((sql, part) => {
      const file = join(sqlDir, `${String(++fileNumber).padStart(2, "0")}.sql`);
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

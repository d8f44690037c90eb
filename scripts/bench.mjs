// `npm run bench`: the performance benchmark (DESIGN.md §9). Never part of `npm test`.
//
// 1. Makes sure the generated data set exists in tests/bench/data (tests/bench/generate.mjs; built
//    once, reused afterwards; `npm run bench -- --regenerate` rebuilds it).
// 2. Builds the app (as `npm start` does) and serves the build as `npm start` does (tests/bench/serve.mjs) on the data, on a free port, in its own
//    process group (stopped as a group at the end, on errors and on Ctrl-C).
// 3. Signs in three viewers (a heavy follower, a median one, one who follows few) by inserting
//    session rows (and gives them bookmarks once, for the Bookmarks row), and writers (three new members for each round). Every row (a page as a viewer, a
//    write as a writer: posting and liking as JavaScript's fetchers send them) gets warm-up requests,
//    then ROUNDS rounds in which the rows take turns request by request, so the machine's slow
//    moments fall on all rows alike. Per row: the median of the rounds' p50s and its spread, the
//    median p95, D1 wait, rendering time and the rest (the worker's Server-Timing), client latency on
//    loopback and the D1 depth (X-D1-Depth: round trips one after another on the critical path); and a
//    line counting the page rows inside issue 10's margin (MARGIN: reported, never judged). The run's
//    posts are deleted afterwards. Pages that answer 404 or a redirect are skipped as "not built yet".
//    The signed-out public profile has two rows: cold (every request a cache miss, X-Measure-Cache-Miss)
//    and from the edge cache (an answer that did not come from there counts as an error).
//    Then the cron's trends job (docs/decisions/033), run at the data set's time through the local-only
//    /dev/fixtures: its D1 time, budget 1 s (row "Trends job (cron)").
//    Then the realtime rooms (docs/decisions/036), with WebSocket clients as pages open them (the
//    session cookie, the Origin of the address they connect to): "DM delivery (room)", a message sent (POST /messages/{id}/send)
//    until the other participant's socket in conversation-room/{id} has it, and "Feed fan-out (100
//    pages)", 100 sockets on the public feed shards, half of them watching a post: after a like of it
//    every watching socket must get its counts and no other socket any. The run's messages are deleted
//    afterwards too.
// 4. Measures the initial JS of the home page (gzip size of every script it references).
// 5. Reports the machine: load average before and after, CPU time stolen by the host, and the host's
//    speed before and after (a fixed JavaScript workload, so that runs on different hosts can be
//    compared). A run on a busy machine, or on a host whose speed moved during it, is UNRELIABLE, never
//    a pass.
//
// Options: --regenerate, --preset=large|peer (tests/bench/generate.mjs), --requests=N (per round,
// default 200), --rounds=N (default 3), --warmup=N (default 20), --sends=N (DM delivery's messages,
// default --requests), --only=<text> (measure only rows whose label or path contains the text; "a|b":
// either; "Initial JS" measures the home page's scripts and lists every one). Exit code 0 unless the
// harness broke.
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import WebSocket from "ws";
import { databaseBytes, dataDir, DEFAULT_PRESET, ensureBenchData, summarize } from "../tests/bench/generate.mjs";
import { buildOrExit } from "./lib/build.mjs";
import { median } from "./lib/stats.mjs";
import { freePort, queryLocal, ROOT } from "./lib/wrangler.mjs";

const SERVE = fileURLToPath(new URL("../tests/bench/serve.mjs", import.meta.url));
const RESERVED_PORTS = new Set([8787, 8788, 8790]);
const BUDGET = { p50: 15, p95: 40, d1: 2, cachedP50: 3, jsGzipBytes: 120 * 1000 };
/** The margin issue 10 asks of every page so that the budget holds on any run: reported, never judged. */
const MARGIN = { p50: 10, p95: 25 };
/** Writes may take one round trip more than pages (DESIGN.md §9); posting and liking take 2 (decision 026). */
const WRITE_BUDGET = { ...BUDGET, d1: 3 };
const DAY = 86_400_000;
/** The text every post the benchmark writes starts with (deleted after the run). */
const BENCH_POST = "Bench post";
/** The text every direct message the benchmark sends starts with (deleted after the run). */
const BENCH_MESSAGE = "Bench message";
/**
 * The realtime rows (docs/decisions/036): a message from the send's start to the other participant's
 * socket on loopback; a like until the last page watching the post has its counts (rooms send counts
 * at most once a second, FEED_COUNTS_FLUSH_MS, so about a second is expected).
 */
const REALTIME_BUDGET = { deliveryP50: 20, deliveryP95: 50, fanOutMs: 1500 };
const DM_ROW = "DM delivery (room)";
const FAN_OUT_ROW = "Feed fan-out (100 pages)";
/** The public feed's shards (FEED_SHARDS in app/lib/constants.ts) and the sockets spread over them. */
const FEED_SHARDS = 8;
const FAN_OUT_SOCKETS = 100;
/** Likes and unlikes of the watched post (even: the post ends as it was). */
const FAN_OUT_TRIALS = 4;
/** How long a message or counts may take before they count as never delivered. */
const DELIVERY_TIMEOUT_MS = 5000;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const REGENERATE = args.includes("--regenerate");
const REQUESTS = Number(option("requests", 200));
const ROUNDS = Math.max(1, Number(option("rounds", 3)));
const WARMUP = Number(option("warmup", 20));
// DM delivery sends this many messages, from three members in turn: each stays far under the message
// limit (RATE_LIMITS.message: 600 an hour, counted across runs, since the limiter keeps its state).
const SENDS = Number(option("sends", Math.min(REQUESTS, 200)));
if (!(SENDS >= 1 && SENDS <= 600)) {
  console.error("--sends is between 1 and 600 (three members send a third each, under 600 messages an hour).");
  process.exit(2);
}
// A writer posts for a whole round (or the warm-up): that must stay under the post limit
// (RATE_LIMITS.post: 300 per 3 hours), or the row would measure refusals.
if (REQUESTS > 290 || WARMUP > 290) {
  console.error("--requests and --warmup are at most 290: one member posts that many times in a round.");
  process.exit(2);
}
const ONLY = option("only", "");
/** Whether --only picks what `label` names (everything without --only). */
const selected = (label) => !ONLY || ONLY.split("|").some((text) => label.includes(text));
// --preset=<name>: which data set (tests/bench/generate.mjs PRESETS): large (default, tests/bench/data) or peer.
const PRESET = option("preset", DEFAULT_PRESET);
const DATA_DIR = dataDir(PRESET);

const log = (...parts) => console.log(...parts);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const mib = (bytes) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const ms = (value) => (value === null ? "-" : value.toFixed(1));

// ───────────────────────────── the server ─────────────────────────────

let server = null; // { child, port, logFile }

async function pickPort() {
  for (;;) {
    const port = await freePort();
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

async function startServer() {
  const port = await pickPort();
  const logFile = join(DATA_DIR, "server.log");
  const out = createWriteStream(logFile);
  // Production React (wrangler bundles for development unless NODE_ENV says otherwise), and no
  // devtools inspector attached to the isolate: the worker as it runs when deployed, in local workerd.
  const env = { ...process.env, NODE_ENV: "production", WRANGLER_SEND_METRICS: "false", CI: "true", NO_UPDATE_NOTIFIER: "1" };
  // detached: the child leads a new process group (setsid), so wrangler and workerd stop together.
  const child = spawn(process.execPath, [SERVE, String(port), DATA_DIR], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  server = { child, port, logFile, exited: false };
  child.on("exit", () => {
    server.exited = true;
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exited) throw new Error(`the bench server exited while starting; see ${logFile}`);
    try {
      await getOnce("/favicon.svg", {});
      return server;
    } catch {
      if (Date.now() > deadline) throw new Error(`the bench server did not answer within 90 s; see ${logFile}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function killGroup(signal) {
  if (!server || server.exited) return;
  try {
    process.kill(-server.child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopServer() {
  if (!server || server.exited) return;
  killGroup("SIGTERM");
  const deadline = Date.now() + 5000;
  while (!server.exited && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  killGroup("SIGKILL");
}

process.on("exit", () => killGroup("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    killGroup("SIGKILL");
    process.exit(130);
  });
}

// ───────────────────────────── HTTP ─────────────────────────────

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

const RETRYABLE = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ECONNABORTED"]);
let retries = 0;

/**
 * One request on loopback; `ms` runs from sending the request to the last byte of the body. A
 * dropped connection is retried (and its time not counted) instead of failing the run.
 */
async function get(path, headers, form = null) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getOnce(path, headers, form);
    } catch (error) {
      const retryable = RETRYABLE.has(error.code) || /socket hang up/.test(error.message);
      if (!retryable || attempt >= 20 || !server || server.exited) throw error;
      retries += 1;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * One request: a GET, or with `form` a POST of that form as a browser sends it. Asked at the site's
 * own address (APP_ORIGIN, `localhost`, over 127.0.0.1), as a deployed site is asked at its domain: a
 * write then purges its public pages under one origin, not under 127.0.0.1's too (docs/decisions/042).
 */
function getOnce(path, headers, form = null) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const body = form ? new URLSearchParams(form).toString() : null;
    const post = body === null ? {} : { Origin: `http://localhost:${server.port}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) };
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: body === null ? "GET" : "POST",
        agent,
        headers: { Host: `localhost:${server.port}`, "User-Agent": USER_AGENT, Accept: "text/html,*/*", ...post, ...headers },
      },
      (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/** The worker's own time for the whole response (loaders and rendering), from its Server-Timing. */
function serverTime(response, metric = "total") {
  const match = new RegExp(`${metric};dur=([\\d.]+)`).exec(String(response.headers["server-timing"] ?? ""));
  return match ? Number(match[1]) : null;
}

/** p50, p95 and the rest of one round's samples for one row. */
function roundStats(samples) {
  const sorted = (key) => samples.map((sample) => sample[key]).sort((a, b) => a - b);
  const times = sorted("server");
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: times.at(-1),
    d1P50: percentile(sorted("d1"), 0.5),
    renderP50: percentile(sorted("render"), 0.5),
    restP50: percentile(sorted("rest"), 0.5),
    clientP50: percentile(sorted("client"), 0.5),
    // Requests per second one connection makes one after another (1000 / mean client latency).
    perSecond: 1000 / (samples.reduce((sum, sample) => sum + sample.client, 0) / samples.length),
  };
}

/**
 * Measures every row together: warm-up requests for each, then ROUNDS rounds in which the rows take
 * turns request by request (round-robin), so a slow moment of the machine falls on every row alike
 * rather than on whichever row ran then. A row's result is the median of its rounds' p50s (and p95s),
 * with the spread of the p50s across rounds.
 */
async function measureRows(rows) {
  // A write's form gets the row's running count (unique texts) and the count within this member's
  // turn (a like toggle starts by liking, whoever the member is). A write whose address depends on
  // its member (a message to the member's conversation) has pathFor(turn).
  const send = (row, turn) => {
    const form = row.page.form ? row.page.form(row.sent++, row.turnSent++) : null;
    const path = row.page.pathFor ? row.page.pathFor(turn) : row.page.path;
    return get(path, { ...row.page.headersFor(turn), "X-Measure-Server-Time": "1" }, form);
  };
  /** Warm-up is turn 0 (its own writers); round r is turn r + 1. */
  const startTurn = () => rows.forEach((row) => (row.turnSent = 0));
  for (const row of rows) {
    row.sent = 0;
    row.rounds = [];
    row.depths = new Set();
    row.errors = 0;
  }
  startTurn();
  for (let i = 0; i < WARMUP; i++) for (const row of rows) await send(row, 0);
  for (let round = 0; round < ROUNDS; round++) {
    const samples = rows.map(() => []);
    startTurn();
    for (let i = 0; i < REQUESTS; i++) {
      for (const [index, row] of rows.entries()) {
        const response = await send(row, round + 1);
        const server = serverTime(response);
        if (server === null) throw new Error(`${row.page.path} answered without Server-Timing (is ENVIRONMENT local?)`);
        const d1 = serverTime(response, "d1") ?? 0;
        const render = serverTime(response, "render") ?? 0;
        // The rest: the worker's time that is neither D1 wait nor rendering (routing, loader code,
        // encoding the loader data, building the answer's HTML; for writes also the rate limit, the
        // cache purge and the room calls).
        samples[index].push({ server, d1, render, rest: Math.max(0, server - d1 - render), client: response.ms });
        if (response.status !== 200) row.errors += 1;
        // A row about the edge cache measures only answers the cache gave as it should.
        if (row.page.edgeCache && !row.page.edgeCache.includes(response.headers["x-edge-cache"])) row.errors += 1;
        const depth = response.headers["x-d1-depth"];
        row.depths.add(depth === undefined ? null : Number(depth));
      }
    }
    for (const [index, row] of rows.entries()) row.rounds.push(roundStats(samples[index]));
    log(`  round ${round + 1} of ${ROUNDS} measured`);
  }
  // The floor of each page: its D1 reads made again by the worker right after the answer, alone.
  const FLOOR_REQUESTS = Math.min(REQUESTS, 30);
  for (const row of rows) {
    if (row.page.form) continue;
    const floors = [];
    for (let i = 0; i < FLOOR_REQUESTS; i++) {
      const response = await get(row.page.path, { ...row.page.headersFor(0), "X-Measure-Server-Time": "1", "X-Measure-D1-Floor": "1" });
      const floor = serverTime(response, "floor");
      if (floor !== null) floors.push(floor);
    }
    row.floor = floors.length ? median(floors) : null;
  }
  for (const row of rows) {
    const of = (key) => row.rounds.map((stats) => stats[key]);
    const depths = [...row.depths].filter((value) => value !== null);
    row.result = {
      p50: median(of("p50")),
      spread: Math.max(...of("p50")) - Math.min(...of("p50")),
      p95: median(of("p95")),
      max: Math.max(...of("max")),
      d1P50: median(of("d1P50")),
      floor: row.floor ?? null,
      renderP50: median(of("renderP50")),
      restP50: median(of("restP50")),
      clientP50: median(of("clientP50")),
      perSecond: median(of("perSecond")),
      d1Max: depths.length ? Math.max(...depths) : null,
      d1Min: depths.length ? Math.min(...depths) : null,
      errors: row.errors,
    };
  }
}

// ───────────────────────────── the machine ─────────────────────────────

/** CPU time counters of the whole machine (/proc/stat): busy, idle and stolen by the hypervisor. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields;
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, steal };
  } catch {
    return null;
  }
}

/**
 * The machine while the benchmark ran: load averages before and after, the share of CPU stolen, and
 * the host's speed before and after.
 */
function machineReport(before, after) {
  const cores = availableParallelism();
  const steal = before.cpu && after.cpu ? ((after.cpu.steal - before.cpu.steal) / Math.max(1, after.cpu.total - before.cpu.total)) * 100 : 0;
  // Idle but for the benchmark (its client and server take turns: about one core), nothing stolen.
  const reasons = [];
  if (before.load >= 1) reasons.push(`load ${before.load.toFixed(2)} before the run (≥ 1)`);
  if (after.load >= cores) reasons.push(`load ${after.load.toFixed(2)} after the run (≥ ${cores} cores)`);
  if (steal >= 5) reasons.push(`${steal.toFixed(1)}% of CPU time stolen by the host (≥ 5%)`);
  // The slower reading's shortfall from the faster one, whichever came first.
  const drift = Math.abs(after.speed - before.speed) / Math.max(before.speed, after.speed);
  if (drift >= SPEED_DRIFT) reasons.push(`the host's speed moved ${(drift * 100).toFixed(0)}% during the run (≥ ${SPEED_DRIFT * 100}%)`);
  return { cores, steal, reasons };
}

/**
 * How fast this host runs a fixed piece of JavaScript (building a string, sorting numbers), in rounds
 * per millisecond: the best of five tries of 100 ms, in the benchmark's own process while the server
 * idles. Higher is faster. Lighthouse's benchmark index is the same idea (decision 055): it tells a
 * slower host, or a host that slowed down during the run, from slower code.
 */
function hostSpeed() {
  let sink = 0;
  const round = () => {
    let text = "";
    for (let i = 0; i < 2000; i++) text += String.fromCharCode(97 + (i % 26));
    const values = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 2003);
    values.sort((a, b) => a - b);
    sink += text.length + values[0];
  };
  let best = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const started = performance.now();
    let rounds = 0;
    while (performance.now() - started < 100) {
      round();
      rounds++;
    }
    best = Math.max(best, rounds / (performance.now() - started));
  }
  if (!(sink > 0 && best > 0)) throw new Error("the host-speed workload did not run");
  return best;
}

/** A run whose slower host-speed reading is this share or more below its faster one is UNRELIABLE. */
const SPEED_DRIFT = 0.2;

const machineNow = () => ({ load: loadavg()[0], cpu: cpuTimes(), speed: hostSpeed() });

// ───────────────────────────── viewers ─────────────────────────────

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
function sessionToken() {
  // 20 random bytes in lower-case base32, like app/.server/auth/session.ts.
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of randomBytes(20)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * The session token of each member signed in during this run. A member can hold two roles (the median
 * viewer's conversation partner can be the most notified member too), and a second sign-in replaces
 * the member's sessions, so it would end the first role's: each member is signed in once a run.
 */
const runTokens = new Map();

/**
 * Gives each viewer a fresh 30-day session (replacing earlier runs' sessions of that member), or the
 * one it already has in this run, and describes them.
 */
function signIn(viewers) {
  const now = Date.now();
  const ids = viewers.map((viewer) => sqlText(viewer.id)).join(", ");
  const fresh = [...new Set(viewers.map((viewer) => viewer.id))].filter((id) => !runTokens.has(id));
  const statements = fresh.length > 0 ? [`DELETE FROM sessions WHERE user_id IN (${fresh.map(sqlText).join(", ")})`] : [];
  for (const id of fresh) {
    const token = sessionToken();
    runTokens.set(id, token);
    const hash = createHash("sha256").update(token).digest("hex");
    statements.push(`INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${hash}', ${sqlText(id)}, ${now + 30 * DAY}, ${now})`);
  }
  for (const viewer of viewers) viewer.token = runTokens.get(viewer.id);
  statements.push(`SELECT id, username, following_count, followers_count FROM users WHERE id IN (${ids})`);
  const rows = queryLocal(statements.join(";\n"), DATA_DIR);
  for (const viewer of viewers) {
    const row = rows.find((r) => r.id === viewer.id);
    if (!row) throw new Error(`viewer ${viewer.id} not found in the data set`);
    viewer.username = row.username;
    viewer.label = `${viewer.kind} (follows ${row.following_count})`;
  }
  return viewers;
}

/** The member with the most notification items (the generator's likes and follows of the last 14 days). */
function mostNotifiedMember() {
  const [row] = queryLocal("SELECT user_id AS id FROM notifications WHERE is_head = 1 GROUP BY user_id ORDER BY count(*) DESC LIMIT 1", DATA_DIR);
  if (!row) throw new Error("the data set has no notifications");
  return row.id;
}

/** Bookmarks each viewer has for the "Bookmarks" row (the generated data set has none). */
const VIEWER_BOOKMARKS = 300;

/**
 * Gives each viewer VIEWER_BOOKMARKS bookmarks of random posts outside communities, each made an hour
 * after its post, once: a viewer who already has bookmarks keeps them, so every run measures the same
 * pages. The rows stay in the data set (no counter or trigger depends on them).
 */
function ensureViewerBookmarks(viewers) {
  const statements = viewers.map(
    (viewer) => `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${2 * VIEWER_BOOKMARKS}),
picked AS (SELECT DISTINCT 1 + abs(random() % (SELECT max(rowid) FROM posts)) AS r FROM seq)
INSERT OR IGNORE INTO post_bookmarks (post_id, user_id, created_at)
SELECT p.id, ${sqlText(viewer.id)}, p.created_at + 3600000
FROM picked JOIN posts p ON p.rowid = picked.r
WHERE p.reposted_from_post_id IS NULL AND p.community_id IS NULL
  AND NOT EXISTS (SELECT 1 FROM post_bookmarks WHERE user_id = ${sqlText(viewer.id)})
LIMIT ${VIEWER_BOOKMARKS}`,
  );
  queryLocal(statements.join(";\n"), DATA_DIR);
}

/**
 * Subscriptions (issue 15; docs/decisions/037), made once per data set (bench_meta `subscriptions`):
 * the non-viewer with the most posts becomes a verified creator at $4.99 with every other one of their
 * own posts subscriber-only ("subscription_creator"); 60 more members offer subscriptions; 3 000
 * random members subscribe to random creators (the triggers count them); the median viewer subscribes
 * to the creator and 9 others (some yearly) and has a verified subscription; the light viewer none.
 * Returns the creator's username.
 */
function ensureSubscriptions(meta) {
  const viewers = [meta.viewer_heavy, meta.viewer_median, meta.viewer_light].map(sqlText).join(", ");
  const median = sqlText(meta.viewer_median);
  const year = 365 * 24 * 3600 * 1000;
  const until = `(CAST(strftime('%s', 'now') AS INTEGER) * 1000 + ${year})`;
  queryLocal(
    `INSERT OR IGNORE INTO bench_meta (key, value)
SELECT 'subscription_creator', username FROM users
WHERE id NOT IN (${viewers}) AND username <> ${sqlText(meta.popular_user)} AND posts_count >= 40 ORDER BY posts_count DESC LIMIT 1;
UPDATE users SET verified_type = coalesce(verified_type, 'user'), offers_subscriptions = 1, subscription_price_cents = 499
WHERE username = (SELECT value FROM bench_meta WHERE key = 'subscription_creator') AND NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
UPDATE posts SET is_subscriber_only = 1
WHERE user_id = (SELECT id FROM users WHERE username = (SELECT value FROM bench_meta WHERE key = 'subscription_creator'))
  AND reposted_from_post_id IS NULL AND community_id IS NULL AND rowid % 2 = 0
  AND NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 200)
UPDATE users SET offers_subscriptions = 1, subscription_price_cents = 199 + (rowid % 20) * 100
WHERE rowid IN (SELECT 1 + abs(random() % (SELECT max(rowid) FROM users)) FROM seq LIMIT 60) AND id NOT IN (${viewers})
  AND NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 3000),
creators AS (SELECT id, subscription_price_cents AS price, row_number() OVER (ORDER BY id) AS k FROM users WHERE offers_subscriptions = 1 AND subscription_price_cents > 0),
picked AS (SELECT n, 1 + abs(random() % (SELECT max(rowid) FROM users)) AS r, 1 + abs(random() % (SELECT count(*) FROM creators)) AS c FROM seq)
INSERT OR IGNORE INTO creator_subscriptions (id, subscriber_id, subscribed_to_id, amount_cents, plan, status, expires_at, provider)
SELECT 'bench-sub-' || picked.n, u.id, creators.id, creators.price, 'monthly', 'active', ${until}, 'test'
FROM picked JOIN users u ON u.rowid = picked.r JOIN creators ON creators.k = picked.c
WHERE u.id <> creators.id AND u.id NOT IN (${viewers}) AND NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
INSERT OR IGNORE INTO creator_subscriptions (id, subscriber_id, subscribed_to_id, amount_cents, plan, status, expires_at, provider)
SELECT 'bench-sub-median-' || id, ${median}, id, iif(rowid % 3 = 0, subscription_price_cents * 96 / 10, subscription_price_cents),
  iif(rowid % 3 = 0, 'yearly', 'monthly'), 'active', ${until}, 'test'
FROM (SELECT id, rowid, subscription_price_cents FROM users
  WHERE (offers_subscriptions = 1 AND subscription_price_cents > 0 AND id <> ${median})
  ORDER BY username = (SELECT value FROM bench_meta WHERE key = 'subscription_creator') DESC, rowid LIMIT 10)
WHERE NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
INSERT OR IGNORE INTO verified_subscriptions (id, user_id, status, amount_cents, expires_at, provider)
SELECT 'bench-verified-median', ${median}, 'active', 999, (CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 30 * 24 * 3600 * 1000), 'test'
WHERE NOT EXISTS (SELECT 1 FROM bench_meta WHERE key = 'subscriptions');
INSERT OR IGNORE INTO bench_meta (key, value) VALUES ('subscriptions', '1');
-- Every run: the periods run a year (the verified one 30 days) from now, so the rows never measure lapsed ones.
UPDATE creator_subscriptions SET expires_at = ${until} WHERE id LIKE 'bench-sub-%';
UPDATE verified_subscriptions SET expires_at = (CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 30 * 24 * 3600 * 1000) WHERE id = 'bench-verified-median';`,
    DATA_DIR,
  );
  return queryLocal("SELECT value FROM bench_meta WHERE key = 'subscription_creator'", DATA_DIR)[0]?.value ?? null;
}

/**
 * Messages to support (decision 078) for the Help Center row, once: the median viewer has written 8
 * (more than the page lists), marked mailed, so no cron mails them.
 */
function ensureSupportRequests(meta) {
  const median = sqlText(meta.viewer_median);
  queryLocal(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 8)
INSERT OR IGNORE INTO support_requests (id, user_id, topic, message, priority, mailed_at, created_at)
SELECT 'bench-support-' || n, ${median}, 'other', 'A question for support, number ' || n || ', written in a few lines as members write them.', 1,
  1700000000000 + n * 60000, 1700000000000 + n * 60000
FROM seq`,
    DATA_DIR,
  );
}

/**
 * Blocks (decision 100) for the Blocked accounts row, once: the median viewer blocked 40 members (more
 * than the list's page) whom they neither follow nor are followed by nor write to, so their feeds keep
 * their shape. Each block counts in both members' settings (the triggers), as a member's would.
 */
function ensureBlocks(meta) {
  const median = sqlText(meta.viewer_median);
  const kept = [meta.viewer_heavy, meta.viewer_median, meta.viewer_light, meta.popular_user].map(sqlText).join(", ");
  queryLocal(
    `INSERT OR IGNORE INTO blocks (id, blocker_id, blocked_id, created_at)
SELECT 'bench-block-' || id, ${median}, id, 1700000000000 FROM users
WHERE id NOT IN (${kept})
  AND id NOT IN (SELECT following_id FROM follows WHERE follower_id = ${median})
  AND id NOT IN (SELECT follower_id FROM follows WHERE following_id = ${median})
  AND id NOT IN (SELECT other_id FROM conversation_members WHERE user_id = ${median})
ORDER BY id LIMIT 40`,
    DATA_DIR,
  );
}

/**
 * The search indexes merged as the cron merges them (decision 113; `mergeSearchIndexes` in
 * app/.server/search-indexes.ts): its step every minute merges two segments at a time (usermerge 2,
 * migration 0050), and it keeps posts' index in 5–7 segments (up to 11) under a flow of posts. Here
 * one positive 'merge' without a page limit leaves one segment a level, the best of those: the search
 * rows are a lower bound. It writes nothing for an index already so. A run's own posts then add
 * segments, as a live server's latest writes do.
 */
function mergeSearchIndexes() {
  const indexes = queryLocal("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'", DATA_DIR).map((row) => row.name);
  queryLocal(indexes.map((name) => `INSERT INTO ${name} (${name}, rank) VALUES ('merge', 2147483647)`).join(";\n"), DATA_DIR);
}

/**
 * Mutes (decision 107), once: the median viewer muted 40 members, 10 of them people they follow (so
 * Following leaves their posts out) and 30 others (For you and Videos leave theirs out), none of them
 * blocked. The median viewer's Home and Videos rows then pay for the filter; the heavy and light
 * viewers muted no one, as most members.
 */
function ensureMutes(meta) {
  const median = sqlText(meta.viewer_median);
  const kept = [meta.viewer_heavy, meta.viewer_median, meta.viewer_light, meta.popular_user].map(sqlText).join(", ");
  queryLocal(
    `INSERT OR IGNORE INTO mutes (id, muter_id, muted_id, created_at)
SELECT 'bench-mute-' || id, ${median}, id, 1700000000000 FROM (
  SELECT id FROM (SELECT following_id AS id FROM follows WHERE follower_id = ${median} AND following_id NOT IN (${kept}) ORDER BY following_id LIMIT 10)
  UNION ALL
  SELECT id FROM (SELECT id FROM users WHERE id NOT IN (${kept})
    AND id NOT IN (SELECT following_id FROM follows WHERE follower_id = ${median})
    AND id NOT IN (SELECT blocked_id FROM blocks WHERE blocker_id = ${median})
    ORDER BY id DESC LIMIT 30))`,
    DATA_DIR,
  );
}

/** The least used hashtag (a page whose few posts lie far apart in the tag index, counted without a trend row). */
function rareHashtag() {
  const [row] = queryLocal("SELECT hashtag FROM post_hashtags GROUP BY hashtag ORDER BY count(*), hashtag LIMIT 1", DATA_DIR);
  return row?.hashtag ?? null;
}

/**
 * The members the messaging and realtime rows act as, in one query: the median viewer's three newest
 * conversations but the opened one (DM delivery's pairs), senders of other members' conversations
 * (one conversation each, none with the median viewer: the "Messages: send" writers), a member who
 * has not liked the popular post (fan-out's liker) and 40 newest public posts (what the fan-out's
 * pages watch besides it). Signs the members in.
 */
function messagingMembers(meta, writerCount) {
  const viewerList = [meta.viewer_heavy, meta.viewer_median, meta.viewer_light].map(sqlText).join(", ");
  const median = sqlText(meta.viewer_median);
  const post = sqlText(meta.popular_post);
  const rows = queryLocal(
    `SELECT 'partner' AS role, other_id AS id, conversation_id AS ref FROM
  (SELECT other_id, conversation_id FROM conversation_members WHERE user_id = ${median} AND conversation_id <> ${sqlText(meta.messages_conversation ?? "")}
   ORDER BY last_at DESC LIMIT 3)
UNION ALL
SELECT 'writer', sender, ref FROM
  (SELECT participant_1_id AS sender, min(id) AS ref FROM conversations
   WHERE participant_1_id NOT IN (${viewerList}) AND participant_2_id NOT IN (${viewerList})
     AND participant_1_id NOT IN (SELECT other_id FROM conversation_members WHERE user_id = ${median})
   GROUP BY participant_1_id ORDER BY random() LIMIT ${writerCount})
UNION ALL
SELECT 'liker', id, NULL FROM
  (SELECT id FROM users WHERE id NOT IN (${viewerList})
     AND NOT EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = ${post} AND l.user_id = users.id)
   ORDER BY random() LIMIT 1)
UNION ALL
SELECT 'post', id, NULL FROM
  (SELECT id FROM posts WHERE community_id IS NULL AND reposted_from_post_id IS NULL AND id <> ${post} ORDER BY id DESC LIMIT 40)`,
    DATA_DIR,
  );
  const of = (role) => rows.filter((row) => row.role === role);
  const members = signIn([
    ...of("partner").map((row) => ({ kind: "partner", id: row.id, conversationId: row.ref })),
    ...of("writer").map((row) => ({ kind: "message writer", id: row.id, conversationId: row.ref })),
    ...of("liker").map((row) => ({ kind: "liker", id: row.id })),
  ]);
  return {
    partners: members.filter((member) => member.kind === "partner"),
    writers: members.filter((member) => member.kind === "message writer"),
    liker: members.find((member) => member.kind === "liker") ?? null,
    posts: of("post").map((row) => row.id),
  };
}

/**
 * Deletes the benchmark's messages (any run's), first giving their conversations back the last
 * message and time they had before (the triggers only move them forward; deleting an unread
 * message takes it off the other's unread count itself).
 */
const DELETE_BENCH_MESSAGES = `
UPDATE conversations SET
  last_message_id = (SELECT max(m.id) FROM messages m WHERE m.conversation_id = conversations.id AND m.content NOT LIKE '${BENCH_MESSAGE} %'),
  last_message_at = (SELECT m.created_at FROM messages m WHERE m.conversation_id = conversations.id AND m.content NOT LIKE '${BENCH_MESSAGE} %' ORDER BY m.id DESC LIMIT 1)
WHERE id IN (SELECT conversation_id FROM messages WHERE content LIKE '${BENCH_MESSAGE} %');
UPDATE conversation_members SET last_at = (SELECT coalesce(c.last_message_at, c.created_at) FROM conversations c WHERE c.id = conversation_members.conversation_id)
WHERE conversation_id IN (SELECT conversation_id FROM messages WHERE content LIKE '${BENCH_MESSAGE} %');
DELETE FROM messages WHERE content LIKE '${BENCH_MESSAGE} %'`;

// ───────────────────────────── the trends job ─────────────────────────────

/** The cron's trends job (docs/decisions/033): not a page; its budget is its D1 time. */
const TRENDS_JOB = { label: "Trends job (cron)", path: "/dev/fixtures", budgetD1Ms: 1000 };

/**
 * Runs the trends job on the data set at the data set's own time (its last 48 hours of posts), through
 * the local-only /dev/fixtures, as the cron runs it (one batch), timed by the worker's Server-Timing.
 * It leaves hashtag_trends as a data set generated now has them (the generator runs the same SQL).
 */
async function measureTrendsJob(now) {
  const run = () => get(TRENDS_JOB.path, { "X-Measure-Server-Time": "1" }, { intent: "trends", now });
  for (let i = 0; i < Math.min(WARMUP, 3); i++) await run();
  const samples = [];
  const depths = new Set();
  let errors = 0;
  for (let i = 0; i < Math.min(REQUESTS, 30); i++) {
    const response = await run();
    if (response.status !== 200) errors += 1;
    samples.push({ d1: serverTime(response, "d1") ?? NaN, server: serverTime(response) ?? NaN });
    depths.add(response.headers["x-d1-depth"]);
  }
  const sorted = (key) => samples.map((sample) => sample[key]).sort((a, b) => a - b);
  const d1 = sorted("d1");
  const result = { runs: samples.length, d1P50: percentile(d1, 0.5), d1P95: percentile(d1, 0.95), serverP50: percentile(sorted("server"), 0.5), depths: [...depths].join(", "), errors };
  return { ...result, pass: errors === 0 && result.d1P95 <= TRENDS_JOB.budgetD1Ms };
}

// ───────────────────────────── realtime rooms ─────────────────────────────

/**
 * A WebSocket to a realtime room (`/parties/{party}/{room}`) as a page opens it: the member's session
 * cookie and the Origin of the address it connects to (docs/decisions/036). Resolves when open; each event the room sends
 * goes to `socket.onEvent(event, receivedAt)`.
 */
function connectRoom(party, room, viewer) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/parties/${party}/${room}`, {
      headers: { Cookie: `session=${viewer.token}`, Origin: `http://127.0.0.1:${server.port}`, "User-Agent": USER_AGENT },
      perMessageDeflate: false,
      handshakeTimeout: 30_000,
    });
    socket.onEvent = () => {};
    socket.on("message", (data) => {
      const at = performance.now();
      let event;
      try {
        event = JSON.parse(String(data));
      } catch {
        return;
      }
      socket.onEvent(event, at);
    });
    socket.on("unexpected-response", (req, res) => {
      req.destroy();
      reject(new Error(`${party}/${room} refused the WebSocket as ${viewer.kind}: HTTP ${res.statusCode}`));
    });
    socket.on("error", (error) => reject(error));
    socket.once("open", () => resolve(socket));
  });
}

/** Closes sockets and waits (a little) until they are closed. */
async function closeSockets(sockets) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            socket.terminate();
            resolve();
          }, 2000);
          socket.once("close", () => {
            clearTimeout(timer);
            resolve();
          });
          socket.close();
        }),
    ),
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DM delivery: each pair's receiver has its conversation's room open; the senders take turns, one
 * message at a time (a fresh client id each, as the page sends them), and a message's time runs from
 * the start of its POST to the moment the receiver's socket has it. Warm-up messages first.
 */
async function measureDelivery(pairs, runId) {
  const sockets = await Promise.all(pairs.map((pair) => connectRoom("conversation-room", pair.conversationId, pair.receiver)));
  const waiting = new Map(); // client id → resolve(receivedAt)
  let strays = 0; // a bench message nobody waited for: delivered twice, or after its timeout
  for (const socket of sockets) {
    socket.onEvent = (event, at) => {
      if (event.type !== "message") return;
      const resolve = waiting.get(event.message?.clientId);
      if (resolve) {
        waiting.delete(event.message.clientId);
        resolve(at);
      } else if (String(event.message?.content).startsWith(BENCH_MESSAGE)) {
        strays += 1;
      }
    };
  }
  const sendOne = async (i, tag) => {
    const pair = pairs[i % pairs.length];
    const clientId = `bench-${runId}-${tag}${i}`;
    let timer;
    const received = new Promise((resolve) => {
      waiting.set(clientId, resolve);
      timer = setTimeout(() => {
        waiting.delete(clientId);
        resolve(null);
      }, DELIVERY_TIMEOUT_MS);
    });
    const started = performance.now();
    const response = await get(
      `/messages/${pair.conversationId}/send`,
      { Cookie: `session=${pair.sender.token}`, Accept: "application/json", "X-Measure-Server-Time": "1" },
      { intent: "message-send", content: `${BENCH_MESSAGE} ${runId} ${tag}${i}`, clientId },
    );
    let answer = null;
    try {
      answer = JSON.parse(response.body.toString("utf8"));
    } catch {
      // not JSON: counted as an error below
    }
    if (response.status !== 200 || answer?.ok !== true || answer?.sent?.clientId !== clientId) {
      clearTimeout(timer);
      waiting.delete(clientId);
      const why = response.status === 429 ? "429: the member's message limit (600 an hour) is spent; wait or use fewer --sends" : `HTTP ${response.status}`;
      return { error: why };
    }
    const at = await received;
    clearTimeout(timer);
    if (at === null) return { error: "never delivered" };
    const depth = response.headers["x-d1-depth"];
    return { latency: at - started, server: serverTime(response), depth: depth === undefined ? null : Number(depth) };
  };
  try {
    for (let i = 0; i < Math.min(WARMUP, 3 * pairs.length); i++) await sendOne(i, "w");
    const samples = [];
    const errors = new Map();
    for (let i = 0; i < SENDS; i++) {
      const sample = await sendOne(i, "");
      if (sample.error) errors.set(sample.error, (errors.get(sample.error) ?? 0) + 1);
      else samples.push(sample);
    }
    await sleep(200); // a late duplicate would show now
    const latencies = samples.map((sample) => sample.latency).sort((a, b) => a - b);
    const servers = samples.map((sample) => sample.server ?? NaN).sort((a, b) => a - b);
    const depths = [...new Set(samples.map((sample) => sample.depth))].sort();
    const errorCount = [...errors.values()].reduce((sum, n) => sum + n, 0) + strays;
    const result = {
      sends: SENDS,
      delivered: samples.length,
      p50: latencies.length ? percentile(latencies, 0.5) : null,
      p95: latencies.length ? percentile(latencies, 0.95) : null,
      max: latencies.length ? latencies.at(-1) : null,
      serverP50: servers.length ? percentile(servers, 0.5) : null,
      depths: depths.join(", "),
      errors: errorCount,
      why: [...[...errors].map(([why, n]) => `${n} × ${why}`), ...(strays ? [`${strays} delivered twice or late`] : [])],
    };
    result.fast = result.p50 !== null && result.p50 <= REALTIME_BUDGET.deliveryP50 && result.p95 <= REALTIME_BUDGET.deliveryP95;
    result.pass = errorCount === 0 && result.fast;
    return result;
  } finally {
    await closeSockets(sockets);
  }
}

/**
 * Feed fan-out: FAN_OUT_SOCKETS sockets spread over the public shards (as many pages of members), half
 * of them (some in every shard) watching `postId` among 20 posts, the other half 20 other posts. Then FAN_OUT_TRIALS
 * likes and unlikes of the post by `liker`: each time every watching socket must get the post's counts
 * (all the same), and no other socket may ever get counts of it. The time runs from the like's POST
 * to the last watching socket having them.
 */
async function measureFanOut({ postId, otherPosts, members, liker }) {
  const sockets = [];
  for (let from = 0; from < FAN_OUT_SOCKETS; from += 10) {
    const batch = [];
    for (let n = from; n < Math.min(FAN_OUT_SOCKETS, from + 10); n++) {
      batch.push(
        connectRoom("feed-room", `public-${n % FEED_SHARDS}`, members[n % members.length]).then((socket) =>
          // The first half watch: every shard has watching sockets and others (6 or 7 of each).
          Object.assign(socket, { n, watching: n < FAN_OUT_SOCKETS / 2 }),
        ),
      );
    }
    sockets.push(...(await Promise.all(batch)));
  }
  let trial = null; // { started, got: Map(socket n → { at, likes }) }
  let leaks = 0; // counts of the post at a socket that does not watch it
  let repeats = 0; // a watching socket given the post's counts twice for one like
  for (const socket of sockets) {
    socket.onEvent = (event, at) => {
      if (event.type !== "post-counts" || !event.posts?.[postId]) return;
      if (!socket.watching) {
        leaks += 1;
        return;
      }
      if (!trial) return;
      if (trial.got.has(socket.n)) repeats += 1;
      else trial.got.set(socket.n, { at, likes: event.posts[postId].likes });
    };
  }
  const watchers = sockets.filter((socket) => socket.watching).length;
  try {
    for (const socket of sockets) {
      const others = otherPosts.slice(socket.n % 20, (socket.n % 20) + 19);
      socket.send(JSON.stringify({ type: "watch", posts: socket.watching ? [postId, ...others] : [...others, otherPosts[(socket.n + 19) % otherPosts.length]] }));
    }
    // The rooms take the watch lists; counts an earlier row's likes left are flushed meanwhile.
    await sleep(1500);
    const trials = [];
    for (let t = 0; t < FAN_OUT_TRIALS; t++) {
      trial = { started: performance.now(), got: new Map() };
      const response = await get(`/post/${postId}.data`, { Cookie: `session=${liker.token}` }, { like: String(t % 2 === 0) });
      const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
      while (trial.got.size < watchers && performance.now() < deadline) await sleep(5);
      const arrivals = [...trial.got.values()];
      trials.push({
        status: response.status,
        got: trial.got.size,
        lastMs: arrivals.length ? Math.max(...arrivals.map((a) => a.at)) - trial.started : null,
        firstMs: arrivals.length ? Math.min(...arrivals.map((a) => a.at)) - trial.started : null,
        agree: new Set(arrivals.map((a) => a.likes)).size <= 1,
        likes: arrivals[0]?.likes ?? null,
      });
      trial = null;
    }
    // A second's flush more: counts that reach a socket late (or one that does not watch) show now.
    trial = { started: performance.now(), got: new Map() };
    await sleep(1500);
    const late = trial.got.size;
    trial = null;
    const lasts = trials.map((one) => one.lastMs).filter((value) => value !== null).sort((a, b) => a - b);
    // A like and an unlike differ by one like.
    const likesStep = trials.every((one, t) => t === 0 || one.likes === null || trials[t - 1].likes === null || Math.abs(one.likes - trials[t - 1].likes) === 1);
    const errors =
      trials.filter((one) => one.status !== 200 || one.got < watchers || !one.agree).length + leaks + repeats + late + (likesStep ? 0 : 1);
    const result = {
      sockets: sockets.length,
      watchers,
      trials,
      leaks,
      repeats: repeats + late,
      likesStep,
      p50: lasts.length ? percentile(lasts, 0.5) : null,
      max: lasts.length ? lasts.at(-1) : null,
      firstMin: Math.min(...trials.map((one) => one.firstMs ?? Infinity)),
      errors,
    };
    result.fast = result.max !== null && result.max <= REALTIME_BUDGET.fanOutMs;
    result.pass = errors === 0 && result.fast;
    return result;
  } finally {
    await closeSockets(sockets);
  }
}

// ───────────────────────────── initial JS ─────────────────────────────

async function initialJs(path, headers) {
  const page = await get(path, headers);
  if (page.status !== 200) return null;
  const html = page.body.toString("utf8");
  const urls = new Set();
  for (const [, attrs] of html.matchAll(/<script\b([^>]*)>/gi)) {
    const src = /\bsrc="([^"]+)"/i.exec(attrs);
    if (src) urls.add(src[1]);
  }
  for (const [, attrs] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const href = /\bhref="([^"]+)"/i.exec(attrs);
    if (/\brel="modulepreload"/i.test(attrs) && href) urls.add(href[1]);
  }
  // The modules the start script asks for after the first paint (decision 052): the page's modules, its
  // route modules and the entry.
  const start = /var modules=(\[[^\]]*\]),routes=(\[[^\]]*\]),entry=("[^"]*");/.exec(html);
  if (start) for (const url of [...JSON.parse(start[1]), ...JSON.parse(start[2]), JSON.parse(start[3])]) urls.add(url);
  if (urls.size === 0) throw new Error(`${path} names no script: the initial JS could not be measured`);
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const url of urls) {
    const target = new URL(url.replaceAll("&amp;", "&"), `http://127.0.0.1:${server.port}${path}`);
    const response = await get(target.pathname + target.search, {});
    if (response.status !== 200) throw new Error(`script ${url} answered ${response.status}`);
    const size = gzipSync(response.body).length;
    raw += response.body.length;
    gzip += size;
    files.push({ url, gzip: size });
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].reduce((sum, m) => sum + Buffer.byteLength(m[1]), 0);
  return { files, raw, gzip, inline };
}

// ───────────────────────────── main ─────────────────────────────

/** One table line: the first two columns left-aligned, the numbers right-aligned, the verdict last. */
function pad(cells, widths) {
  return cells
    .map((cell, i) => (i < 2 || i === cells.length - 1 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
    .join("  ")
    .trimEnd();
}

async function main() {
  const started = performance.now();
  // The load before the benchmark starts anything: what else this machine is doing.
  const loadBefore = loadavg()[0];
  log("› Murmur benchmark (DESIGN.md §9)");
  const { meta, generatedSeconds } = ensureBenchData({ preset: PRESET, regenerate: REGENERATE, log });
  if (!meta) throw new Error("the benchmark data set is not complete");
  const counts = summarize(DATA_DIR);
  log(
    `› Data: ${PRESET} preset, ${counts.users.toLocaleString("en")} users, ${counts.posts.toLocaleString("en")} posts, ${counts.follows.toLocaleString("en")} follows, ` +
      `${counts.likes.toLocaleString("en")} likes, ${counts.comments.toLocaleString("en")} comments, ` +
      `${counts.communities.toLocaleString("en")} communities (${counts.community_members.toLocaleString("en")} members, ${counts.community_posts.toLocaleString("en")} posts), ` +
      `${counts.conversations.toLocaleString("en")} conversations (${counts.messages.toLocaleString("en")} messages); database files ${mib(databaseBytes(DATA_DIR))}` +
      (generatedSeconds === null ? ` (generated earlier in ${meta.generated_seconds} s)` : ` (generated now in ${generatedSeconds.toFixed(1)} s)`),
  );

  // Always the current code: a build/ left from older code would be measured without a word.
  await buildOrExit();

  const viewers = signIn([
    { kind: "heavy", id: meta.viewer_heavy },
    { kind: "median", id: meta.viewer_median },
    { kind: "light", id: meta.viewer_light },
  ]);
  // Writers: three other members for each round of each run, so no member's rate limit (300 posts
  // per 3 hours) is ever near.
  const writerIds = queryLocal(
    `SELECT id FROM users WHERE id NOT IN (${[meta.viewer_heavy, meta.viewer_median, meta.viewer_light].map(sqlText).join(", ")}) ORDER BY random() LIMIT ${3 * (ROUNDS + 1)}`,
    DATA_DIR,
  );
  const writers = signIn(writerIds.map(({ id }) => ({ kind: "writer", id })));
  ensureViewerBookmarks(viewers);
  const subscriptionCreator = ensureSubscriptions(meta);
  ensureSupportRequests(meta);
  ensureBlocks(meta);
  ensureMutes(meta);
  mergeSearchIndexes();
  // Direct messages and the realtime rows (issue 14): who sends, receives and likes.
  const messaging = messagingMembers(meta, 3 * (ROUNDS + 1));
  const rareTag = rareHashtag();
  /** Turn 0 is the warm-up, turn r + 1 round r: three members each, so no member posts more than a round. */
  const writerOf = (slot, turn) => writers[turn * 3 + slot];
  const runId = Date.now().toString(36);

  await startServer();
  log(`› Serving on http://127.0.0.1:${server.port} (log: ${server.logFile})`);

  const cookie = (viewer) => ({ Cookie: `session=${viewer.token}` });
  const signedIn = [
    // The smallest page, what every page stands on (docs/decisions/040): Remix, React and the shell;
    // signed in, the session's one D1 trip too. The rows below are that plus their own reads and cards.
    { label: "Terms (the smallest page)", path: "/terms", viewers: ["median"] },
    { label: "Home: For you", path: "/" },
    { label: "Home: Following", path: "/?tab=following" },
    { label: "Videos", path: "/videos" },
    { label: "Post page (most liked)", path: `/post/${meta.popular_post}` },
    { label: "Profile (most followed)", path: `/profile/${meta.popular_user}` },
    { label: "Profile (own)", path: "/profile" },
    { label: "Followers (most followed)", path: `/profile/${meta.popular_user}/followers` },
    { label: "Hashtag (most used)", path: `/hashtag/${encodeURIComponent(meta.popular_tag)}` },
    ...(rareTag ? [{ label: "Hashtag (least used)", path: `/hashtag/${encodeURIComponent(rareTag)}` }] : []),
    { label: "Bookmarks", path: "/bookmarks" },
    // Explore (docs/decisions/034): popular posts and trends; a search for a common word, a rare one, a name.
    { label: "Explore", path: "/explore" },
    // A search reads the same for any viewer (the access rule aside): the median one is enough.
    { label: "Explore: common word", path: "/explore?q=coffee", viewers: ["median"] },
    { label: "Explore: rare word", path: "/explore?q=aisunset", viewers: ["median"] },
    { label: "Explore: a name", path: "/explore?q=maya%20chen", viewers: ["median"] },
    // Home's search (docs/decisions/060): For you's reads the same for any viewer (the access rule aside);
    // Following's depends on whom the viewer follows (the way it takes, the matches it passes over).
    { label: "Home search: common word", path: "/?q=coffee", viewers: ["median"] },
    { label: "Home search: rare word", path: "/?q=aisunset", viewers: ["median"] },
    { label: "Home search: a name", path: "/?q=maya%20chen", viewers: ["median"] },
    { label: "Following search: common word", path: "/?tab=following&q=coffee" },
    { label: "Following search: rare word", path: "/?tab=following&q=aisunset" },
    // Communities (issue 13): the viewer's own, Discover (scored by the viewer's interests), a search,
    // and the largest public community (the median and heavy viewers are members, the light one is
    // not: "Join to see posts"); the invite page of an open invite to a private community the median
    // viewer is not in (tests/bench/generate.mjs, communitiesStep).
    { label: "Communities: Joined", path: "/communities" },
    { label: "Communities: Discover", path: "/communities?tab=discover" },
    { label: "Communities: search", path: "/communities?q=coffee", viewers: ["median"] },
    ...(meta.community_large
      ? [
          { label: "Community page: posts", path: `/community/${meta.community_large}` },
          { label: "Community page: members", path: `/community/${meta.community_large}?tab=members` },
        ]
      : []),
    ...(meta.invite_code ? [{ label: "Invite page", path: `/invite/${meta.invite_code}`, viewers: ["median"] }] : []),
    // Direct messages (issue 14; tests/bench/generate.mjs, messagesStep): the median viewer's list of
    // its 200 conversations, and its newest conversation (60 messages: a page and more). Opening it
    // marks the other's messages read: the first request marks a few, the rest none.
    ...(meta.messages_conversation
      ? [
          { label: "Messages: list", path: "/messages", viewers: ["median"] },
          { label: "Messages: conversation", path: `/messages/${meta.messages_conversation}`, viewers: ["median"] },
        ]
      : []),
    // Subscriptions (issue 15; ensureSubscriptions): the median viewer has 10 subscriptions and a
    // verified one, the light viewer none; the creator's profile has subscriber-only posts, open to
    // the median viewer (a subscriber) and locked for the light one.
    { label: "Subscriptions: Subscribed", path: "/subscriptions", viewers: ["median", "light"] },
    { label: "Subscriptions: Discover", path: "/subscriptions?tab=discover", viewers: ["median"] },
    // The median viewer is verified (by subscription): their page also reads their posts' numbers (decision 073).
    { label: "Verified", path: "/verified", viewers: ["median", "light"] },
    // Settings (decisions 030, 074, 078): the profile form, the toggles (privacy reads the same row), the
    // account tab, the Help Center with the viewer's latest messages to support (ensureSupportRequests).
    { label: "Settings: profile", path: "/settings/profile", viewers: ["median"] },
    { label: "Settings: notifications", path: "/settings/notifications", viewers: ["median"] },
    { label: "Settings: account", path: "/settings/account", viewers: ["median"] },
    { label: "Settings: help", path: "/settings/help", viewers: ["median"] },
    // Blocks (decision 100): the median viewer's list of the 40 members they blocked (ensureBlocks), and
    // the confirmation page of a block without JavaScript.
    { label: "Settings: blocked accounts", path: "/settings/blocked", viewers: ["median"] },
    { label: "Block confirmation", path: `/profile/${meta.popular_user}/block`, viewers: ["median"] },
    // Mutes (decision 107): the median viewer's list of the 40 members they muted (ensureMutes).
    { label: "Settings: muted accounts", path: "/settings/muted", viewers: ["median"] },
    ...(subscriptionCreator
      ? [{ label: "Profile (creator: subscriber / not)", path: `/profile/${subscriptionCreator}`, viewers: ["median", "light"] }]
      : []),
  ];
  const pages = [];
  for (const page of signedIn) {
    for (const viewer of viewers.filter((one) => !page.viewers || page.viewers.includes(one.kind))) {
      pages.push({ ...page, viewer: viewer.label, headersFor: () => cookie(viewer), budget: BUDGET });
    }
  }
  // Notifications (decision 032): the three viewers, and the member with the most.
  const [notified] = signIn([{ kind: "most notified", id: mostNotifiedMember() }]);
  for (const viewer of [...viewers, notified]) {
    pages.push({ label: "Notifications", path: "/notifications", viewer: viewer.label, headersFor: () => cookie(viewer), budget: BUDGET });
  }
  // Writes as JavaScript sends them (a fetcher's POST to the route's .data): the action alone.
  const writes = [
    // As a member posts: a hashtag and a mention (their rows, counters and the trend triggers), and
    // the composer's id for the send (decision 072).
    {
      label: "Post (create)",
      path: "/compose.data",
      form: (i) => ({ intent: "post", content: `${BENCH_POST} ${runId} ${i} #benchmark with @${viewers[1].username}`, clientId: randomUUID() }),
    },
    { label: "Like (toggle)", path: `/post/${meta.popular_post}.data`, form: (_, inTurn) => ({ like: String(inTurn % 2 === 0) }) },
  ];
  for (const page of writes) {
    for (const slot of [0, 1, 2]) {
      pages.push({ ...page, viewer: `writer ${slot + 1} (new each round)`, headersFor: (turn) => cookie(writerOf(slot, turn)), budget: WRITE_BUDGET });
    }
  }
  // A message as the conversation page's JavaScript sends it (a fresh client id each), by senders of
  // other members' conversations, three new ones each round (each sends at most a round: far under
  // the 600 an hour of RATE_LIMITS.message).
  if (messaging.writers.length >= 3 * (ROUNDS + 1)) {
    const messageWriterOf = (slot, turn) => messaging.writers[turn * 3 + slot];
    for (const slot of [0, 1, 2]) {
      pages.push({
        label: "Messages: send",
        path: "/messages/{id}/send",
        pathFor: (turn) => `/messages/${messageWriterOf(slot, turn).conversationId}/send`,
        probePath: `/messages/${messageWriterOf(slot, 0).conversationId}`,
        form: (i) => ({ intent: "message-send", content: `${BENCH_MESSAGE} ${runId} ${slot}-${i}`, clientId: `bench-${runId}-${slot}-${i}` }),
        viewer: `writer ${slot + 1} (new each round)`,
        headersFor: (turn) => ({ ...cookie(messageWriterOf(slot, turn)), Accept: "application/json" }),
        budget: WRITE_BUDGET,
      });
    }
  }
  // The public profile a visitor sees (docs/decisions/028), twice: cold, every request answered as a
  // miss (X-Measure-Cache-Miss, honoured only by a local worker: the cache is looked up, the page
  // rendered and stored, as right after a purge), and from the edge cache, where every answer must
  // say it came from there (HIT, or STALE while a refresh runs) or counts as an error.
  const publicProfile = `/@${meta.popular_user}`;
  pages.push(
    {
      label: "Public profile (cold)",
      path: publicProfile,
      viewer: "signed out, cache missed",
      headersFor: () => ({ "X-Measure-Cache-Miss": "1" }),
      edgeCache: ["MISS"],
      budget: BUDGET,
    },
    {
      label: "Public profile (signed out)",
      path: publicProfile,
      viewer: "signed out, from cache",
      headersFor: () => ({}),
      edgeCache: ["HIT", "STALE"],
      budget: { ...BUDGET, p50: BUDGET.cachedP50 },
    },
  );

  // The smallest page as a visitor sees it: no D1 at all.
  pages.push({ label: "Terms (the smallest page)", path: "/terms", viewer: "signed out", headersFor: () => ({}), budget: BUDGET });
  // The invite page as a visitor who is not signed in sees it (Sign In to Join, Create Account).
  if (meta.invite_code) {
    pages.push({ label: "Invite page", path: `/invite/${meta.invite_code}`, viewer: "signed out", headersFor: () => ({}), budget: BUDGET });
  }

  // The page a digest's unsubscribe link opens (decision 085), as whoever got the mail sees it: signed
  // out, the link's token checked (one read of the member). The token is the app's own, from a fixture.
  const medianViewer = viewers.find((one) => one.kind === "median");
  const unsubscribe = await get("/dev/fixtures", {}, { intent: "unsubscribe-token", username: medianViewer.username });
  if (unsubscribe.status !== 200) throw new Error(`the unsubscribe-token fixture answered ${unsubscribe.status}`);
  const { token } = JSON.parse(unsubscribe.body.toString("utf8"));
  pages.push({ label: "Unsubscribe page", path: `/unsubscribe?t=${token}`, viewer: "signed out (a digest's link)", headersFor: () => ({}), budget: BUDGET });

  // What the cron keeps for explore, as of the data set's own time (its last week of posts): the trends,
  // then the popular posts ranked by them (docs/decisions/033, 034).
  for (const intent of ["trends", "popular"]) {
    const answer = await get("/dev/fixtures", {}, { intent, now: meta.now });
    if (answer.status !== 200) throw new Error(`the ${intent} job answered ${answer.status}`);
  }

  // The session must be accepted, or every measurement would be of the sign-in redirect.
  const check = await get("/", cookie(viewers[0]));
  if (check.status >= 300 && check.status < 400) {
    throw new Error(`the bench session was not accepted: / answered ${check.status} → ${check.headers.location}`);
  }

  const rows = [];
  const skipped = [];
  for (const page of pages) {
    if (!selected(`${page.label} ${page.path}`)) continue;
    // A write that answers only POSTs is probed by the page it is sent from (probePath).
    const probe = await get(page.probePath ?? page.path, page.headersFor(0));
    if (probe.status === 404 || (probe.status >= 300 && probe.status < 400)) {
      if (!skipped.some((s) => s.label === page.label)) {
        skipped.push(page);
        log(`  ${page.label} ${page.path}: ${probe.status}, not built yet`);
      }
      continue;
    }
    rows.push({ page, status: probe.status });
  }
  const measured = rows.filter((row) => row.status === 200);
  log(`  measuring ${measured.length} rows, ${ROUNDS} rounds of ${REQUESTS} requests each, the rows taking turns…`);
  const machineBefore = { ...machineNow(), load: loadBefore };
  await measureRows(measured);
  const trendsJob = selected(`${TRENDS_JOB.label} ${TRENDS_JOB.path}`) ? await measureTrendsJob(meta.now) : null;
  // The realtime rows (docs/decisions/036). A room that refuses or breaks the connection fails its row.
  const realtime = async (label, measure) => {
    if (!selected(label)) return null;
    log(`  measuring ${label}…`);
    try {
      return await measure();
    } catch (error) {
      return { failure: error.message, errors: 1, pass: false };
    }
  };
  // DM delivery's pairs: the median viewer sends to its first partner, the other two send to it, so
  // no member sends more than a third of the messages.
  const median = viewers[1];
  const dmPairs = messaging.partners.map((partner, i) =>
    i === 0 ? { sender: median, receiver: partner, conversationId: partner.conversationId } : { sender: partner, receiver: median, conversationId: partner.conversationId },
  );
  const delivery = await realtime(DM_ROW, () => {
    if (dmPairs.length === 0) throw new Error("the median viewer has no conversations (is the data set's messages step missing?)");
    return measureDelivery(dmPairs, runId);
  });
  const fanOut = await realtime(FAN_OUT_ROW, () => {
    if (!messaging.liker || messaging.posts.length < 40) throw new Error("no member left to like the popular post, or too few posts to watch");
    return measureFanOut({ postId: meta.popular_post, otherPosts: messaging.posts, members: viewers, liker: messaging.liker });
  });
  const machineAfter = machineNow();
  for (const row of rows) {
    row.pass =
      row.result !== undefined &&
      row.result.errors === 0 &&
      row.result.p50 <= row.page.budget.p50 &&
      row.result.p95 <= row.page.budget.p95 &&
      (row.result.d1Max === null || row.result.d1Max <= row.page.budget.d1);
  }
  const machine = machineReport(machineBefore, machineAfter);

  const js = selected("Initial JS") ? await initialJs("/", cookie(viewers[1])) : null;
  await stopServer();
  // The run's posts and messages go again (likes were toggled an even number of times: back where they were).
  queryLocal(`DELETE FROM posts WHERE content LIKE '${BENCH_POST} %';\n${DELETE_BENCH_MESSAGES}`, DATA_DIR);

  // ── report ──
  const header = ["page", "viewer", "p50", "spread", "p95", "max", "D1 wait", "render", "rest", "D1 floor", "x floor", "client p50", "D1 depth", "budget"];
  const widths = [27, 26, 7, 7, 7, 7, 9, 8, 6, 8, 7, 9, 8, 6];
  /** A row with no measurement: its label and viewer, a dash in every number's column, and why. */
  const unmeasured = (label, viewer, why) => pad([label, viewer, ...header.slice(2, -1).map(() => "-"), why], widths);
  log("");
  log(`Results: ${ROUNDS} rounds of ${REQUESTS} requests per row (after ${WARMUP} warm-up requests), the rows taking turns request by request.`);
  log("Server time in ms (the worker's own Server-Timing: loaders and rendering to the last byte): the median of the rounds' p50s,");
  log("the spread of those p50s (max - min), the median of the rounds' p95s; the medians of D1 wait, of rendering to a string and of");
  log("the rest: each request's time less its D1 wait and rendering (routing, loader code, encoding the loader data, building the");
  log("answer's HTML; for writes also the rate limit, the cache purge and the room calls). Three medians do not add up to the p50,");
  log("and Server-Timing comes in whole milliseconds here, so the rest is good to about 1 ms;");
  log("D1 floor: the page's D1 reads made again right after it, alone (median of 30); x floor: p50 / floor (goal ≤ 3);");
  log("client: the same requests timed on loopback.");
  log(`Budgets: p50 ≤ ${BUDGET.p50} ms, p95 ≤ ${BUDGET.p95} ms, ≤ ${BUDGET.d1} D1 round trips on the critical path for pages, ≤ ${WRITE_BUDGET.d1} for writes (D1 depth; loaders side by side count once; signed-out public profile: p50 ≤ ${BUDGET.cachedP50} ms from cache).`);
  log("");
  log(pad(header, widths));
  log(pad(widths.map((width) => "-".repeat(width)), widths));
  for (const { page, result, status, pass } of rows) {
    if (!result) {
      log(unmeasured(page.label, page.viewer, `FAIL (HTTP ${status})`));
      continue;
    }
    const calls = result.d1Max === null ? "missing" : result.d1Min === result.d1Max ? String(result.d1Max) : `${result.d1Min}-${result.d1Max}`;
    const why = [];
    if (result.p50 > page.budget.p50) why.push("p50");
    if (result.p95 > page.budget.p95) why.push("p95");
    if (result.d1Max !== null && result.d1Max > page.budget.d1) why.push("D1");
    if (result.errors) why.push(`${result.errors} errors`);
    const verdict = pass ? "PASS" : `FAIL (${why.join(", ")})`;
    log(
      pad(
        [
          page.label,
          page.viewer,
          ms(result.p50),
          ms(result.spread),
          ms(result.p95),
          ms(result.max),
          ms(result.d1P50),
          ms(result.renderP50),
          ms(result.restP50),
          result.floor === null ? "-" : ms(result.floor),
          result.floor ? `${(result.p50 / result.floor).toFixed(1)}x` : "-",
          ms(result.clientP50),
          calls,
          verdict,
        ],
        widths,
      ),
    );
  }
  for (const { page, result } of rows) {
    if (page.form && result) log(`  ${page.label} as ${page.viewer}: ${result.perSecond.toFixed(0)} per second on one connection`);
  }
  for (const page of skipped) log(unmeasured(page.label, "-", "not built yet"));
  // A page that did not answer counts as outside the margin, never as missing from the count.
  const pageRows = rows.filter(({ page }) => !page.form);
  const outside = pageRows.filter(({ result }) => !result || result.p50 > MARGIN.p50 || result.p95 > MARGIN.p95);
  const where = ({ page, result }) => `${page.label} as ${page.viewer}: ${result ? `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}` : "no answer"}`;
  log("");
  log(
    `Margin (p50 ≤ ${MARGIN.p50} ms and p95 ≤ ${MARGIN.p95} ms, issue 10; reported, not judged): ${pageRows.length - outside.length} of ${pageRows.length} page rows within` +
      (outside.length ? `; outside: ${outside.map(where).join("; ")}` : ""),
  );

  let jsPass = true;
  log("");
  if (js) {
    jsPass = js.gzip <= BUDGET.jsGzipBytes;
    log(`Initial JS on the home page: ${js.files.length} scripts, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (budget ${kb(BUDGET.jsGzipBytes)}): ${jsPass ? "PASS" : "FAIL"}`);
    for (const file of [...js.files].sort((a, b) => b.gzip - a.gzip).slice(0, ONLY ? js.files.length : 5)) log(`  ${kb(file.gzip).padStart(9)}  ${file.url}`);
    log(`  (plus ${kb(js.inline)} of inline script in the HTML, not counted)`);
  } else if (selected("Initial JS")) {
    log("Initial JS: the home page did not answer 200; not measured.");
  }

  if (trendsJob) {
    log("");
    log(
      `${TRENDS_JOB.label} at the data set's time, ${trendsJob.runs} runs: D1 wait p50 ${ms(trendsJob.d1P50)} ms, p95 ${ms(trendsJob.d1P95)} ms; ` +
        `server p50 ${ms(trendsJob.serverP50)} ms; D1 depth ${trendsJob.depths}${trendsJob.errors ? `; ${trendsJob.errors} errors` : ""} ` +
        `(budget: D1 p95 ≤ ${TRENDS_JOB.budgetD1Ms} ms): ${trendsJob.pass ? "PASS" : "FAIL"}`,
    );
  }

  if (delivery || fanOut) log("");
  if (delivery?.failure) log(`${DM_ROW}: ${delivery.failure}: FAIL`);
  else if (delivery) {
    log(
      `${DM_ROW}, median viewer and 3 partners (senders in turn), ${delivery.sends} messages: send → the other's socket p50 ${ms(delivery.p50)} ms, ` +
        `p95 ${ms(delivery.p95)} ms, max ${ms(delivery.max)} ms; the send's server time p50 ${ms(delivery.serverP50)} ms, D1 depth ${delivery.depths || "-"}; ` +
        `${delivery.delivered} of ${delivery.sends} delivered${delivery.why.length ? ` (${delivery.why.join("; ")})` : ""} ` +
        `(budget: p50 ≤ ${REALTIME_BUDGET.deliveryP50} ms, p95 ≤ ${REALTIME_BUDGET.deliveryP95} ms): ${delivery.pass ? "PASS" : "FAIL"}`,
    );
  }
  if (fanOut?.failure) log(`${FAN_OUT_ROW}: ${fanOut.failure}: FAIL`);
  else if (fanOut) {
    const statuses = fanOut.trials.filter((one) => one.status !== 200).map((one) => one.status);
    log(
      `${FAN_OUT_ROW}, ${fanOut.sockets} sockets on ${FEED_SHARDS} public shards, ${fanOut.watchers} watching the post: ${fanOut.trials.length} likes and unlikes; ` +
        `watching sockets that got its counts ${fanOut.trials.map((one) => `${one.got}/${fanOut.watchers}`).join(", ")}` +
        `${fanOut.trials.every((one) => one.agree) ? "" : " (not all the same counts)"}${fanOut.likesStep ? "" : " (likes did not step by one)"}; ` +
        `counts of it at the ${fanOut.sockets - fanOut.watchers} other sockets: ${fanOut.leaks}; repeated or late: ${fanOut.repeats}` +
        `${statuses.length ? `; like answered ${statuses.join(", ")}` : ""}; like → last watching socket p50 ${ms(fanOut.p50)} ms, max ${ms(fanOut.max)} ms ` +
        `(first ${ms(fanOut.firstMin === Infinity ? null : fanOut.firstMin)} ms) (budget: every watching socket and no other, ≤ ${REALTIME_BUDGET.fanOutMs} ms): ${fanOut.pass ? "PASS" : "FAIL"}`,
    );
  }

  if (retries) log(`\nNote: ${retries} requests were retried after a dropped connection.`);
  const realtimeRows = [delivery, fanOut].filter(Boolean);
  const failed =
    rows.filter((row) => !row.pass).length + (jsPass ? 0 : 1) + (trendsJob && !trendsJob.pass ? 1 : 0) + realtimeRows.filter((one) => !one.pass).length;
  // What a busy machine cannot cause: errors, a page that did not answer, D1 depth, the JS size, a
  // message or counts not delivered (or delivered where they must not be).
  const broken =
    rows.filter(({ page, result }) => !result || result.errors > 0 || (result.d1Max !== null && result.d1Max > page.budget.d1)).length +
    (jsPass ? 0 : 1) +
    (trendsJob?.errors ? 1 : 0) +
    realtimeRows.filter((one) => one.errors > 0).length;
  log("");
  log(
    `Machine: ${machine.cores} cores; load average (1 min) ${machineBefore.load.toFixed(2)} before, ${machineAfter.load.toFixed(2)} after; ` +
      `${machine.steal.toFixed(1)}% of CPU time stolen by the host during the measurement; host speed ` +
      `${machineBefore.speed.toFixed(2)} before, ${machineAfter.speed.toFixed(2)} after (rounds of a fixed JavaScript workload per ms, Node ${process.version}; compare runs by it).`,
  );
  log("");
  log(`Data set (${PRESET}): database files ${mib(databaseBytes(DATA_DIR))}${generatedSeconds === null ? "" : `, generated in ${generatedSeconds.toFixed(1)} s`}. Bench took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  // A busy machine makes times unreliable, never the rest: a broken row fails whatever the load.
  const verdict =
    broken > 0 || (rows.length === 0 && !trendsJob && realtimeRows.length === 0 && !js)
      ? "FAIL"
      : machine.reasons.length > 0
        ? `UNRELIABLE (${machine.reasons.join("; ")}: times not judged, run again on a quiet machine)`
        : failed === 0
          ? "PASS"
          : "FAIL";
  log(`Overall: ${verdict} (${rows.length} rows measured, ${realtimeRows.length} realtime rows, ${failed} failing, ${skipped.length} pages not built yet)`);
}

try {
  await main();
} catch (error) {
  console.error(`\n✖ bench failed: ${error.stack ?? error}`);
  if (server?.logFile) console.error(`  (server log: ${server.logFile})`);
  await stopServer();
  process.exitCode = 1;
} finally {
  await stopServer();
  agent.destroy();
}

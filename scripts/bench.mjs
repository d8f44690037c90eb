// `npm run bench`: the performance benchmark (DESIGN.md §9). Never part of `npm test`.
//
// 1. Makes sure the generated data set exists in tests/bench/data (tests/bench/generate.mjs; built
//    once, reused afterwards; `npm run bench -- --regenerate` rebuilds it).
// 2. Serves the build as `npm start` does (tests/bench/serve.mjs) on the data, on a free port, in its own
//    process group (stopped as a group at the end, on errors and on Ctrl-C).
// 3. Signs in three viewers (a heavy follower, a median one, one who follows few) by inserting
//    session rows, then for every hot page warms up and measures sequential requests: client-side
//    latency on loopback (request sent → whole body read) and the worker's X-D1-Depth header (D1 round
//    trips one after another on the request's critical path). Then the writes: posting and liking as
//    JavaScript's fetchers send them, by members picked at random for each run (each member's rate
//    limit stays far from spent); the run's posts are deleted afterwards.
//    Pages that answer 404 or a redirect are skipped as "not built yet".
// 4. Measures the initial JS of the home page (gzip size of every script it references).
//
// Options: --regenerate, --requests=N (default 200), --warmup=N (default 20), --only=<text>
// (measure only pages whose label or path contains the text). Exit code 0 unless the harness broke.
import { Buffer } from "node:buffer";
import { execFileSync, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { databaseBytes, DATA_DIR, ensureBenchData, summarize } from "../tests/bench/generate.mjs";
import { freePort, queryLocal, ROOT } from "./lib/wrangler.mjs";

const SERVE = fileURLToPath(new URL("../tests/bench/serve.mjs", import.meta.url));
const RESERVED_PORTS = new Set([8787, 8788, 8790]);
const BUDGET = { p50: 15, p95: 40, d1: 2, cachedP50: 3, jsGzipBytes: 120 * 1000 };
/** A write reads what it acts on (the post, its access) before the batch that writes: one more round trip. */
const WRITE_BUDGET = { ...BUDGET, d1: 3 };
const DAY = 86_400_000;
/** The text every post the benchmark writes starts with (deleted after the run). */
const BENCH_POST = "Bench post";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const REGENERATE = args.includes("--regenerate");
const REQUESTS = Number(option("requests", 200));
const WARMUP = Number(option("warmup", 20));
const ONLY = option("only", "");

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

/** One request: a GET, or with `form` a POST of that form as a browser sends it. */
function getOnce(path, headers, form = null) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const body = form ? new URLSearchParams(form).toString() : null;
    const post = body === null ? {} : { Origin: `http://127.0.0.1:${server.port}`, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) };
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: body === null ? "GET" : "POST",
        agent,
        headers: { "User-Agent": USER_AGENT, Accept: "text/html,*/*", ...post, ...headers },
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

async function measure(page) {
  const headers = { ...page.headers, "X-Measure-Server-Time": "1" };
  let sent = 0;
  const send = () => get(page.path, headers, page.form ? page.form(sent++) : null);
  for (let i = 0; i < WARMUP; i++) await send();
  const times = [];
  const waits = [];
  const client = [];
  const d1 = new Set();
  let errors = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const response = await send();
    const server = serverTime(response);
    if (server === null) throw new Error(`${page.path} answered without Server-Timing (is ENVIRONMENT local?)`);
    times.push(server);
    waits.push(serverTime(response, "d1") ?? 0);
    client.push(response.ms);
    if (response.status !== 200) errors += 1;
    const calls = response.headers["x-d1-depth"];
    d1.add(calls === undefined ? null : Number(calls));
  }
  times.sort((a, b) => a - b);
  client.sort((a, b) => a - b);
  waits.sort((a, b) => a - b);
  const callValues = [...d1].filter((value) => value !== null);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    max: times.at(-1),
    clientP50: percentile(client, 0.5),
    d1P50: percentile(waits, 0.5),
    d1Max: callValues.length ? Math.max(...callValues) : null,
    d1Min: callValues.length ? Math.min(...callValues) : null,
    errors,
  };
}

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

/** Inserts a fresh 30-day session for each viewer (replacing earlier bench sessions) and describes them. */
function signIn(viewers) {
  const now = Date.now();
  const ids = viewers.map((viewer) => sqlText(viewer.id)).join(", ");
  const statements = [`DELETE FROM sessions WHERE user_id IN (${ids})`];
  for (const viewer of viewers) {
    viewer.token = sessionToken();
    const hash = createHash("sha256").update(viewer.token).digest("hex");
    statements.push(`INSERT INTO sessions (id, user_id, expires_at, created_at) VALUES ('${hash}', ${sqlText(viewer.id)}, ${now + 30 * DAY}, ${now})`);
  }
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
  log("› Murmur benchmark (DESIGN.md §9)");
  const { meta, generatedSeconds } = ensureBenchData({ regenerate: REGENERATE, log });
  if (!meta) throw new Error("the benchmark data set is not complete");
  const counts = summarize();
  log(
    `› Data: ${counts.users.toLocaleString("en")} users, ${counts.posts.toLocaleString("en")} posts, ${counts.follows.toLocaleString("en")} follows, ` +
      `${counts.likes.toLocaleString("en")} likes, ${counts.comments.toLocaleString("en")} comments; database files ${mib(databaseBytes())}` +
      (generatedSeconds === null ? ` (generated earlier in ${meta.generated_seconds} s)` : ` (generated now in ${generatedSeconds.toFixed(1)} s)`),
  );

  if (!existsSync(join(ROOT, "build", "server", "index.js"))) {
    log("› build/ is missing: running `npm run build` once…");
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  }

  const viewers = signIn([
    { kind: "heavy", id: meta.viewer_heavy },
    { kind: "median", id: meta.viewer_median },
    { kind: "light", id: meta.viewer_light },
  ]);
  // Writers: other members each run, so no member's rate limit (300 posts per 3 hours) is ever near.
  const writerIds = queryLocal(
    `SELECT id FROM users WHERE id NOT IN (${[meta.viewer_heavy, meta.viewer_median, meta.viewer_light].map(sqlText).join(", ")}) ORDER BY random() LIMIT 3`,
    DATA_DIR,
  );
  const writers = signIn(writerIds.map(({ id }) => ({ kind: "writer", id })));
  const runId = Date.now().toString(36);

  await startServer();
  log(`› Serving on http://127.0.0.1:${server.port} (log: ${server.logFile})`);

  const cookie = (viewer) => ({ Cookie: `session=${viewer.token}` });
  const signedIn = [
    { label: "Home: For you", path: "/" },
    { label: "Home: Following", path: "/?tab=following" },
    { label: "Videos", path: "/videos" },
    { label: "Post page (most liked)", path: `/post/${meta.popular_post}` },
    { label: "Profile (most followed)", path: `/profile/${meta.popular_user}` },
    { label: "Hashtag (most used)", path: `/hashtag/${encodeURIComponent(meta.popular_tag)}` },
  ];
  const pages = [];
  for (const page of signedIn) {
    for (const viewer of viewers) pages.push({ ...page, viewer: viewer.label, headers: cookie(viewer), budget: BUDGET });
  }
  // Writes as JavaScript sends them (a fetcher's POST to the route's .data): the action alone.
  const writes = [
    { label: "Post (create)", path: "/compose.data", form: (i) => ({ intent: "post", content: `${BENCH_POST} ${runId} ${i} #benchmark` }) },
    { label: "Like (toggle)", path: `/post/${meta.popular_post}.data`, form: (i) => ({ like: String(i % 2 === 0) }) },
  ];
  for (const page of writes) {
    for (const writer of writers) pages.push({ ...page, viewer: writer.label, headers: cookie(writer), budget: WRITE_BUDGET });
  }
  pages.push({
    label: "Public profile (signed out)",
    path: `/@${meta.popular_user}`,
    viewer: "signed out",
    headers: {},
    budget: { ...BUDGET, p50: BUDGET.cachedP50 },
  });

  // The session must be accepted, or every measurement would be of the sign-in redirect.
  const check = await get("/", cookie(viewers[0]));
  if (check.status >= 300 && check.status < 400) {
    throw new Error(`the bench session was not accepted: / answered ${check.status} → ${check.headers.location}`);
  }

  const rows = [];
  const skipped = [];
  for (const page of pages) {
    if (ONLY && !`${page.label} ${page.path}`.includes(ONLY)) continue;
    const probe = await get(page.path, page.headers);
    if (probe.status === 404 || (probe.status >= 300 && probe.status < 400)) {
      if (!skipped.some((s) => s.label === page.label)) {
        skipped.push(page);
        log(`  ${page.label} ${page.path}: ${probe.status}, not built yet`);
      }
      continue;
    }
    process.stdout.write(`  measuring ${page.label} as ${page.viewer}… `);
    const result = probe.status === 200 ? await measure(page) : null;
    const row = { page, result, status: probe.status };
    if (result) {
      row.pass =
        result.errors === 0 &&
        result.p50 <= page.budget.p50 &&
        result.p95 <= page.budget.p95 &&
        (result.d1Max === null || result.d1Max <= page.budget.d1);
      log(`p50 ${ms(result.p50)} ms`);
    } else {
      row.pass = false;
      log(`answered ${probe.status}`);
    }
    rows.push(row);
  }

  const js = ONLY ? null : await initialJs("/", cookie(viewers[1]));
  await stopServer();
  // The run's posts go again (likes were toggled an even number of times: back where they were).
  queryLocal(`DELETE FROM posts WHERE content LIKE '${BENCH_POST} %'`, DATA_DIR);

  // ── report ──
  const widths = [27, 22, 7, 7, 7, 9, 9, 8, 6];
  log("");
  log(`Results: ${REQUESTS} sequential requests per row after ${WARMUP} warm-up requests.`);
  log("Server time in ms (the worker's own Server-Timing: loaders and rendering to the last byte), of which D1 wait;");
  log("client: the same requests timed on loopback, through the local dev proxy.");
  log(`Budgets: p50 ≤ ${BUDGET.p50} ms, p95 ≤ ${BUDGET.p95} ms, ≤ ${BUDGET.d1} D1 round trips on the critical path (D1 depth; loaders side by side count once; signed-out public profile: p50 ≤ ${BUDGET.cachedP50} ms from cache).`);
  log("");
  log(pad(["page", "viewer", "p50", "p95", "max", "D1 wait", "client p50", "D1 depth", "budget"], widths));
  log(pad(widths.map((width) => "-".repeat(width)), widths));
  for (const { page, result, status, pass } of rows) {
    if (!result) {
      log(pad([page.label, page.viewer, "-", "-", "-", "-", "-", "-", `FAIL (HTTP ${status})`], widths));
      continue;
    }
    const calls = result.d1Max === null ? "missing" : result.d1Min === result.d1Max ? String(result.d1Max) : `${result.d1Min}-${result.d1Max}`;
    const why = [];
    if (result.p50 > page.budget.p50) why.push("p50");
    if (result.p95 > page.budget.p95) why.push("p95");
    if (result.d1Max !== null && result.d1Max > page.budget.d1) why.push("D1");
    if (result.errors) why.push(`${result.errors} errors`);
    const verdict = pass ? "PASS" : `FAIL (${why.join(", ")})`;
    log(pad([page.label, page.viewer, ms(result.p50), ms(result.p95), ms(result.max), ms(result.d1P50), ms(result.clientP50), calls, verdict], widths));
  }
  for (const page of skipped) log(pad([page.label, "-", "-", "-", "-", "-", "-", "-", "not built yet"], widths));

  let jsPass = true;
  log("");
  if (js) {
    jsPass = js.gzip <= BUDGET.jsGzipBytes;
    log(`Initial JS on the home page: ${js.files.length} scripts, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip (budget ${kb(BUDGET.jsGzipBytes)}): ${jsPass ? "PASS" : "FAIL"}`);
    for (const file of [...js.files].sort((a, b) => b.gzip - a.gzip).slice(0, 5)) log(`  ${kb(file.gzip).padStart(9)}  ${file.url}`);
    log(`  (plus ${kb(js.inline)} of inline script in the HTML, not counted)`);
  } else if (!ONLY) {
    log("Initial JS: the home page did not answer 200; not measured.");
  }

  if (retries) log(`\nNote: ${retries} requests were retried after a dropped connection.`);
  const measured = rows.length;
  const failed = rows.filter((row) => !row.pass).length + (jsPass ? 0 : 1);
  log("");
  log(`Data set: database files ${mib(databaseBytes())}${generatedSeconds === null ? "" : `, generated in ${generatedSeconds.toFixed(1)} s`}. Bench took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  log(
    `Overall: ${failed === 0 && measured > 0 ? "PASS" : "FAIL"} (${measured} rows measured, ${failed} failing, ${skipped.length} pages not built yet)`,
  );
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

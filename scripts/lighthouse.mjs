// `npm run lighthouse [-- --desktop] [-- --skip-build] [-- --runs=N] [-- --without-modules] [-- --calibrated]`: Lighthouse 12 on
// three pages of Murmur as `npm start` serves it: /auth signed out, Home (/) signed in and a post page
// (/post/<id>) signed in. Mobile preset (Lighthouse's default, simulated throttling) unless --desktop. Not part
// of `npm test`.
//
// --without-modules measures each page a second time in every round with its module scripts blocked
// (Lighthouse's blockedUrlPatterns), performance only: the page's own HTML, CSS and images, and its inline
// scripts, which then find no module to start. What separates the two rows is what the modules cost
// (docs/decisions/053); each row's median run is picked on its own, so the gap is not a paired difference.
//
// --calibrated (mobile only) measures each page once more in every round, performance only, with the CPU slowdown
// calibrated to this machine, as Lighthouse's docs/throttling.md advises ("Calibrating the CPU slowdown"). The
// slowdown is relative to the host: the docs say the preset's constant 4× takes a high-end desktop (benchmark
// index 1 500–2 000) to a mid-tier phone, so on a slower host the preset simulates a slower phone and on a
// faster host a faster one. The multiplier comes from the median benchmark index of every run so far, by the
// line of Lighthouse's CPU slowdown calculator (`calibratedSlowdown`); one run's index varies by nearly 2× here,
// so an uncounted warm-up round of the preset on every page comes first and seeds it (the printed median
// index includes the warm-up's). The calibrated rows are a second view of the same page, never a
// replacement for the preset's (docs/decisions/055).
//
// One Lighthouse run of a page varies by ±10 performance points on a busy 2-core machine, so each page is
// measured N times (5 unless --runs), the pages taken in turn each round, and the run with the median
// performance score is the one reported (Lighthouse's own advice on variability), with the lowest and
// highest score beside it and the machine's load average at the start, before the runs and after them.
//
// It runs scripts/start.mjs (build, migrations, demo seed, the worker in Miniflare) on a free port with its
// own temporary state folder (MURMUR_STATE_DIR), never .wrangler/state, in its own process group, stopped
// by group at the end, on errors and on Ctrl-C. The member is made through /dev/fixtures as the end-to-end
// fixtures do (tests/e2e/fixtures.ts) and follows the demo members, so Home shows the seeded posts.
// Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH overrides) runs headless through chrome-launcher;
// nothing is downloaded. Prints scores, LCP, TBT and CLS per page and, for each category under 100, the
// audits that cost it; the JSON reports go to lighthouse-reports/ (git-ignored). Exits 0 unless the
// harness itself broke (server, browser, or a page Lighthouse could not load).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { median } from "./lib/stats.mjs";
import { freePort, queryLocal, ROOT } from "./lib/wrangler.mjs";

const argv = process.argv.slice(2);
const args = new Set(argv);
const RUNS_ARG = argv.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length);
const RUNS = RUNS_ARG === undefined ? 5 : Number(RUNS_ARG);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`› --runs takes a whole number of runs, at least 1 (got '${RUNS_ARG}').`);
  process.exit(2);
}
const DESKTOP = args.has("--desktop");
const WITHOUT_MODULES = args.has("--without-modules");
const CALIBRATED = args.has("--calibrated");
/** Every module the build serves (Vite's assets), as Lighthouse's blocked pattern and as a test of a URL;
 * the inline start script that imports them stays. */
const MODULE_URLS = "*/assets/*.js";
const isModuleUrl = (url) => /\/assets\/[^/?]+\.js(\?|$)/.test(url);
const SKIP_BUILD = args.has("--skip-build");
const PRESET = DESKTOP ? "desktop" : "mobile";
if (DESKTOP && CALIBRATED) {
  console.error("› --calibrated calibrates the mobile preset's CPU slowdown; the desktop preset does not slow the CPU (1×).");
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS_DIR = join(ROOT, "lighthouse-reports");
/** Ports other local servers use (npm start, npm run dev, the bench): never taken here. */
const RESERVED_PORTS = new Set([8787, 8788, 8790]);
const SERVER_START_TIMEOUT = 180_000;
const DEMO_MEMBERS = ["maya", "leo", "sofia", "omar", "priya", "murmur"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Lighthouse's own line between a passed and a failed audit in its report. */
const PASS_SCORE = 0.9;

/**
 * The CPU slowdown that brings a host of this Lighthouse benchmark index to the phone the mobile preset
 * simulates: the piecewise line of Lighthouse's CPU slowdown calculator (linked from its docs/throttling.md),
 * 150 → 1×, 800 → 2×, 1 300 → 3×, 1 533 → 4×, then 1× more per 233. The calculator gives none below 150 (a
 * host slower than the slowest phone it knows); the script then measures at 1× and says so.
 */
let belowRangeWarned = false;
function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex < 150 && !belowRangeWarned) {
    belowRangeWarned = true;
    console.warn(`› Benchmark index ${benchmarkIndex} is below the calculator's range: calibrated runs use 1×.`);
  }
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ───────────────────────────── cleanup ─────────────────────────────

let server; // { child, exited, log }
let chrome;
let stateDir;

function killServerGroup(signal) {
  if (!server) return;
  try {
    // detached: the child leads its own process group, so node, Miniflare and workerd go together.
    process.kill(-server.child.pid, signal);
  } catch {
    // the group is gone already
  }
}

async function stopServer() {
  if (!server) return;
  killServerGroup("SIGTERM");
  const deadline = Date.now() + 5000;
  while (!server.exited && Date.now() < deadline) await sleep(50);
  // Whatever is left of the group (workerd if the leader died before disposing it).
  killServerGroup("SIGKILL");
  server = undefined;
}

async function cleanup() {
  if (chrome) {
    const running = chrome;
    chrome = undefined;
    try {
      await running.kill();
    } catch {
      // already gone
    }
  }
  await stopServer();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  stateDir = undefined;
}

process.on("exit", () => {
  killServerGroup("SIGKILL");
  if (chrome?.pid) {
    try {
      process.kill(-chrome.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n› ${signal}: stopping the server and Chromium…`);
    await cleanup();
    process.exit(130);
  });
}

// ───────────────────────────── HTTP ─────────────────────────────

/** One request on its own connection (see NEW_CONNECTION in tests/e2e/fixtures.ts). */
function http(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { Connection: "close", ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.end(body);
  });
}

/** A form POST to the local-only /dev/fixtures endpoint, as tests/e2e/fixtures.ts sends it. */
async function fixture(origin, fields) {
  const response = await http(`${origin}/dev/fixtures`, {
    method: "POST",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  if (response.status !== 200) throw new Error(`/dev/fixtures ${fields.intent}: ${response.status} ${response.text.slice(0, 300)}`);
  return JSON.parse(response.text);
}

// ───────────────────────────── server ─────────────────────────────

async function pickPort() {
  for (;;) {
    const port = await freePort();
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

/** `npm start` (scripts/start.mjs) on port with its state in dir: build, migrate, seed the demo data, serve. */
async function startServer(port, dir) {
  const child = spawn(process.execPath, [join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    // No cron: its minute's work would land in some runs and not others.
    env: { ...process.env, PORT: String(port), MURMUR_STATE_DIR: dir, MURMUR_CRON: "0", ...(SKIP_BUILD ? { MURMUR_SKIP_BUILD: "1" } : {}) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server = { child, exited: false, log: "" };
  const current = server;
  child.stdout.on("data", (chunk) => (current.log += chunk));
  child.stderr.on("data", (chunk) => (current.log += chunk));
  child.on("exit", (code, signal) => {
    current.exited = true;
    current.exitStatus = signal ?? code;
  });

  const origin = `http://localhost:${port}`;
  const deadline = Date.now() + SERVER_START_TIMEOUT;
  while (Date.now() < deadline) {
    if (current.exited) throw new Error(`The server exited (${current.exitStatus}) before serving:\n${current.log}`);
    if (current.log.includes("› Murmur on")) {
      const probe = await http(`${origin}/auth`).catch(() => undefined);
      if (probe?.status === 200) return origin;
    }
    await sleep(250);
  }
  throw new Error(`The server did not serve /auth within ${SERVER_START_TIMEOUT / 1000} s:\n${current.log}`);
}

/** A new member with a session who follows the demo members; answers the session cookie. */
async function signedInMember(origin) {
  const username = `lighthouse_${Date.now().toString(36)}`;
  const member = { displayName: "Lighthouse", username, email: `${username}@example.com`, password: "lighthouse-password" };
  const { token } = await fixture(origin, { intent: "member", ...member });
  for (const following of DEMO_MEMBERS) await fixture(origin, { intent: "follow", follower: username, following });
  return `session=${token}`;
}

/** The public post with photos that has the most comments: the richest post page the seed has. */
function samplePostId(dir) {
  const [row] = queryLocal(
    "SELECT id FROM posts WHERE media_urls IS NOT NULL AND community_id IS NULL AND is_subscriber_only = 0 " +
      "AND reposted_from_post_id IS NULL ORDER BY comments_count DESC, id DESC LIMIT 1",
    dir,
  );
  if (!row) throw new Error("The seeded database has no public post with photos.");
  return row.id;
}

// ───────────────────────────── Lighthouse ─────────────────────────────

const score = (category) => (category?.score == null ? "–" : String(Math.round(category.score * 100)));
const ms = (audit) => (audit?.numericValue == null ? "–" : `${Math.round(audit.numericValue)} ms`);
const cls = (audit) => (audit?.numericValue == null ? "–" : audit.numericValue.toFixed(3));

/** A few of the elements or URLs an audit names, so the reader can find them. */
function examples(audit) {
  const items = audit.details?.items ?? [];
  const named = items
    .map((item) => item.node?.selector ?? item.url ?? item.source?.url ?? item.description ?? undefined)
    .filter((text) => typeof text === "string" && text.length > 0);
  if (named.length === 0) return "";
  const shown = named.slice(0, 3).map((text) => (text.length > 90 ? `${text.slice(0, 87)}…` : text));
  return ` [${shown.join(" | ")}${named.length > 3 ? ` +${named.length - 3}` : ""}]`;
}

/**
 * The audits that keep a category under 100: every weighted audit below 1 (they make up its score), and
 * the unweighted ones Lighthouse's report shows as failed (the performance opportunities and
 * diagnostics, which say what to fix for the metrics).
 */
function failingAudits(lhr, category) {
  const failing = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.group === "hidden") continue;
    if (audit.scoreDisplayMode === "error") {
      failing.push({ id: ref.id, title: audit.title, note: `audit error: ${audit.errorMessage ?? "unknown"}` });
      continue;
    }
    if (audit.score == null || ["manual", "notApplicable", "informative"].includes(audit.scoreDisplayMode)) continue;
    const threshold = ref.weight > 0 ? 1 : PASS_SCORE;
    if (audit.score >= threshold) continue;
    const note = [audit.displayValue, ref.weight > 0 ? `score ${Math.round(audit.score * 100)}` : ""].filter(Boolean).join(", ");
    failing.push({ id: ref.id, title: audit.title, note: note + examples(audit) });
  }
  return failing;
}

async function measure(page, origin, slowdown) {
  const performanceOnly = page.withoutModules || page.calibrated || page.warmUp;
  const flags = {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: performanceOnly ? ["performance"] : CATEGORIES,
    ...(page.withoutModules ? { blockedUrlPatterns: [MODULE_URLS] } : {}),
    ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
  };
  const config = DESKTOP
    ? desktopConfig
    : page.calibrated
      ? { extends: "lighthouse:default", settings: { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } } }
      : undefined;
  const result = await lighthouse(`${origin}${page.path}`, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const { lhr } = result;
  const report = Array.isArray(result.report) ? result.report[0] : result.report;
  // A run that failed keeps its report, to see why.
  const failed = () => writeFileSync(join(REPORTS_DIR, `${PRESET}-${page.name}-failed.json`), report);
  if (lhr.runtimeError) {
    failed();
    throw new Error(`Lighthouse could not measure ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  if (page.withoutModules) {
    // A pattern that stopped matching would make this row the page as served under another name.
    const served = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
      (item) => isModuleUrl(item.url) && item.statusCode > 0,
    );
    if (served.length > 0) {
      failed();
      throw new Error(`${page.path} without modules still loaded ${served.map((item) => item.url).join(", ")}`);
    }
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== page.path) {
    failed();
    throw new Error(`${page.path} ended at ${landed} (was the session cookie not sent?)`);
  }
  return { lhr, report };
}

const performanceOf = (lhr) => lhr.categories.performance?.score ?? 0;
const load = () => loadavg().map((value) => value.toFixed(2)).join(" / ");

function printTable(rows) {
  const header = ["page", "perf", "(min–max)", "a11y", "best-pr.", "SEO", "LCP", "TBT", "CLS"];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "─".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  const loadAtStart = load();
  mkdirSync(REPORTS_DIR, { recursive: true });
  stateDir = mkdtempSync(join(tmpdir(), "murmur-lighthouse-"));
  const port = await pickPort();

  console.log(`› Starting Murmur as npm start does on :${port} (state in ${stateDir})…`);
  const origin = await startServer(port, stateDir);
  const cookie = await signedInMember(origin);
  const home = await http(`${origin}/`, { headers: { Cookie: cookie } });
  if (home.status !== 200) throw new Error(`Home signed in answered ${home.status}`);
  const postId = samplePostId(stateDir);
  const served = [
    { name: "auth", label: "/auth (signed out)", path: "/auth" },
    { name: "home", label: "/ (signed in)", path: "/", cookie },
    { name: "post", label: `/post/${postId}`, path: `/post/${postId}`, cookie },
  ];
  const pages = served.flatMap((page) => [
    page,
    ...(WITHOUT_MODULES ? [{ ...page, name: `${page.name}-without-modules`, label: `${page.label}, without modules`, withoutModules: true }] : []),
    ...(CALIBRATED ? [{ ...page, name: `${page.name}-calibrated`, label: `${page.label}, CPU calibrated`, calibrated: true }] : []),
  ]);

  // Kept before it starts: a Chromium whose debugging port never came up is stopped like any other.
  chrome = new chromeLauncher.Launcher({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage"],
    handleSIGINT: false,
    logLevel: "silent",
  });
  await chrome.launch();

  const loadBefore = load();
  const runs = new Map(pages.map((page) => [page, []]));
  /** Every run's benchmark index, in order (Lighthouse measures the host before each run). */
  const indexes = [];
  const noteIndex = ({ lhr }) => {
    if (Number.isFinite(lhr.environment.benchmarkIndex)) indexes.push(lhr.environment.benchmarkIndex);
  };
  if (CALIBRATED) {
    // Uncounted: the first calibrated run's slowdown then stands on several indexes, not on one.
    for (const page of served) {
      console.log(`› Lighthouse (${PRESET}) ${page.label}, warm-up for the calibration (not counted)…`);
      noteIndex(await measure({ ...page, warmUp: true }, origin));
    }
  }
  for (let round = 1; round <= RUNS; round++) {
    for (const page of pages) {
      // The slowdown for this machine, from the median benchmark index of the runs before.
      const slowdown = page.calibrated ? calibratedSlowdown(median(indexes)) : undefined;
      const how = slowdown ? ` (CPU ×${slowdown.toFixed(2)})` : "";
      console.log(`› Lighthouse (${PRESET}) ${page.label}${how}, run ${round} of ${RUNS}…`);
      const run = await measure(page, origin, slowdown);
      noteIndex(run);
      runs.get(page).push({ ...run, slowdown });
    }
  }
  const loadAfter = load();
  await cleanup();

  const results = pages.map((page) => {
    const sorted = [...runs.get(page)].sort((a, b) => performanceOf(a.lhr) - performanceOf(b.lhr));
    const middle = sorted[Math.floor((sorted.length - 1) / 2)];
    writeFileSync(join(REPORTS_DIR, `${PRESET}-${page.name}.json`), middle.report);
    const range = `${score(sorted[0].lhr.categories.performance)}–${score(sorted.at(-1).lhr.categories.performance)}`;
    const slowdowns = sorted.map((run) => run.slowdown).filter((slowdown) => slowdown !== undefined);
    const slowdown =
      slowdowns.length === 0 ? undefined : `×${Math.min(...slowdowns).toFixed(1)}–${Math.max(...slowdowns).toFixed(1)} (median run ×${middle.slowdown.toFixed(1)})`;
    return { page, lhr: middle.lhr, range, slowdown };
  });

  console.log(`\nLighthouse ${results[0].lhr.lighthouseVersion}, ${PRESET}, Chromium ${results[0].lhr.environment.hostUserAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? "?"}, ` +
    `benchmark index ${Math.round(median(indexes))} (${Math.min(...indexes)}–${Math.max(...indexes)}); the median of ${RUNS} run${RUNS === 1 ? "" : "s"} per page ` +
    `by performance; load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${loadBefore} before the runs ` +
    `(after the build and the seed), ${loadAfter} after them\n`);
  printTable(
    results.map(({ page, lhr, range, slowdown }) => [
      slowdown ? `${page.label} ${slowdown}` : page.label,
      score(lhr.categories.performance),
      range,
      ...CATEGORIES.slice(1).map((id) => score(lhr.categories[id])),
      ms(lhr.audits["largest-contentful-paint"]),
      ms(lhr.audits["total-blocking-time"]),
      cls(lhr.audits["cumulative-layout-shift"]),
    ]),
  );

  for (const { page, lhr } of results) {
    const below = CATEGORIES.map((id) => lhr.categories[id]).filter((category) => category && category.score < 1);
    if (below.length === 0) continue;
    console.log(`\n${page.label}`);
    for (const category of below) {
      console.log(`  ${category.title} ${score(category)}:`);
      const failing = failingAudits(lhr, category);
      if (failing.length === 0) console.log("    (no single audit below the line)");
      for (const audit of failing) console.log(`    ${audit.id}: ${audit.title}${audit.note ? ` (${audit.note})` : ""}`);
    }
  }
  console.log(`\nJSON reports: ${REPORTS_DIR}/${PRESET}-{${pages.map((page) => page.name).join(",")}}.json`);
}

try {
  await main();
} catch (error) {
  console.error(`› The Lighthouse run broke: ${error?.stack ?? error}`);
  await cleanup();
  process.exit(1);
}

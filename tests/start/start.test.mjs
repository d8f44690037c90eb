// `npm start` as a newcomer meets it (decision 018): the real start script on a fresh state folder
// (so it seeds the demo data), then forms posted the way a browser posts them, over keep-alive
// connections, after idle pauses. Local workerd closes a connection after 5 idle seconds; behind
// wrangler dev's proxy a POST that meets that close on the proxy's pooled connection to the app was
// answered 503 "Your worker restarted mid-request" (cloudflare/workers-sdk#14641). Pauses longer than
// 5 s show that nothing else breaks; forms sent from several tabs just before the 5-second mark are
// what caught wrangler dev (4 runs in 7 here). Runs after `npm run build`: the script skips its own
// build.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { setTimeout as sleep } from "node:timers/promises";
import { URL, URLSearchParams } from "node:url";
import { after, before, test } from "node:test";
import { CRON_FIRST_RUN } from "../../scripts/lib/serve.mjs";
import { freePort, ROOT } from "../../scripts/lib/wrangler.mjs";

/** Longer than workerd's 5 s idle close: the newcomer's pauses. */
const IDLE_GAP_MS = 6_000;
/**
 * Forms sent this long after the last answer, one per tab, land as idle connections close (the
 * window moves with the machine's speed, hence the spread).
 */
const AT_IDLE_CLOSE_MS = [4_965, 4_970, 4_975, 4_980];
const ROUNDS_AT_IDLE_CLOSE = 3;
/** A browser resends a request that failed on a reused connection; it gives up after a few. */
const MAX_ATTEMPTS = 5;
/** Seeding an empty state folder and starting the server take 20–35 s here. */
const STARTUP_LIMIT_MS = 90_000;
/** The cron's first run comes when the first minute after the server is up turns: by then, at the latest. */
const FIRST_CRON_LIMIT_MS = 75_000;
/** Ports other local servers use (8787 is `npm start`'s own). */
const RESERVED_PORTS = new Set([8787, 8788, 8790]);

const START_SCRIPT = join(ROOT, "scripts", "start.mjs");
const DEMO = { email: "maya@murmur.dev", password: "murmur-demo" };
const POSTED = "Post created successfully!";

// A browser keeps connections open between requests and sends the next request on one of them
// (up to six per host).
const agent = new Agent({ keepAlive: true, maxSockets: 6 });
let server;
let demoCookie;

async function pickPort() {
  for (;;) {
    const port = await freePort();
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

function sendOnce(path, { method = "GET", body, headers = {}, viaAgent = agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.origin), { method, headers, agent: viaAgent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", (error) => reject(Object.assign(error, { beforeAnswerOnReusedConnection: req.reusedSocket })));
    req.end(body);
  });
}

/**
 * One HTTP request through the keep-alive agent; the answer's status, headers and body. Like a
 * browser, a request that failed on a reused connection before any answer (the server closed it as
 * idle while the request was on its way) is sent again. An answer, even a 503, is final.
 */
async function send(path, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(path, options);
    } catch (error) {
      if (!error.beforeAnswerOnReusedConnection || attempt === MAX_ATTEMPTS) throw error;
    }
  }
}

/** A form as a browser posts it (same-origin, url-encoded), with the member's cookies. */
function postForm(path, fields, cookie = "") {
  const body = new URLSearchParams(fields).toString();
  return send(path, {
    method: "POST",
    body,
    headers: { Origin: server.origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) },
  });
}

/** A form with multipart encoding, as the composer's form (it can carry files) is posted. */
function postMultipart(path, fields, cookie) {
  const boundary = `----murmur${Date.now().toString(16)}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.from(`${parts.join("")}--${boundary}--\r\n`);
  return send(path, {
    method: "POST",
    body,
    headers: { Origin: server.origin, Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": body.length },
  });
}

/** The cookies an answer sets, as a Cookie header value. */
const cookiesOf = (answer) => (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
const sessionCookie = (answer) => cookiesOf(answer).split("; ").find((cookie) => cookie.startsWith("session="));

/** Follows a redirect as a browser does, with the member's session and the cookies the answer set (the toast). */
function follow(answer, cookie) {
  return send(answer.headers.location, { headers: { Cookie: [cookie, cookiesOf(answer)].filter(Boolean).join("; ") } });
}

/** Posts as the composer does: the answer is a redirect. */
async function compose(content, cookie, label) {
  const answer = await postMultipart("/compose", { intent: "post", content, returnTo: "/" }, cookie);
  assert.equal(answer.status, 302, `${label}: ${describe(answer)}`);
  return answer;
}

/** What the member sees after the redirect: the success toast (its cookie lasts a minute). */
async function assertPosted(answer, cookie, label) {
  const page = await follow(answer, cookie);
  assert.ok(page.body.includes(POSTED), `${label}: the page after posting says '${POSTED}'`);
}

function describe(answer) {
  return `${answer.status} ${answer.headers.location ?? ""} ${answer.body.slice(0, 200)}\n--- server output ---\n${server.output.join("")}`;
}

before(
  async () => {
    const port = await pickPort();
    const stateDir = mkdtempSync(join(tmpdir(), "murmur-start-"));
    const child = spawn(process.execPath, [START_SCRIPT], {
      cwd: ROOT,
      // Its own process group, so stopping the group stops workerd too.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PORT: String(port), MURMUR_STATE_DIR: stateDir, MURMUR_SKIP_BUILD: "1" },
    });
    server = { child, stateDir, origin: `http://localhost:${port}`, output: [], readyAt: 0 };
    child.stdout.on("data", (chunk) => server.output.push(String(chunk)));
    child.stderr.on("data", (chunk) => server.output.push(String(chunk)));

    const deadline = Date.now() + STARTUP_LIMIT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${server.output.join("")}`);
      // Fresh connections while waiting, so none of them is pooled for the test itself.
      const answer = await send("/auth", { viaAgent: false }).catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`npm start did not answer within ${STARTUP_LIMIT_MS} ms:\n${server.output.join("")}`);
      await sleep(250);
    }
    server.readyAt = Date.now();
  },
  { timeout: STARTUP_LIMIT_MS + 10_000 },
);

after(async () => {
  agent.destroy();
  if (!server) return;
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    process.kill(-server.child.pid, "SIGTERM");
    await exited;
  }
  rmSync(server.stateDir, { recursive: true, force: true });
});

test("a newcomer signs up, posts and signs out with pauses longer than 5 seconds; the demo member signs in", { timeout: 60_000 }, async () => {
  const name = `idle${Date.now().toString(36)}`;
  const signUp = await postForm("/auth?signUp=true", {
    mode: "sign-up",
    displayName: "Idle Tester",
    username: name,
    email: `${name}@example.com`,
    password: "a long enough password",
    confirmPassword: "a long enough password",
  });
  assert.equal(signUp.status, 302, describe(signUp));
  const cookie = sessionCookie(signUp);
  assert.ok(cookie, "signing up sets the session cookie");

  await sleep(IDLE_GAP_MS);
  const post = await compose(`My first post, after a quiet moment (${name})`, cookie, "the first post");
  await assertPosted(post, cookie, "the first post");

  await sleep(IDLE_GAP_MS);
  const signOut = await postForm("/logout", {}, cookie);
  assert.equal(signOut.status, 302, describe(signOut));
  assert.equal(signOut.headers.location, "/auth");

  const demo = await postForm("/auth", { mode: "sign-in", ...DEMO });
  assert.equal(demo.status, 302, `the seeded demo member signs in: ${describe(demo)}`);
  demoCookie = sessionCookie(demo);
  assert.ok(demoCookie, "signing in sets the session cookie");
});

test("posts sent from several tabs just as idle connections close all succeed", { timeout: 60_000 }, async () => {
  assert.ok(demoCookie, "the demo member is signed in (previous test)");
  const answers = [];
  const postFromTab = async (round, tab) => {
    const label = `round ${round}, tab ${tab}`;
    answers.push({ label, answer: await compose(`Round ${round}, tab ${tab}`, demoCookie, label) });
  };
  // One post per tab at once, so each tab has a connection of its own to keep alive.
  await Promise.all(AT_IDLE_CLOSE_MS.map((_, tab) => postFromTab(0, tab)));
  for (let round = 1; round <= ROUNDS_AT_IDLE_CLOSE; round++) {
    await Promise.all(
      AT_IDLE_CLOSE_MS.map(async (delay, tab) => {
        await sleep(delay);
        await postFromTab(round, tab);
      }),
    );
  }
  // The redirects are followed afterwards: a request in between would move the idle connections' clocks.
  for (const { label, answer } of answers) await assertPosted(answer, demoCookie, label);
});

test("the worker's scheduled handler runs, as wrangler.toml's cron runs it on Cloudflare", { timeout: FIRST_CRON_LIMIT_MS + 10_000 }, async () => {
  // The tests above take longer than a minute: the first run has usually happened by now.
  while (!server.output.join("").includes(CRON_FIRST_RUN)) {
    assert.ok(Date.now() - server.readyAt < FIRST_CRON_LIMIT_MS, `no successful cron run within ${FIRST_CRON_LIMIT_MS} ms:\n${server.output.join("")}`);
    await sleep(500);
  }
});

// The one way Murmur's worker runs locally (`npm start`, `npm run dev`, the end-to-end tests): the bundle
// `wrangler deploy --dry-run` builds, in Miniflare with the bindings wrangler derives from wrangler.toml
// (D1, R2, the FeedRoom and RateLimiter Durable Objects, static assets, vars), persisted where wrangler's --local
// commands keep their state.
//
// Not `wrangler dev`: its proxy worker forwards each request to the app's workerd over a pooled
// connection, and a POST that meets a connection both sides are closing after 5 idle seconds is
// answered 503 "Your worker restarted mid-request" (cloudflare/workers-sdk#14641). Here clients talk
// to the app's workerd directly (decisions 017 and 018).
import { Log, LogLevel, Miniflare } from "miniflare";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { bundleWorker, ROOT } from "./wrangler.mjs";

const CONFIG = join(ROOT, "wrangler.toml");
/** wrangler.toml's [triggers] crons: every minute (the heavy jobs pick every fifth themselves). */
const CRON = "* * * * *";
const MINUTE_MS = 60_000;
/** A run starts this long after the minute turns, as Cloudflare's do (never before it). */
const CRON_DELAY_MS = 100;
/** What the server prints once the cron's first run succeeded (the start test waits for it). */
export const CRON_FIRST_RUN = "The cron's first run succeeded";

/**
 * workerd's stderr without the broken pipes a browser causes by dropping a response it no longer
 * wants (a video it seeks in, a page it leaves): each is a line and a stack of addresses, noise rather
 * than a failure. Every other line goes through.
 */
function filterStderr(stderr) {
  let skipStack = false;
  createInterface({ input: stderr }).on("line", (line) => {
    if (skipStack && line.startsWith("stack:")) return;
    skipStack = /disconnected: ::write.*(Broken pipe|Connection reset)/.test(line);
    if (!skipStack) process.stderr.write(`${line}\n`);
  });
}

function miniflareOptions({ wrangler, host, port, persistTo, outdir }) {
  // Read on every (re)load, so a changed wrangler.toml applies with the next rebuild.
  const { workerOptions } = wrangler.unstable_getMiniflareWorkerOptions(CONFIG);
  const vars = workerOptions.bindings ?? {};
  // The worker writes absolute links (the password-reset mail) with APP_ORIGIN: the address served here.
  const bindings = "APP_ORIGIN" in vars ? { ...vars, APP_ORIGIN: `http://localhost:${port}` } : vars;
  return {
    host,
    port,
    // wrangler's layout: `--persist-to X` (or the default .wrangler/state) keeps D1, R2 and Durable
    // Objects under X/v3, so `wrangler d1 execute --local` and the seed see what the app sees.
    defaultPersistRoot: join(persistTo, "v3"),
    // Never fetch Request.cf from the network (nothing downloads at run time): use the placeholder.
    cf: false,
    log: new Log(LogLevel.WARN),
    handleRuntimeStdio(stdout, stderr) {
      stdout.pipe(process.stdout);
      filterStderr(stderr);
    },
    workers: [
      {
        ...workerOptions,
        bindings,
        name: "murmur",
        // One module: esbuild inlined everything, so the dynamic import() left in it is never taken.
        modules: [{ type: "ESModule", path: join(outdir, "app.js") }],
        modulesRoot: outdir,
      },
    ],
  };
}

/**
 * Starts bundling the worker (production: React's production build) and loading wrangler right away,
 * so both run while the caller prepares the state, and returns serve(): once the bundle is ready it
 * serves it on host:port with its state under persistTo (D1, R2 and Durable Objects in
 * persistTo/v3) and resolves to the server: its url and reload() (bundle the current build again and
 * restart the worker on the same port with the same state). It stops when the process exits
 * (Miniflare stops workerd in its exit hook; see exitOnSignals).
 */
export function prepareWorker({ production = true } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), "murmur-bundle-"));
  removeOnExit(outdir);
  const bundled = bundleWorker(outdir, { production });
  // Loading wrangler takes ~2 s; it is only needed for the bindings wrangler.toml declares.
  const wrangler = import("wrangler");
  // Awaited in serve(); marked handled so a failure surfaces there, not as an unhandled rejection.
  bundled.catch(() => {});
  return {
    async serve({ host = "127.0.0.1", port, persistTo }) {
      await bundled;
      const settings = { wrangler: await wrangler, host, port, persistTo, outdir };
      const miniflare = new Miniflare(miniflareOptions(settings));
      const url = await miniflare.ready;
      let reloading = Promise.resolve();
      return {
        url,
        async reload() {
          await bundleWorker(outdir, { production });
          const next = miniflare.setOptions(miniflareOptions(settings));
          // The cron waits for a reload to finish, not for it to succeed (a failed one says so here).
          reloading = next.catch(() => {});
          await next;
        },
        /**
         * Runs wrangler.toml's cron as Cloudflare would (`* * * * *`): the worker's scheduled handler
         * at the start of every minute, with that minute as its time, so the trends, subscriptions,
         * digests and clean-ups run locally too (decision 104). Every minute comes whatever the last
         * run did; one that comes while a run is still going is skipped and says so, so runs never pile
         * up behind a stuck one (a breakpoint, say). A run that fails is logged.
         */
        runCron() {
          let ran = false;
          let running = null;
          const run = async (scheduledTime) => {
            const at = new Date(scheduledTime).toISOString();
            if (running !== null) {
              console.error(`› The cron's run at ${at} skipped: the run at ${running} is still going.`);
              return;
            }
            running = at;
            try {
              await reloading;
              const result = await (await miniflare.getWorker()).scheduled({ scheduledTime: new Date(scheduledTime), cron: CRON });
              if (result.outcome !== "ok") console.error(`› The cron's run at ${at} ended: ${result.outcome}`);
              else if (!ran) {
                ran = true;
                console.log(`› ${CRON_FIRST_RUN} (${at}); it runs every minute.`);
              }
            } catch (error) {
              console.error(`› The cron's run at ${at} failed:`, error);
            } finally {
              running = null;
            }
          };
          const tick = () => {
            setTimeout(() => {
              void run(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS);
              tick();
            }, MINUTE_MS - (Date.now() % MINUTE_MS) + CRON_DELAY_MS).unref();
          };
          tick();
        },
      };
    },
  };
}

/** Whether something already listens on host:port: asked before the slow steps, to say so plainly. */
export function isPortTaken(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

/** Exits with a plain sentence when the port is taken: asked before the slow steps. */
export async function exitIfPortTaken(port) {
  if (!(await isPortTaken(port))) return;
  console.error(`› Port ${port} is taken (is Murmur already running?). Set PORT to use another one.`);
  process.exit(1);
}

/**
 * Exits on Ctrl-C, on a kill, and when the terminal closes; the server stops as the process exits
 * (Miniflare's exit hook stops workerd, and removeOnExit's folders go). Nothing is awaited first: once
 * loaded, wrangler exits the process on SIGINT and SIGTERM from a handler of its own registered
 * before this one, so a handler that awaited a graceful dispose() never got to run.
 */
export function exitOnSignals() {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]]) {
    process.once(signal, () => process.exit(code));
  }
}

/** Removes a file or folder (a temporary one of this process) when the process exits. */
export function removeOnExit(path) {
  process.once("exit", () => rmSync(path, { recursive: true, force: true }));
}

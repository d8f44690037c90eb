// Runs wrangler for the local scripts (start, dev, seed, e2e server), always offline-friendly.
import { execFile, execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Where wrangler's --local commands keep D1, R2 and Durable Object state unless given --persist-to. */
export const DEFAULT_STATE_DIR = join(ROOT, ".wrangler", "state");
const WRANGLER = fileURLToPath(new URL("../../node_modules/wrangler/bin/wrangler.js", import.meta.url));
const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_UPDATE_NOTIFIER: "1" };

const persistArgs = (persistTo) => (persistTo ? ["--persist-to", persistTo] : []);

/** Runs a wrangler command to completion and returns its output. */
export function wrangler(args, { quiet = false, env = {} } = {}) {
  return execFileSync(process.execPath, [WRANGLER, ...args], {
    cwd: ROOT,
    env: { ...ENV, ...env },
    encoding: "utf8",
    stdio: quiet ? ["ignore", "pipe", "pipe"] : ["ignore", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function applyMigrations(persistTo) {
  wrangler(["d1", "migrations", "apply", "DB", "--local", ...persistArgs(persistTo)], { quiet: true });
}

/** Runs SQL against the local D1 and returns the rows of the last statement. */
export function queryLocal(sql, persistTo) {
  const output = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", sql, ...persistArgs(persistTo)], {
    quiet: true,
  });
  const results = JSON.parse(output);
  return results.at(-1)?.results ?? [];
}

export function executeFile(file, persistTo) {
  wrangler(["d1", "execute", "DB", "--local", "--file", file, ...persistArgs(persistTo)], { quiet: true });
}

/**
 * Bundles the worker into outdir/app.js as `wrangler deploy` would upload it. Production React unless
 * production is false: wrangler picks React's build from NODE_ENV. The top-level configuration, the
 * local one (`--env=`: not [env.production], which only `npm run deploy` uses).
 */
export async function bundleWorker(outdir, { production = true } = {}) {
  try {
    await promisify(execFile)(process.execPath, [WRANGLER, "deploy", "--dry-run", "--env=", "--outdir", outdir], {
      cwd: ROOT,
      env: { ...ENV, NODE_ENV: production ? "production" : "development" },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // esbuild's warnings come first and are many; the errors start at the first "✘".
    const stderr = String(error.stderr ?? error.message);
    throw new Error(`wrangler could not bundle the worker:\n${stderr.slice(Math.max(0, stderr.indexOf("✘")))}`, { cause: error });
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Runs wrangler for the local scripts (start, dev, seed, e2e server), always offline-friendly.
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
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

/** Puts a file into a local R2 bucket (about 1.5 s per call: each one starts wrangler). */
export function putObject(bucket, key, file, contentType, persistTo) {
  wrangler(["r2", "object", "put", `${bucket}/${key}`, "--local", "--file", file, "--content-type", contentType, ...persistArgs(persistTo)], {
    quiet: true,
  });
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

/**
 * Starts `wrangler dev` as a child in this process's group (so whoever stops the group stops wrangler
 * and workerd too) and stops it when this process exits or is signalled.
 */
export async function startDevServer({ port, production = true }) {
  const args = [WRANGLER, "dev", "--port", String(port), "--ip", "127.0.0.1", "--inspector-port", String(await freePort())];
  // wrangler bundles React's development build unless NODE_ENV says production: `npm start` runs
  // what users get; only `npm run dev` keeps React's warnings.
  const env = { ...ENV, NODE_ENV: production ? "production" : "development" };
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: "inherit" });
  const stop = () => {
    if (child.exitCode === null) child.kill("SIGTERM");
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      stop();
      process.exit(0);
    });
  }
  child.on("exit", (code) => process.exit(code ?? 0));
  return child;
}

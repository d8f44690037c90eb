import { defineConfig } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * End-to-end tests in Debian's Chromium against the worker in Miniflare on a fresh database: its
 * headless shell (`chromium-headless-shell`, the old headless mode Playwright's own headless runs use)
 * where it is installed, as `.ci/run` does; a new browser context in the full browser also starts its
 * omnibox's WebUI renderers, and the suite took twice as long (decision 101). CHROMIUM_PATH overrides.
 * Every test runs twice: with JavaScript (project "js") and without ("no-js"), but for tests tagged
 * @js-only (the dark theme's accessibility scans: see tests/e2e/accessibility.spec.ts; what only a page
 * with JavaScript does: a dialog held open, a timeout) or @no-js-only (what only the browser's own form
 * posting does: Back restoring a sent form), each with its reason beside it.
 */
function freePort(): string {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" });
}

// Chosen once by the runner; its worker processes inherit them. The server keeps its local D1 and R2
// in E2E_PERSIST, a new temporary directory per run that the server removes when it stops (one given
// from outside is kept).
process.env.E2E_PORT ??= freePort();
if (!process.env.E2E_PERSIST) {
  process.env.E2E_PERSIST = mkdtempSync(join(tmpdir(), "murmur-e2e-"));
  process.env.E2E_PERSIST_TEMPORARY = "1";
}
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        // The machines have no internet: a page's request for another site fails at once, never waiting on
        // DNS (a test stands in for such a site with `context.route`, which comes first).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost",
      ],
    },
    // No trace while the suite runs: recording one (screenshots and DOM snapshots at every step, kept
    // only on failure) took about a fifth of the suite's time, and CI keeps only what the run prints.
    // To look at a failure: `npm run build`, then `npm run test:e2e -- <file> --trace retain-on-failure`.
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    // A test tagged @js-only repeats, without JavaScript, what other tests already check (see its note).
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "node tests/e2e/serve.mjs",
    url: `${baseURL}/auth`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: { E2E_PORT: process.env.E2E_PORT, E2E_PERSIST: process.env.E2E_PERSIST, E2E_PERSIST_TEMPORARY: process.env.E2E_PERSIST_TEMPORARY ?? "" },
  },
});

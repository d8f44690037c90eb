// Builds the app into build/ (`remix vite:build`) for the local server. Quiet: the build's output is
// only shown when it fails.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./wrangler.mjs";

const REMIX = join(ROOT, "node_modules", ".bin", "remix");

/** Resolves to { ok, output } (output: what the build printed). */
export function buildApp() {
  return new Promise((resolve) => {
    execFile(process.execPath, [REMIX, "vite:build"], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}` });
    });
  });
}

/** The first build of `npm start` and `npm run dev`: on failure, its output and an exit. */
export async function buildOrExit() {
  console.log("› Building…");
  const build = await buildApp();
  if (build.ok) return;
  console.error(build.output);
  console.error("› The build failed (above).");
  process.exit(1);
}

// `npm run dev`: the full-fidelity loop. wrangler dev serves the build (with D1, R2 and Durable
// Objects) and reloads when it changes; this script rebuilds whenever a file under app/ changes.
import { execFileSync, spawnSync } from "node:child_process";
import { watch } from "node:fs";
import { applyMigrations, ROOT, startDevServer } from "./lib/wrangler.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const build = () => spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] }).status === 0;

execFileSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
applyMigrations();
await startDevServer({ port: PORT, production: false });

let timer;
let building = false;
let again = false;
const rebuild = () => {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const ok = build();
  console.log(ok ? `› rebuilt in ${Date.now() - started} ms` : "› build failed; fix the error and save again");
  building = false;
  if (again) {
    again = false;
    rebuild();
  }
};
for (const dir of ["app", "workers", "party", "public"]) {
  watch(new URL(`../${dir}`, import.meta.url), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 150);
  });
}
console.log(`› Watching for changes; Murmur on http://localhost:${PORT}`);

// `npm run dev`: the editing loop. Serves the build like `npm start` does (same state folder, no
// seeding) but with React's development build, and on every change under app/, workers/, party/ or
// public/ rebuilds, bundles again and reloads the worker in place (same port, same state).
import { join, resolve } from "node:path";
import { buildApp, buildOrExit } from "./lib/build.mjs";
import { exitIfPortTaken, exitOnSignals, prepareWorker } from "./lib/serve.mjs";
import { watchFolders } from "./lib/watch.mjs";
import { applyMigrations, DEFAULT_STATE_DIR, ROOT } from "./lib/wrangler.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const STATE_DIR = resolve(process.env.MURMUR_STATE_DIR ?? DEFAULT_STATE_DIR);
const WATCHED = ["app", "workers", "party", "public"];

await exitIfPortTaken(PORT);

await buildOrExit();
const worker = prepareWorker({ production: false });
console.log("› Applying local D1 migrations…");
applyMigrations(STATE_DIR);
const server = await worker.serve({ port: PORT, persistTo: STATE_DIR });
exitOnSignals();
// wrangler.toml's cron, as `npm start` runs it (decision 104).
if (process.env.MURMUR_CRON !== "0") server.runCron();

let timer;
let building = false;
let again = false;
const rebuild = async () => {
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const build = await buildApp();
  if (!build.ok) {
    console.error(build.output);
    console.log("› build failed; fix the error and save again");
  } else {
    try {
      await server.reload();
      console.log(`› rebuilt in ${Date.now() - started} ms`);
    } catch (error) {
      console.error(error.message);
      console.log("› could not reload the worker; fix the error and save again");
    }
  }
  building = false;
  if (again) {
    again = false;
    rebuild();
  }
};
watchFolders(
  WATCHED.map((dir) => join(ROOT, dir)),
  () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 150);
  },
);
console.log(`› Watching for changes; Murmur on http://localhost:${PORT}`);

// `npm start`: build, apply local migrations, seed demo data when the database is empty, serve on :8787
// (PORT overrides) with production React, through scripts/lib/serve.mjs (no wrangler dev proxy:
// decision 018).
//
// State (D1, R2, Durable Objects) lives in MURMUR_STATE_DIR, by default .wrangler/state, where
// `npm run seed`, `npm run db:migrate` and `wrangler d1 execute --local` look too.
// MURMUR_SKIP_BUILD=1 serves the build that is there (the start test runs right after `npm run build`).
// The worker's scheduled handler runs every minute, as wrangler.toml's cron does on Cloudflare
// (MURMUR_CRON=0: not at all).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildOrExit } from "./lib/build.mjs";
import { exitIfPortTaken, exitOnSignals, prepareWorker } from "./lib/serve.mjs";
import { applyMigrations, DEFAULT_STATE_DIR, queryLocal, ROOT } from "./lib/wrangler.mjs";

const PORT = Number(process.env.PORT ?? 8787);
const STATE_DIR = resolve(process.env.MURMUR_STATE_DIR ?? DEFAULT_STATE_DIR);
const TSX = join(ROOT, "node_modules", ".bin", "tsx");

await exitIfPortTaken(PORT);

if (process.env.MURMUR_SKIP_BUILD !== "1") await buildOrExit();

/** Runs scripts/seed.ts on the state folder; the worker keeps bundling meanwhile. */
function seed() {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [TSX, "scripts/seed.ts"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, PERSIST_TO: STATE_DIR } });
    child.on("error", fail);
    child.on("exit", (code) => (code === 0 ? done() : fail(new Error(`Seeding failed (exit code ${code}).`))));
  });
}

const worker = prepareWorker({ production: true });

// No local D1 yet means a new database: the migrations create it empty, no need to ask (~2 s).
const newDatabase = !existsSync(join(STATE_DIR, "v3", "d1"));

console.log("› Applying local D1 migrations…");
applyMigrations(STATE_DIR);

const [{ count }] = newDatabase ? [{ count: 0 }] : queryLocal("SELECT count(*) AS count FROM users", STATE_DIR);
if (count === 0) {
  console.log("› Empty database: seeding demo data…");
  await seed();
} else {
  console.log(`› Database has ${count} members: not seeding.`);
}

const server = await worker.serve({ port: PORT, persistTo: STATE_DIR });
exitOnSignals();
// wrangler.toml's cron, as Cloudflare runs it (decision 104); MURMUR_CRON=0 leaves it out (Lighthouse).
if (process.env.MURMUR_CRON !== "0") server.runCron();
console.log(`› Murmur on http://localhost:${PORT} (demo sign-ins are in README.md)`);

// `npm start`: build, apply local migrations, seed demo data when the database is empty, serve on :8787.
import { execFileSync } from "node:child_process";
import { applyMigrations, queryLocal, ROOT, startDevServer } from "./lib/wrangler.mjs";

const PORT = Number(process.env.PORT ?? 8787);

console.log("› Building…");
execFileSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });

console.log("› Applying local D1 migrations…");
applyMigrations();

const [{ count }] = queryLocal("SELECT count(*) AS count FROM users");
if (count === 0) {
  console.log("› Empty database: seeding demo data…");
  execFileSync("npx", ["tsx", "scripts/seed.ts"], { cwd: ROOT, stdio: "inherit" });
} else {
  console.log(`› Database has ${count} members: not seeding.`);
}

console.log(`› Murmur on http://localhost:${PORT} (demo sign-ins are in README.md)`);
await startDevServer({ port: PORT });

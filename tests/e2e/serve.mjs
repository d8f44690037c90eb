// The server the end-to-end tests run against: a fresh local D1 in a temporary directory,
// migrated, and `wrangler dev` on the port Playwright chose. Tests create their own data.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMigrations, startDevServer } from "../../scripts/lib/wrangler.mjs";

const port = Number(process.env.E2E_PORT);
if (!port) throw new Error("E2E_PORT is not set");
const persistTo = mkdtempSync(join(tmpdir(), "murmur-e2e-"));
applyMigrations(persistTo);
await startDevServer({ port, persistTo });

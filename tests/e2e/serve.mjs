// The server the end-to-end tests run against: a fresh local D1 in the temporary directory the
// Playwright config made, migrated, and `wrangler dev` on the port it chose. Tests create their own data.
import { applyMigrations, startDevServer } from "../../scripts/lib/wrangler.mjs";

const port = Number(process.env.E2E_PORT);
const persistTo = process.env.E2E_PERSIST;
if (!port || !persistTo) throw new Error("E2E_PORT and E2E_PERSIST must be set");
applyMigrations(persistTo);
await startDevServer({ port, persistTo });

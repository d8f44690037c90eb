// The server the end-to-end tests run against: the worker as `npm start` serves it (scripts/lib/serve.mjs:
// the `wrangler deploy` bundle in Miniflare, no wrangler dev proxy, decisions 017 and 018) on a fresh
// database in the temporary directory the Playwright config made. Tests create their own data.
import { exitOnSignals, prepareWorker, removeOnExit } from "../../scripts/lib/serve.mjs";
import { applyMigrations } from "../../scripts/lib/wrangler.mjs";

const port = Number(process.env.E2E_PORT);
const persistTo = process.env.E2E_PERSIST;
if (!port || !persistTo) throw new Error("E2E_PORT and E2E_PERSIST must be set");

const worker = prepareWorker();
applyMigrations(persistTo);
// The run's own temporary directory goes when the server exits (one given from outside is kept).
if (process.env.E2E_PERSIST_TEMPORARY === "1") removeOnExit(persistTo);
await worker.serve({ port, persistTo });
exitOnSignals();

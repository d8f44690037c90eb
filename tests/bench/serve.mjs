// The benchmark's server: the worker as `npm start` serves it (scripts/lib/serve.mjs: the `wrangler
// deploy` bundle with production React in local workerd through Miniflare, no dev proxy and no
// devtools inspector attached, as a deployed worker runs) on the bench data.
// Usage: node tests/bench/serve.mjs <port> <persist dir>
import { exitOnSignals, prepareWorker } from "../../scripts/lib/serve.mjs";

const [port, persistTo] = process.argv.slice(2);
const server = await prepareWorker({ production: true }).serve({ port: Number(port), persistTo });
exitOnSignals();
console.log(`bench server on ${server.url}`);

// The benchmark's server: the worker in local workerd (wrangler's startWorker API) on the bench data,
// without a devtools inspector attached to the isolate (an attached inspector slows V8 down; a
// deployed worker has none). Usage: node tests/bench/serve.mjs <port> <persist dir>
import { unstable_startWorker } from "wrangler";

const [port, persist] = process.argv.slice(2);
const worker = await unstable_startWorker({
  config: new URL("../../wrangler.toml", import.meta.url).pathname,
  dev: {
    inspector: false,
    server: { hostname: "127.0.0.1", port: Number(port) },
    persist,
    liveReload: false,
    watch: false,
    logLevel: "warn",
  },
});
await worker.ready;
console.log(`bench server on ${String(await worker.url)}`);
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

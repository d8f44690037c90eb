// The server the end-to-end tests run against: the worker as `wrangler deploy` bundles it, in Miniflare
// (local workerd with real D1, R2 and Durable Objects) on a fresh database in the temporary directory
// the Playwright config made. Tests create their own data.
//
// Not `wrangler dev`: its proxy worker forwards each request to the app's workerd over a pooled
// connection, and a POST that meets a connection both sides are closing after 5 idle seconds is
// answered 503 "Your worker restarted mid-request" (cloudflare/workers-sdk#14641). That failed one
// CI run in three. Here the browser talks to the app's workerd directly (decision 017).
import { Log, LogLevel, Miniflare } from "miniflare";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { ROOT, applyMigrations, wrangler } from "../../scripts/lib/wrangler.mjs";

const port = Number(process.env.E2E_PORT);
const persistTo = process.env.E2E_PERSIST;
if (!port || !persistTo) throw new Error("E2E_PORT and E2E_PERSIST must be set");

applyMigrations(persistTo);
const outdir = join(persistTo, "bundle");
wrangler(["deploy", "--dry-run", "--outdir", outdir], { quiet: true, env: { NODE_ENV: "production" } });

const configPath = join(ROOT, "wrangler.toml");
const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath);
const miniflare = new Miniflare({
  host: "127.0.0.1",
  port,
  defaultPersistRoot: join(persistTo, "v3"),
  log: new Log(LogLevel.WARN),
  handleRuntimeStdio(stdout, stderr) {
    stdout.pipe(process.stdout);
    // A browser that stops reading a response (a video it seeks in, a page it leaves) makes workerd
    // log a broken pipe with a stack of addresses: noise, not a failure. Everything else goes through.
    let skipStack = false;
    createInterface({ input: stderr }).on("line", (line) => {
      if (skipStack && line.startsWith("stack:")) return;
      skipStack = /disconnected: ::write.*(Broken pipe|Connection reset)/.test(line);
      if (!skipStack) process.stderr.write(`${line}\n`);
    });
  },
  workers: [
    {
      ...workerOptions,
      name: "murmur",
      // One module: esbuild inlined everything, so the dynamic import() left in it is never taken.
      modules: [{ type: "ESModule", path: join(outdir, "app.js") }],
      modulesRoot: outdir,
    },
  ],
});
await miniflare.ready;

const stop = async () => {
  await miniflare.dispose();
  process.exit(0);
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, stop);

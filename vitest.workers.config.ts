import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Integration tests inside workerd (miniflare) against real D1 and R2, with the real worker as `main`.
 * The worker imports the Remix server build, so `npm run build` runs first.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    plugins: [
      cloudflareTest({
        main: "./workers/app.ts",
        wrangler: { configPath: "./wrangler.toml" },
        // A cookie secret of its own, as a deploy has: the requests go to https://murmur.example too.
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ENVIRONMENT: "test", COOKIE_SECRET: "workers-tests-cookie-secret-0123456789abcdef" } },
      }),
    ],
    resolve: {
      alias: {
        "~": fileURLToPath(new URL("./app", import.meta.url)),
        "remix-build": fileURLToPath(new URL("./build/server/index.js", import.meta.url)),
      },
    },
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/setup.ts"],
      // One workerd runtime per vitest worker for all its files (a fresh one per file costs ~10 s each).
      // Tests make their own unique data, so sharing a database is safe; migrations apply once per
      // runtime (idempotent setup).
      isolate: false,
      // A worker per core, up to four (each starts a runtime of its own): vitest's default leaves one
      // core out, and on two cores that ran every file in one runtime, 131 s; two took 51–56 s in three
      // runs (and less CPU in all).
      maxWorkers: Math.min(availableParallelism(), 4),
      // A limit against hangs, not a speed target: some tests hash dozens of passwords (scrypt).
      testTimeout: 30_000,
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
    },
  };
});

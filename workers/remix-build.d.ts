// The Remix server build (build/server/index.js), aliased as "remix-build" in wrangler.toml and vitest.
declare module "remix-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}

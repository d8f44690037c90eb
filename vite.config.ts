import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tailwindcss(),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  ssr: { resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] } },
  build: {
    // A rebuild under a running `wrangler dev` must not delete the files it serves.
    emptyOutDir: false,
    rollupOptions: {
      output: {
        // Shared modules of a few hundred bytes each would otherwise be chunks of their own: Home
        // preloaded 32 scripts, and Lighthouse's mobile run (six connections, 150 ms round trips)
        // counts every preloaded script as blocking the first paint. Chunks under 2 kB without side
        // effects join one that loads in the same places: Home 14 scripts and 111 instead of 114 KB
        // gzip, first paint ~0.5 s sooner there. Larger sizes merge more but ship more JS (20 kB:
        // 8 scripts, 115 KB; /auth +7 KB), while the 85 kB framework chunk stays the longest download.
        experimentalMinChunkSize: 2000,
      },
    },
  },
});

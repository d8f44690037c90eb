import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The layers of the home page, outermost first. A module joins the first layer that imports it
// statically; lazy imports (dialogs, the room socket) stay chunks of their own.
const HOME_LAYERS: [string, RegExp][] = [
  ["core", /\/app\/(entry\.client\.tsx|root\.tsx\?__remix-build-client-route)$/],
  ["shell", /\/app\/routes\/_app\.tsx\?__remix-build-client-route$/],
  ["feed", /\/app\/routes\/_app\._index\.tsx\?__remix-build-client-route$/],
];
const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const layersOfBuild = new WeakMap<Rollup.ManualChunkMeta["getModuleInfo"], Map<string, string>>();

function homeLayers({ getModuleInfo, getModuleIds }: Rollup.ManualChunkMeta): Map<string, string> {
  const layerOf = new Map<string, string>();
  const ids = [...getModuleIds()];
  for (const [layer, entry] of HOME_LAYERS) {
    const stack = ids.filter((id) => entry.test(id));
    while (stack.length > 0) {
      for (const next of getModuleInfo(stack.pop()!)?.importedIds ?? []) {
        if (layerOf.has(next) || getModuleInfo(next)?.isEntry !== false) continue;
        // What the core imports from outside app/ (React, Remix, Rollup's helpers) is the framework.
        layerOf.set(next, layer === "core" && !next.startsWith(APP_DIR) ? "framework" : layer);
        stack.push(next);
      }
    }
  }
  return layerOf;
}

const homeChunks: Rollup.GetManualChunk = (id, meta) => {
  let layerOf = layersOfBuild.get(meta.getModuleInfo);
  if (!layerOf) layersOfBuild.set(meta.getModuleInfo, (layerOf = homeLayers(meta)));
  return layerOf.get(id);
};

export default defineConfig(({ isSsrBuild }) => ({
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
    // The browser's scripts are minified by terser, two passes (decision 103): 4.1 KB gzip less on
    // Home than esbuild's minifier (119.8 → 115.7 of the 120 KB budget), for ~8 s more of build. The
    // worker's build stays unminified, as Vite leaves it, so its stack traces stay readable.
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 } },
    // A rebuild under a running `wrangler dev` must not delete the files it serves.
    emptyOutDir: false,
    modulePreload: {
      // Every page imports the room socket's chunk once hydrated (docs/decisions/054). Adding the
      // modulepreload links for what it imports cost 1–13 ms of one task then, so it asks for them
      // itself. The lazy chunks a click imports (report, share, the composer) keep their links.
      resolveDependencies: (file, deps) => (/(^|\/)room-socket-[^/]*\.js$/.test(file) ? [] : deps),
    },
    rollupOptions: {
      output: {
        // Home's scripts are four chunks beside its three route modules (decision 039): the
        // framework, and the app code the root, the signed-in shell and the home feed import
        // statically, one chunk per layer. Left to itself, Rollup made a chunk per set of routes
        // sharing a module (32 scripts on Home), and merging the small ones
        // (experimentalMinChunkSize) put other routes' modules into Home's: 24 scripts and 124 KB
        // gzip, where these 8 are 113 KB, because one script compresses better than twenty.
        manualChunks: homeChunks,
      },
    },
  },
}));

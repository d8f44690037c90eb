import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of isomorphic code (schemas, formatting, text), in Node. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
});

import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".wrangler/", "node_modules/", "worker-configuration.d.ts", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Components and isomorphic code run in the browser: server modules (and their types) stay out.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/.server", "~/.server/*", "**/.server", "**/.server/*"],
              message: "Server code stays on the server: UI types live in app/lib/types/.",
            },
          ],
          paths: [
            {
              name: "zod",
              importNames: ["z"],
              message: "Schemas in the browser take z from ~/lib/schemas/zod (jitless: no eval probe under the CSP).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/lib/schemas/zod.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Actions parse forms through parseSubmission: conform's own throws on a hand-made reserved field.
    files: ["app/routes/**/*.{ts,tsx}", "app/.server/**/*.ts"],
    ignores: ["app/.server/submission.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@conform-to/zod/v4", importNames: ["parseWithZod"], message: "Actions parse forms with parseSubmission (~/.server/submission)." }] },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "tests/e2e/*.mjs", "tests/bench/*.mjs", "*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", URL: "readonly", URLSearchParams: "readonly" } },
  },
);

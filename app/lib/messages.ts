/** The spec's user-facing texts that more than one module uses (document 1 §8, document 2 §8). */
//
// Each group lives in its own module under app/lib/texts/, so a page's scripts carry only the groups
// its code uses (the bundler keeps a module only when one of its exports is used). Everything this
// module re-exports joins Home's first script (vite.config.ts, decision 039): it re-exports only the
// groups Home's own code and the actions' texts need; every other group is imported from its module
// (texts/community, texts/dm, …: decision 082 moved twelve out, 1 KB of Home's script).
export * from "./texts/actions";
export * from "./texts/auth";
export * from "./texts/post";
export * from "./texts/rate";
export * from "./texts/feed";
export * from "./texts/upload";
export * from "./texts/errors";

/** The spec's user-facing texts that more than one module uses (document 1 §8, document 2 §8). */
//
// Each group lives in its own module under app/lib/texts/, so a page's scripts carry only the groups
// its code uses (the bundler keeps a module only when one of its exports is used). Import from here,
// but for the groups of pages Home never shows (texts/account, texts/verified): everything this module
// re-exports joins Home's first script (vite.config.ts, decision 039), so those are imported directly.
export * from "./texts/actions";
export * from "./texts/auth";
export * from "./texts/post";
export * from "./texts/rate";
export * from "./texts/feed";
export * from "./texts/upload";
export * from "./texts/profile";
export * from "./texts/bookmark";
export * from "./texts/hashtag";
export * from "./texts/post-lock";
export * from "./texts/public-profile";
export * from "./texts/settings";
export * from "./texts/notification";
export * from "./texts/explore";
export * from "./texts/community";
export * from "./texts/invite";
export * from "./texts/dm";
export * from "./texts/subscription";
export * from "./texts/errors";

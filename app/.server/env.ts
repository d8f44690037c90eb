import { z } from "zod";
import { isLocalHostname } from "./http";

/**
 * The Worker's configuration, read from its bindings, validated once per isolate and passed to whoever
 * needs it. Local Workers (development, test) fall back to embedded defaults for what a deploy must
 * set: a production Worker without its cookie secret refuses to start rather than sign with a
 * guessable key.
 */
const LOCAL_COOKIE_SECRET = "murmur-local-development-only";

const ConfigSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
    /** The site's own address: links that leave the site (password-reset e-mails) are built from it. */
    APP_ORIGIN: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin),
    /** Signs Murmur's own cookies (toasts, trusted devices). A secret (`wrangler secret put COOKIE_SECRET`). */
    COOKIE_SECRET: z.string().min(32).optional(),
  })
  .transform(({ ENVIRONMENT, APP_ORIGIN, COOKIE_SECRET }, ctx) => {
    const isLocal = ENVIRONMENT !== "production";
    // The embedded secret is public: only a local Worker configured for localhost may sign with it (a
    // deploy that forgot ENVIRONMENT still refuses to start without its own); requests that reach it
    // elsewhere are refused too (context.ts).
    const atLocalhost = isLocalHostname(new URL(APP_ORIGIN).hostname);
    if (!COOKIE_SECRET && !(isLocal && atLocalhost)) {
      ctx.addIssue({ code: "custom", message: "COOKIE_SECRET must be set outside local development (wrangler secret put COOKIE_SECRET)", path: ["COOKIE_SECRET"] });
      return z.NEVER;
    }
    return { ENVIRONMENT, origin: APP_ORIGIN, cookieSecret: COOKIE_SECRET ?? LOCAL_COOKIE_SECRET, isLocal, usesLocalSecret: !COOKIE_SECRET };
  });

export type AppConfig = z.infer<typeof ConfigSchema>;

/** Bindings are the same object for every request of an isolate: validate them once. */
const configs = new WeakMap<Env, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = configs.get(env);
  if (!config) {
    const { ENVIRONMENT, APP_ORIGIN } = env;
    const secret = (env as { COOKIE_SECRET?: string }).COOKIE_SECRET;
    config = ConfigSchema.parse({ ENVIRONMENT, APP_ORIGIN, COOKIE_SECRET: secret });
    configs.set(env, config);
  }
  return config;
}

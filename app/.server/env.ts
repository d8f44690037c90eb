import { z } from "zod";

/**
 * The Worker's configuration, read once per request from its bindings and validated here,
 * then passed to whoever needs it. Secrets are optional: without them Murmur uses its embedded
 * local defaults (the mail outbox, the test-mode payment provider).
 */
const ConfigSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
});

export type AppConfig = z.infer<typeof ConfigSchema> & { isLocal: boolean };

/** Bindings are the same object for every request of an isolate: validate them once. */
const configs = new WeakMap<Env, AppConfig>();

export function readConfig(env: Env): AppConfig {
  let config = configs.get(env);
  if (!config) {
    const parsed = ConfigSchema.parse({ ENVIRONMENT: env.ENVIRONMENT });
    config = { ...parsed, isLocal: parsed.ENVIRONMENT !== "production" };
    configs.set(env, config);
  }
  return config;
}

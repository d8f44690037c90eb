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

export function readConfig(env: Env): AppConfig {
  const parsed = ConfigSchema.parse({ ENVIRONMENT: env.ENVIRONMENT });
  return { ...parsed, isLocal: parsed.ENVIRONMENT !== "production" };
}

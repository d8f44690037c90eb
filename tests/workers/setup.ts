import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Idempotent: migrations already applied are recorded in d1_migrations and skipped.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

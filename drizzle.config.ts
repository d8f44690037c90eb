import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new migration into migrations/ from the schema;
// wrangler applies them (`wrangler d1 migrations apply DB`).
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/.server/db/schema.ts",
  out: "./migrations",
});

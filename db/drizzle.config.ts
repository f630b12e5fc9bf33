import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./db/schema.ts", "./db/schema-freshness.ts", "./db/schema-operations.ts", "./db/schema-reviews.ts", "./db/schema-privacy.ts", "./db/schema-webhooks.ts", "./db/schema-analytics.ts"],
  out: "./db/migrations",
});

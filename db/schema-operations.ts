import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The maintenance jobs' last runs (lib/maintenance/maintenance-jobs.ts): written in the job's own
// transaction, under its lock, so every instance agrees on when a job is next due, and an operator can
// see when each ran and what it did (`npm run cli -- maintenance:run`).
export const maintenanceJobRuns = pgTable("maintenance_job_runs", {
  job: text("job").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }).notNull(),
  result: jsonb("result").$type<Record<string, number>>().notNull(),
});

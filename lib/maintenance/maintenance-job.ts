import type { Db } from "@/db/client";
import type { Env } from "@/lib/config/env";

/** What one run of a job did, as counts ("emails": 3); printed by the CLI and logged by the timer. */
export type JobResult = Record<string, number>;

/**
 * One periodic job of the maintenance timer (extensions §10): it runs in its own transaction under its
 * own advisory lock, so two instances never run it at once, and its last run is recorded in
 * maintenance_job_runs in that transaction, so every instance agrees on when it is next due.
 */
export interface MaintenanceJob {
  /** The name an operator types: `npm run cli -- maintenance:run --only <name>`. */
  name: string;
  summary: string;
  /** The pg_try_advisory_xact_lock key: any fixed number, one per job. */
  lockId: number;
  /** How long after a run's start the job is due again. */
  periodMs: (env: Env) => number;
  /** Due before its period ends when a boundary passed since the last run (the ranking's Monday). */
  dueEarly?: (lastStartedAt: Date, now: Date) => boolean;
  /** One run, in the transaction it is given; idempotent (a run twice over does nothing more). */
  run: (tx: Db, context: { now: Date; env: Env }) => Promise<JobResult>;
}

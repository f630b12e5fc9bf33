import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { runMaintenance } from "./run-maintenance";

// The retention purge on a timer, in every instance; runMaintenance's advisory lock lets one run at a
// time. The first run waits a minute after start-up, so a rolling deploy does not purge on every start.
const FIRST_RUN_DELAY_MS = 60_000;
const JOB_NAME = "maintenance";

/** Starts the schedule (MAINTENANCE_INTERVAL_MS; 0 turns it off). Calling it again does nothing. */
export function startMaintenanceSchedule(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  const e = env();
  if (e.MAINTENANCE_INTERVAL_MS === 0) {
    log.info("maintenance.schedule_off", { reason: "MAINTENANCE_INTERVAL_MS is 0" });
    return;
  }
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs: e.MAINTENANCE_INTERVAL_MS,
    firstRunDelayMs: Math.min(FIRST_RUN_DELAY_MS, e.MAINTENANCE_INTERVAL_MS),
    failedEvent: "maintenance.failed",
    async run() {
      const result = await runMaintenance(await databaseReady(), { sentEmailRetentionDays: e.SENT_EMAIL_RETENTION_DAYS });
      if (result.ran) log.info("maintenance.purged", { ...result.purged });
      else log.info("maintenance.skipped", { reason: result.reason });
    },
  });
  log.info("maintenance.schedule_started", { intervalMs: e.MAINTENANCE_INTERVAL_MS });
}

/** Shutdown: no new run; a run going finishes (it is one transaction). */
export async function stopMaintenanceSchedule(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}

import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { MAINTENANCE_JOBS } from "./maintenance-jobs";
import { runMaintenanceJob } from "./run-maintenance-job";

// The export job's own loop: someone who asked for an export waits for it on the studio page, so a
// request kicks the job at once instead of leaving it to the next maintenance pass (which also runs
// it, and is the only runner when this loop is not started, e.g. `npm run cli -- maintenance:run`).
// The job is the same maintenance job, under its advisory lock, so the two never build at once.
const JOB_NAME = "export-builder";
const POLL_MS = 60_000;
const KICK_DELAY_MS = 100;

export function startExportBuilder(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  const job = MAINTENANCE_JOBS.find((j) => j.name === "provider-exports");
  if (!job) return;
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs: POLL_MS,
    firstRunDelayMs: POLL_MS,
    failedEvent: "exports.build_failed",
    async run() {
      const outcome = await runMaintenanceJob(await databaseReady(), { job, now: new Date(), env: env(), force: true });
      if (outcome.ran && (outcome.result.built ?? 0) > 0) {
        log.info("exports.built", { ...outcome.result });
        kickEmailDispatcher();
      }
    },
  });
}

/** After a request committed: build it now. A no-op where the loop is not running (tests, the CLI). */
export function kickExportBuilder(): void {
  try {
    runningBackgroundJob(JOB_NAME)?.kick(KICK_DELAY_MS);
  } catch (error) {
    log.error("exports.kick_failed", { error });
  }
}

export async function stopExportBuilder(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}

import { databaseReady } from "@/db";
import { log } from "@/lib/config/log";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { processAnalyticsCounters } from "./counters";
import { ANALYTICS_FLUSH_INTERVAL_MS, flushAnalyticsCounters } from "./flush-counters";

const JOB_NAME = "analytics-flush";

/** Writes this instance's beacon counts every 10 s (instrumentation-node.ts starts it). */
export function startAnalyticsFlush(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
    failedEvent: "analytics.flush_failed",
    failedLevel: "warn",
    async run() {
      if (processAnalyticsCounters().size === 0) return;
      await flushAnalyticsCounters(await databaseReady());
    },
  });
}

/** On shutdown: no more timed flushes, then one last flush so a clean stop loses no count. */
export async function stopAnalyticsFlush(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
  if (processAnalyticsCounters().size === 0) return;
  try {
    await flushAnalyticsCounters(await databaseReady());
  } catch (error) {
    log.warn("analytics.flush_failed", { job: JOB_NAME, error });
  }
}

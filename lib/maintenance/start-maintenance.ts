import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { outsideRequest } from "@/lib/config/request-context";
import { runMaintenance } from "./run-maintenance";

// The retention purge on a timer, in every instance; runMaintenance's advisory lock lets one run at a
// time. The first run waits a minute after start-up, so a rolling deploy does not purge on every start.
const FIRST_RUN_DELAY_MS = 60_000;

interface MaintenanceState {
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
  stopped: boolean;
}

const holder = globalThis as unknown as { __providerRegistryMaintenance?: MaintenanceState };

/** Starts the schedule (MAINTENANCE_INTERVAL_MS; 0 turns it off). Calling it again does nothing. */
export function startMaintenanceSchedule(): void {
  if (holder.__providerRegistryMaintenance) return;
  const e = env();
  if (e.MAINTENANCE_INTERVAL_MS === 0) {
    log.info("maintenance.schedule_off", { reason: "MAINTENANCE_INTERVAL_MS is 0" });
    return;
  }
  const state: MaintenanceState = { timer: null, running: null, stopped: false };
  holder.__providerRegistryMaintenance = state;
  const schedule = (delayMs: number) => {
    state.timer = outsideRequest(() => setTimeout(() => {
      state.timer = null;
      state.running = runOnce(e.SENT_EMAIL_RETENTION_DAYS).finally(() => {
        state.running = null;
        if (!state.stopped) schedule(e.MAINTENANCE_INTERVAL_MS);
      });
    }, delayMs));
    // Never keeps the process alive on its own.
    state.timer.unref();
  };
  schedule(Math.min(FIRST_RUN_DELAY_MS, e.MAINTENANCE_INTERVAL_MS));
  log.info("maintenance.schedule_started", { intervalMs: e.MAINTENANCE_INTERVAL_MS });
}

async function runOnce(sentEmailRetentionDays: number): Promise<void> {
  try {
    const result = await runMaintenance(await databaseReady(), { sentEmailRetentionDays });
    if (result.ran) log.info("maintenance.purged", { ...result.purged });
    else log.info("maintenance.skipped", { reason: result.reason });
  } catch (error) {
    log.error("maintenance.failed", { error });
  }
}

/** Shutdown: no new run; a run going finishes (it is one transaction). */
export async function stopMaintenanceSchedule(): Promise<void> {
  const state = holder.__providerRegistryMaintenance;
  if (!state) return;
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  await state.running;
  holder.__providerRegistryMaintenance = undefined;
}

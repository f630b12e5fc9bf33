import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { dispatchDueEmails } from "./dispatcher";
import { createEmailTransport } from "./transports";
import type { EmailTransport } from "./transports/types";

const BATCH_SIZE = 20;
// A full batch means more is waiting: drain a backlog in a few quick rounds before sleeping again.
const MAX_ROUNDS_PER_RUN = 10;
const MIN_INTERVAL_MS = 100;
// A kick waits this long before the run, so a burst of submissions is claimed in full batches (one
// claim for up to BATCH_SIZE emails) instead of one claim per email. Later kicks never push the
// run further back.
const KICK_DELAY_MS = 50;

const JOB_NAME = "email-dispatcher";

/**
 * Starts the background loop that delivers queued emails, when START_EMAIL_DISPATCHER is on and a
 * transport is configured. Calling it again does nothing.
 */
export function startEmailDispatcher(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  const e = env();
  if (!e.START_EMAIL_DISPATCHER) {
    log.info("email.dispatcher_off", { reason: "START_EMAIL_DISPATCHER is false" });
    return;
  }
  if (e.emailTransport === "disabled") {
    log.error("email.dispatcher_off", { reason: "no email transport configured; emails stay queued" });
    return;
  }
  if (e.emailTransport === "resend" && !e.RESEND_API_KEY) {
    log.error("email.dispatcher_off", { reason: "EMAIL_TRANSPORT is resend but RESEND_API_KEY is not set" });
    return;
  }
  const intervalMs = Math.max(MIN_INTERVAL_MS, e.EMAIL_DISPATCH_INTERVAL_MS);
  // Built on the first run, once the database is ready.
  let transport: EmailTransport | null | undefined;
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs,
    firstRunDelayMs: 0,
    failedEvent: "email.dispatch_failed",
    async run({ stopped }) {
      const db = await databaseReady();
      if (transport === undefined) transport = createEmailTransport(db);
      if (!transport) return;
      for (let round = 0; round < MAX_ROUNDS_PER_RUN && !stopped(); round++) {
        const result = await dispatchDueEmails(db, { transport, batchSize: BATCH_SIZE });
        if (result.claimed > 0) log.debug("email.dispatch", { ...result });
        if (result.claimed < BATCH_SIZE) break;
      }
    },
  });
  log.info("email.dispatcher_started", { transport: e.emailTransport, intervalMs });
}

/**
 * Asks for a dispatch now, e.g. right after a transaction that queued an email. Single-flight: a
 * kick during a run makes one more run follow it. Never throws; a no-op when the loop is not running.
 */
export function kickEmailDispatcher(): void {
  try {
    runningBackgroundJob(JOB_NAME)?.kick(KICK_DELAY_MS);
  } catch (error) {
    log.error("email.dispatcher_kick_failed", { error });
  }
}

/** Stops the loop and waits for a run in progress to finish (graceful shutdown, tests). */
export async function stopEmailDispatcher(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}

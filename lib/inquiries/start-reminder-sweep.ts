import { databaseReady } from "@/db";
import { log } from "@/lib/config/log";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { sendInquiryReminders } from "./send-inquiry-reminders";

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const JOB_NAME = "inquiry-reminders";

/**
 * Runs the inquiry reminder sweep every 10 minutes in this process (started beside the email
 * dispatcher), one sweep at a time. Safe on several instances: a sweep locks what it reminds (SKIP LOCKED).
 */
export function startInquiryReminderSweep(): void {
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs: SWEEP_INTERVAL_MS,
    failedEvent: "inquiries.reminder_sweep_failed",
    failedLevel: "warn",
    async run() {
      const result = await sendInquiryReminders(await databaseReady());
      if (result.emails > 0) {
        log.info("inquiries.reminders_sent", result);
        kickEmailDispatcher();
      }
    },
  });
}

/** Shutdown: no new sweep; a sweep going finishes. */
export async function stopInquiryReminderSweep(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}

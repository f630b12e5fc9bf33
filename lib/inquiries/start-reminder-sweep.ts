import { databaseReady } from "@/db";
import { log } from "@/lib/config/log";
import { sendInquiryReminders } from "./send-inquiry-reminders";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const holder = globalThis as unknown as { __providerRegistryReminderSweep?: NodeJS.Timeout };

/**
 * Runs the inquiry reminder sweep every 10 minutes in this process (started beside the email
 * dispatcher). Safe on several instances: a sweep locks what it reminds (SKIP LOCKED).
 */
export function startInquiryReminderSweep(): void {
  if (holder.__providerRegistryReminderSweep) return;
  const run = async () => {
    try {
      const result = await sendInquiryReminders(await databaseReady());
      if (result.emails > 0) {
        log.info("inquiries.reminders_sent", result);
        kickEmailDispatcher();
      }
    } catch (error) {
      log.warn("inquiries.reminder_sweep_failed", { error });
    }
  };
  holder.__providerRegistryReminderSweep = setInterval(run, SWEEP_INTERVAL_MS);
  holder.__providerRegistryReminderSweep.unref();
}

export function stopInquiryReminderSweep(): void {
  if (holder.__providerRegistryReminderSweep) clearInterval(holder.__providerRegistryReminderSweep);
  holder.__providerRegistryReminderSweep = undefined;
}

import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { runningBackgroundJob, startBackgroundJob } from "@/lib/runtime/background-job";
import { MAX_CONCURRENT_DELIVERIES } from "./claim-deliveries";
import { dispatchDueWebhooks } from "./dispatch-webhooks";
import { webhookConfig } from "./webhook-config";

// One claim every second: a message written by a request is on its way within about a second, and
// an idle instance costs one indexed query a second.
const INTERVAL_MS = 1_000;
// A full claim means more is waiting: drain a backlog in a few rounds before sleeping again.
const MAX_ROUNDS_PER_RUN = 10;
const JOB_NAME = "webhook-dispatcher";

/**
 * Starts the loop that delivers webhook messages, when WEBHOOK_ENCRYPTION_KEY is set (without it no
 * secret opens, so webhooks are off and the log says so). Calling it again does nothing.
 */
export function startWebhookDispatcher(): void {
  if (runningBackgroundJob(JOB_NAME)) return;
  const e = env();
  const config = webhookConfig(e);
  if (!config) {
    log.info("webhook.dispatcher_off", { reason: "WEBHOOK_ENCRYPTION_KEY is not set: webhooks are off (the endpoints API answers 503)" });
    return;
  }
  if (config.policy.allowLoopback) {
    log.warn("startup.WEBHOOK_LOOPBACK_ALLOWED", {
      message:
        "WARNING: WEBHOOK_ALLOW_LOOPBACK is on: webhook deliveries may reach 127.0.0.1 and ::1 on this machine, over plain http. " +
        "Use it only for local tests; never in production.",
    });
  }
  startBackgroundJob({
    name: JOB_NAME,
    intervalMs: INTERVAL_MS,
    firstRunDelayMs: 0,
    failedEvent: "webhook.dispatch_failed",
    async run({ stopped }) {
      const db = await databaseReady();
      for (let round = 0; round < MAX_ROUNDS_PER_RUN && !stopped(); round++) {
        const result = await dispatchDueWebhooks(db, { config });
        if (result.claimed > 0) log.debug("webhook.dispatch", { ...result });
        if (result.claimed < MAX_CONCURRENT_DELIVERIES) break;
      }
    },
  });
  log.info("webhook.dispatcher_started", { intervalMs: INTERVAL_MS, proxy: config.proxyUrl ? "on" : "off" });
}

/** Stops the loop and waits for a run in progress (graceful shutdown, tests). */
export async function stopWebhookDispatcher(): Promise<void> {
  await runningBackgroundJob(JOB_NAME)?.stop();
}

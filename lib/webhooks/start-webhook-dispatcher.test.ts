import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/config/env";
import { runningBackgroundJobNames } from "@/lib/runtime/background-job";
import { captureLog } from "@/test/support/log-capture";
import { startWebhookDispatcher, stopWebhookDispatcher } from "./start-webhook-dispatcher";

describe("startWebhookDispatcher", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    await stopWebhookDispatcher();
    process.env = { ...saved };
    resetEnv();
  });

  it("without WEBHOOK_ENCRYPTION_KEY starts nothing and says webhooks are off", async () => {
    delete process.env.WEBHOOK_ENCRYPTION_KEY;
    resetEnv();
    const { entries } = await captureLog(async () => startWebhookDispatcher(), "info");
    expect(runningBackgroundJobNames()).not.toContain("webhook-dispatcher");
    expect(entries.find((e) => e.event === "webhook.dispatcher_off")).toMatchObject({ reason: expect.stringContaining("webhooks are off") });
  });

  it("with the key starts the loop; with WEBHOOK_ALLOW_LOOPBACK it warns, naming no key", async () => {
    const key = randomBytes(32).toString("base64");
    process.env.WEBHOOK_ENCRYPTION_KEY = key;
    process.env.WEBHOOK_ALLOW_LOOPBACK = "true";
    resetEnv();
    const { entries } = await captureLog(async () => startWebhookDispatcher(), "info");
    expect(runningBackgroundJobNames()).toContain("webhook-dispatcher");
    expect(entries.find((e) => e.event === "startup.WEBHOOK_LOOPBACK_ALLOWED")).toMatchObject({ level: "warn" });
    expect(JSON.stringify(entries)).not.toContain(key);
  });
});

// Shared by the webhook route tests: a sealing key in the environment for the file, and a fake DNS in
// which one name resolves to loopback (the create-time check's 422) and every other to a public address.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { resetEnv } from "@/lib/config/env";

export const PRIVATE_NAME = "internal.wh-api.test";

/** For vi.mock("node:dns/promises", …): no test ever asks the real DNS. */
export async function fakeDnsModule(importOriginal: () => Promise<typeof import("node:dns/promises")>) {
  const actual = await importOriginal();
  const lookup = async (hostname: string) =>
    hostname === PRIVATE_NAME ? [{ address: "127.0.0.1", family: 4 }] : [{ address: "93.184.215.14", family: 4 }];
  return { ...actual, default: { ...actual, lookup }, lookup };
}

/** Sets WEBHOOK_ENCRYPTION_KEY for the file (restored afterwards), as a server with webhooks on. */
export function enableWebhooksForFile(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.WEBHOOK_ENCRYPTION_KEY;
    process.env.WEBHOOK_ENCRYPTION_KEY = randomBytes(32).toString("base64");
    resetEnv();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.WEBHOOK_ENCRYPTION_KEY;
    else process.env.WEBHOOK_ENCRYPTION_KEY = saved;
    resetEnv();
  });
}

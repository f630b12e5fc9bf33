import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { rateLimitHits } from "@/db/schema";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { rateLimitKey } from "@/lib/rate-limit/consume-rate-limit";
import {
  createWebhookAction,
  deleteWebhookAction,
  recoverWebhookDeliveriesAction,
  replayWebhookDeliveryAction,
  rotateWebhookSecretAction,
  sendTestWebhookAction,
  updateWebhookAction,
} from "@/lib/actions/studio/webhooks";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { call, studioWrite, type ActionCase } from "./action-outcomes";
import type { World } from "./authorization-world";

// The studio webhooks page's actions (see action-registry.ts). A's endpoints are written directly, so
// every cell has its own and the limit of five never answers first.

const FILE = "lib/actions/studio/webhooks.ts";
/** An IP literal: public, and no DNS is asked. */
const URL = "https://93.184.215.14/matrix-action";

async function freshEndpoint(db: Db, w: World): Promise<string> {
  const id = randomUUID();
  await db.insert(webhookEndpoints).values({ id, providerId: w.a.id, url: URL, eventTypes: ["inquiry.created"], secretSealed: "matrix-sealed" });
  return id;
}

const onA = studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" });

export const WEBHOOK_CASES: ActionCase[] = [
  {
    name: "webhooks.create",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      await db.delete(webhookEndpoints).where(inArray(webhookEndpoints.providerId, [w.a.id, w.b.id]));
      return () => call(createWebhookAction, { url: URL, eventTypes: ["inquiry.created"] });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "webhooks.update (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      return () => call(updateWebhookAction, { endpointId, enabled: false });
    },
    expected: onA,
  },
  {
    name: "webhooks.delete (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      return () => call(deleteWebhookAction, { endpointId });
    },
    expected: onA,
  },
  {
    name: "webhooks.rotate-secret (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      return () => call(rotateWebhookSecretAction, { endpointId, overlapHours: 0 });
    },
    expected: onA,
  },
  {
    name: "webhooks.test (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      return () => call(sendTestWebhookAction, { endpointId });
    },
    expected: onA,
  },
  {
    name: "webhooks.replay (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      const messageId = await writeWebhookMessage(db, { providerId: w.a.id, event: { type: "webhook.test", data: { webhookId: endpointId } }, endpointIds: [endpointId] });
      return () => call(replayWebhookDeliveryAction, { endpointId, messageId });
    },
    expected: onA,
  },
  {
    name: "webhooks.recover (A's)",
    file: FILE,
    auth: "studio-write",
    prepare: async (db, w) => {
      const endpointId = await freshEndpoint(db, w);
      // Recover allows 3 an hour per provider, and the API route's cell has spent A's already.
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("webhook:recover", w.a.id)));
      return () => call(recoverWebhookDeliveriesAction, { endpointId, since: new Date(Date.now() - 3_600_000).toISOString() });
    },
    expected: onA,
  },
];

"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { env } from "@/lib/config/env";
import { createWebhookEndpoint } from "@/lib/webhook-endpoints/create-webhook-endpoint";
import { deleteWebhookEndpoint } from "@/lib/webhook-endpoints/delete-webhook-endpoint";
import { recoverWebhookDeliveries } from "@/lib/webhook-endpoints/recover-webhook-deliveries";
import { replayWebhookDelivery } from "@/lib/webhook-endpoints/replay-webhook-delivery";
import { rotateWebhookSecret } from "@/lib/webhook-endpoints/rotate-webhook-secret";
import {
  webhookCreateSchema,
  webhookEndpointRefSchema,
  webhookRecoverActionSchema,
  webhookReplayActionSchema,
  webhookRotateActionSchema,
  webhookUpdateActionSchema,
} from "@/lib/webhook-endpoints/schemas";
import { sendTestWebhook } from "@/lib/webhook-endpoints/send-test-webhook";
import { updateWebhookEndpoint } from "@/lib/webhook-endpoints/update-webhook-endpoint";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

// The studio's webhook buttons: the same schemas and domain functions as the API's webhook routes.
// Each refuses alike (503) when the server has no WEBHOOK_ENCRYPTION_KEY.

function revalidateWebhooks(endpointId?: string): void {
  revalidatePath("/studio/webhooks");
  if (endpointId) revalidatePath(`/studio/webhooks/${endpointId}`);
  revalidatePath("/studio/activity");
}

/** Adds an endpoint; the answer holds its secret, shown once by the form and never again. */
export const createWebhookAction = defineAction(
  { name: "webhooks.create", input: webhookCreateSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const config = requireWebhookConfig(env());
    const created = await createWebhookEndpoint(db, { providerId: studio.provider.id, input, caller, config });
    revalidateWebhooks();
    return created;
  },
);

/** Changes an endpoint: its URL, description, events, or enabled. */
export const updateWebhookAction = defineAction(
  { name: "webhooks.update", input: webhookUpdateActionSchema, auth: "studio-write" },
  async ({ db, input: { endpointId, ...input }, studio, caller }) => {
    const config = requireWebhookConfig(env());
    const updated = await updateWebhookEndpoint(db, { providerId: studio.provider.id, endpointId, input, caller, config });
    revalidateWebhooks(endpointId);
    return updated;
  },
);

export const deleteWebhookAction = defineAction(
  { name: "webhooks.delete", input: webhookEndpointRefSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    requireWebhookConfig(env());
    await deleteWebhookEndpoint(db, { providerId: studio.provider.id, endpointId: input.endpointId, caller });
    revalidateWebhooks();
    return { deleted: true };
  },
);

/** A new secret, in this answer only; the old one signs too for the overlap. */
export const rotateWebhookSecretAction = defineAction(
  { name: "webhooks.rotate-secret", input: webhookRotateActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const config = requireWebhookConfig(env());
    const rotated = await rotateWebhookSecret(db, {
      providerId: studio.provider.id,
      endpointId: input.endpointId,
      overlapHours: input.overlapHours,
      caller,
      config,
    });
    revalidateWebhooks(input.endpointId);
    return rotated;
  },
);

export const sendTestWebhookAction = defineAction(
  { name: "webhooks.test", input: webhookEndpointRefSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    requireWebhookConfig(env());
    const sent = await sendTestWebhook(db, { providerId: studio.provider.id, endpointId: input.endpointId, caller });
    revalidateWebhooks(input.endpointId);
    return sent;
  },
);

export const replayWebhookDeliveryAction = defineAction(
  { name: "webhooks.replay", input: webhookReplayActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    requireWebhookConfig(env());
    const replayed = await replayWebhookDelivery(db, { providerId: studio.provider.id, ...input, caller });
    revalidateWebhooks(input.endpointId);
    revalidatePath(`/studio/webhooks/${input.endpointId}/deliveries/${input.messageId}`);
    return replayed;
  },
);

/** After an outage on the receiver's side: every FAILED delivery since `since` is sent again. */
export const recoverWebhookDeliveriesAction = defineAction(
  { name: "webhooks.recover", input: webhookRecoverActionSchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    requireWebhookConfig(env());
    const recovered = await recoverWebhookDeliveries(db, {
      providerId: studio.provider.id,
      endpointId: input.endpointId,
      since: new Date(input.since),
      caller,
    });
    revalidateWebhooks(input.endpointId);
    return recovered;
  },
);

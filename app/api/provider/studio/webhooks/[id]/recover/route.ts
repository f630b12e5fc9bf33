import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { recoverWebhookDeliveries } from "@/lib/webhook-endpoints/recover-webhook-deliveries";
import { webhookRecoverSchema } from "@/lib/webhook-endpoints/schemas";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const POST = apiRoute({ auth: "apiKey", body: webhookRecoverSchema }, async ({ db, principal, caller, params, body }) => {
  requireWebhookConfig(env());
  const since = new Date(body.since);
  return json(await recoverWebhookDeliveries(db, { providerId: principal.providerId, endpointId: params.id ?? "", since, caller }), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);

import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listWebhookDeliveries } from "@/lib/webhook-endpoints/list-webhook-deliveries";
import { webhookDeliveriesQuerySchema } from "@/lib/webhook-endpoints/schemas";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const GET = apiRoute({ auth: "apiKey", query: webhookDeliveriesQuerySchema }, async ({ db, principal, params, query }) => {
  requireWebhookConfig(env());
  return json(await listWebhookDeliveries(db, { providerId: principal.providerId, endpointId: params.id ?? "", ...query }));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);

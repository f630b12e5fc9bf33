import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { getWebhookDelivery } from "@/lib/webhook-endpoints/get-webhook-delivery";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal, params }) => {
  requireWebhookConfig(env());
  return json(await getWebhookDelivery(db, { providerId: principal.providerId, endpointId: params.id ?? "", messageId: params.messageId ?? "" }));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);

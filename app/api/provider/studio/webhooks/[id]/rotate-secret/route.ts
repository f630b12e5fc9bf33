import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { rotateWebhookSecret } from "@/lib/webhook-endpoints/rotate-webhook-secret";
import { webhookRotateSchema } from "@/lib/webhook-endpoints/schemas";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const POST = apiRoute({ auth: "apiKey", body: webhookRotateSchema }, async ({ db, principal, caller, params, body }) => {
  const config = requireWebhookConfig(env());
  return json(
    await rotateWebhookSecret(db, { providerId: principal.providerId, endpointId: params.id ?? "", overlapHours: body.overlapHours, caller, config }),
  );
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);

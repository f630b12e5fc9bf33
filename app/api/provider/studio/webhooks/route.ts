import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { createWebhookEndpoint } from "@/lib/webhook-endpoints/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/lib/webhook-endpoints/list-webhook-endpoints";
import { webhookCreateSchema } from "@/lib/webhook-endpoints/schemas";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal }) => {
  requireWebhookConfig(env());
  return json(await listWebhookEndpoints(db, { providerId: principal.providerId }));
});

export const POST = apiRoute({ auth: "apiKey", body: webhookCreateSchema }, async ({ db, principal, caller, body }) => {
  const config = requireWebhookConfig(env());
  return json(await createWebhookEndpoint(db, { providerId: principal.providerId, input: body, caller, config }), { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);

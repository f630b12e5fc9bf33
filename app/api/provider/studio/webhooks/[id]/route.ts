import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed, noContent } from "@/lib/route-wrappers/api-route";
import { deleteWebhookEndpoint } from "@/lib/webhook-endpoints/delete-webhook-endpoint";
import { getWebhookEndpoint } from "@/lib/webhook-endpoints/get-webhook-endpoint";
import { webhookUpdateSchema } from "@/lib/webhook-endpoints/schemas";
import { updateWebhookEndpoint } from "@/lib/webhook-endpoints/update-webhook-endpoint";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const GET = apiRoute({ auth: "apiKey" }, async ({ db, principal, params }) => {
  requireWebhookConfig(env());
  return json(await getWebhookEndpoint(db, { providerId: principal.providerId, endpointId: params.id ?? "" }));
});

export const PATCH = apiRoute({ auth: "apiKey", body: webhookUpdateSchema }, async ({ db, principal, caller, params, body }) => {
  const config = requireWebhookConfig(env());
  return json(await updateWebhookEndpoint(db, { providerId: principal.providerId, endpointId: params.id ?? "", input: body, caller, config }));
});

export const DELETE = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller, params }) => {
  requireWebhookConfig(env());
  await deleteWebhookEndpoint(db, { providerId: principal.providerId, endpointId: params.id ?? "", caller });
  return noContent();
});

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);

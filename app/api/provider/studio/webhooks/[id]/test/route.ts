import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { sendTestWebhook } from "@/lib/webhook-endpoints/send-test-webhook";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller, params }) => {
  requireWebhookConfig(env());
  return json(await sendTestWebhook(db, { providerId: principal.providerId, endpointId: params.id ?? "", caller }), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);

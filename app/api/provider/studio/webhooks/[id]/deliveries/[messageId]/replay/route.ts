import { env } from "@/lib/config/env";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { replayWebhookDelivery } from "@/lib/webhook-endpoints/replay-webhook-delivery";
import { requireWebhookConfig } from "@/lib/webhook-endpoints/webhooks-available";

export const POST = apiRoute({ auth: "apiKey" }, async ({ db, principal, caller, params }) => {
  requireWebhookConfig(env());
  const accepted = await replayWebhookDelivery(db, {
    providerId: principal.providerId,
    endpointId: params.id ?? "",
    messageId: params.messageId ?? "",
    caller,
  });
  return json(accepted, { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);

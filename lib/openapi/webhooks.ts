// The webhook endpoints' share of the OpenAPI document (extensions §8; lib/openapi/document.ts
// assembles the whole), described with the schemas the handlers validate with. The events themselves,
// their signatures and retries are the guide's webhooks section (lib/openapi/webhooks-guide.ts).
import { z } from "zod";
import { MAX_WEBHOOK_ENDPOINTS, RECOVERIES_PER_PROVIDER_PER_HOUR, REPLAYS_PER_PROVIDER_PER_HOUR, TEST_SENDS_PER_ENDPOINT_PER_HOUR } from "@/lib/webhook-endpoints/rules";
import {
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookMessageAcceptedSchema,
  webhookRecoveredSchema,
  webhookRecoverSchema,
  webhookRotatedSchema,
  webhookRotateSchema,
  webhookUpdateSchema,
} from "@/lib/webhook-endpoints/schemas";
import { JSON_BODY_ERRORS, jsonBody, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";

const idParams = z.object({ id: z.string().meta({ description: "Webhook endpoint id", format: "uuid" }) });
const deliveryParams = idParams.extend({
  messageId: z.string().meta({ description: "The message id (`webhook-id` header)", example: "msg_01JD5X8Q3ZB6N2W7K9RT4C1VYE" }),
});

const OFF = "Without `WEBHOOK_ENCRYPTION_KEY` on the server every webhook endpoint answers 503 `SERVICE_UNAVAILABLE`.";
const WRITE = "OWNER and ADMIN keys only (a MEMBER key is 403 `FORBIDDEN`).";
const OTHERS = "Another provider's endpoint, or an unknown id, is 404.";
const read = (summary: string, operationId: string, description: string) => ({ operationId, summary, description, tag: "studio" as const, apiKey: true });

export function webhookPaths() {
  return {
    "/provider/studio/webhooks": {
      get: operation({
        ...read("List webhook endpoints", "listWebhooks", `The key's provider's endpoints, oldest first. Every role may read; the secret is never shown. ${OFF}`),
        responses: { "200": ok("The endpoints", webhookEndpointListSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [],
      }),
      post: operation({
        ...read("Add a webhook endpoint", "createWebhook", [
          `Adds an endpoint that receives the chosen events, signed per Standard Webhooks 1.0. ${WRITE} ${OFF}`,
          "",
          "- `secret` (`whsec_` + base64 of 32 bytes) is in this answer only: store it to verify signatures.",
          "- The URL is `https://` with no user name, password or fragment, at most 2048 characters, on a public host; 400 `VALIDATION_FAILED` otherwise.",
          "- 422 `WEBHOOK_URL_NOT_PUBLIC` when the host resolves, now, to a private, loopback or otherwise non-public address (or does not resolve). Every delivery checks again.",
          `- At most ${MAX_WEBHOOK_ENDPOINTS} endpoints per provider: 409 \`WEBHOOK_LIMIT_REACHED\`.`,
        ].join("\n")),
        requestBody: jsonBody(webhookCreateSchema, { url: "https://example.com/webhooks", description: "CRM sync", eventTypes: ["inquiry.created", "inquiry.updated"] }),
        responses: { "201": ok("The endpoint, with its secret", webhookCreatedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "WEBHOOK_URL_NOT_PUBLIC", "WEBHOOK_LIMIT_REACHED"],
      }),
    },
    "/provider/studio/webhooks/{id}": {
      get: operation({
        ...read("Read a webhook endpoint", "getWebhook", `One endpoint; never its secret. ${OTHERS}`),
        requestParams: { path: idParams },
        responses: { "200": ok("The endpoint", webhookEndpointSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["NOT_FOUND"],
      }),
      patch: operation({
        ...read("Change a webhook endpoint", "updateWebhook", [
          `Changes any field. ${WRITE} ${OTHERS}`,
          "",
          "- A new `url` is checked as on creation (400, 422).",
          "- `enabled: true` on a disabled endpoint clears `disabledReason` and the failure state; `enabled: false` cancels its pending deliveries.",
          "- `description: null` (or an empty string) removes the description.",
        ].join("\n")),
        requestParams: { path: idParams },
        requestBody: jsonBody(webhookUpdateSchema, { enabled: true }),
        responses: { "200": ok("The endpoint", webhookEndpointSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND", "WEBHOOK_URL_NOT_PUBLIC"],
      }),
      delete: operation({
        ...read("Delete a webhook endpoint", "deleteWebhook", `Deletes the endpoint with its delivery history; pending deliveries are never sent. ${WRITE} ${OTHERS}`),
        requestParams: { path: idParams },
        responses: { "204": ok("Deleted; no body", undefined, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND"],
      }),
    },
    "/provider/studio/webhooks/{id}/rotate-secret": {
      post: operation({
        ...read("Rotate a webhook secret", "rotateWebhookSecret", [
          `A new secret, in this answer only. ${WRITE} ${OTHERS}`,
          "",
          "- For `overlapHours` (0–168, default 24) every message carries two signatures, new and old, so a receiver holding either accepts it while it switches.",
        ].join("\n")),
        requestParams: { path: idParams },
        requestBody: jsonBody(webhookRotateSchema, { overlapHours: 24 }),
        responses: { "200": ok("The new secret", webhookRotatedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND"],
      }),
    },
    "/provider/studio/webhooks/{id}/test": {
      post: operation({
        ...read("Send a test event", "testWebhook", `Queues a \`webhook.test\` event to this endpoint only, whatever it subscribes to. ${WRITE} ${OTHERS} ${TEST_SENDS_PER_ENDPOINT_PER_HOUR} per endpoint per hour (429); a disabled endpoint is 409 \`WEBHOOK_DISABLED\`.`),
        requestParams: { path: idParams },
        responses: { "202": ok("Queued", webhookMessageAcceptedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND", "WEBHOOK_DISABLED", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/webhooks/{id}/deliveries": {
      get: operation({
        ...read("List deliveries", "listWebhookDeliveries", `The endpoint's deliveries of the last 30 days, newest first. Every role may read. Pass \`nextCursor\` as \`cursor\` for the next page. ${OTHERS}`),
        requestParams: { path: idParams, query: webhookDeliveriesQuerySchema },
        responses: { "200": ok("One page of deliveries", webhookDeliveryListSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["VALIDATION_FAILED", "NOT_FOUND"],
      }),
    },
    "/provider/studio/webhooks/{id}/deliveries/{messageId}": {
      get: operation({
        ...read("Read a delivery", "getWebhookDelivery", `The payload exactly as sent and signed, and every attempt with its status code or error and up to 1 KB of the response. Every role may read; 404 after 30 days. ${OTHERS}`),
        requestParams: { path: deliveryParams },
        responses: { "200": ok("The delivery", webhookDeliveryDetailSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["NOT_FOUND"],
      }),
    },
    "/provider/studio/webhooks/{id}/deliveries/{messageId}/replay": {
      post: operation({
        ...read("Replay a delivery", "replayWebhookDelivery", `Sends the message again now, with the same \`webhook-id\` and a new timestamp and signature, and a fresh schedule of retries. ${WRITE} ${REPLAYS_PER_PROVIDER_PER_HOUR} per provider per hour (429); 404 after 30 days; 409 \`WEBHOOK_DISABLED\` on a disabled endpoint.`),
        requestParams: { path: deliveryParams },
        responses: { "202": ok("Queued", webhookMessageAcceptedSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: ["FORBIDDEN", "NOT_FOUND", "WEBHOOK_DISABLED", "RATE_LIMITED"],
      }),
    },
    "/provider/studio/webhooks/{id}/recover": {
      post: operation({
        ...read("Recover failed deliveries", "recoverWebhookDeliveries", `Replays every \`FAILED\` delivery of this endpoint since \`since\` (at most 30 days ago) and answers how many. ${WRITE} ${RECOVERIES_PER_PROVIDER_PER_HOUR} per provider per hour (429); 409 \`WEBHOOK_DISABLED\` on a disabled endpoint.`),
        requestParams: { path: idParams },
        requestBody: jsonBody(webhookRecoverSchema, { since: "2026-01-30T00:00:00.000Z" }),
        responses: { "202": ok("Queued", webhookRecoveredSchema, PRIVATE_NO_STORE_HEADERS) },
        errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "NOT_FOUND", "WEBHOOK_DISABLED", "RATE_LIMITED"],
      }),
    },
  } satisfies ApiPaths;
}

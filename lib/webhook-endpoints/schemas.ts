import { z } from "@/lib/validation/zod";
import { WEBHOOK_ATTEMPT_ERRORS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENT_TYPES, WEBHOOK_SUBSCRIBABLE_EVENT_TYPES } from "@/db/enums";
import { isOneLineText } from "@/lib/validation/text";
import { MAX_PAGE_SIZE } from "@/lib/validation/page-query";
import { ROTATION_OVERLAP_DEFAULT_HOURS, ROTATION_OVERLAP_MAX_HOURS, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX_CHARS } from "./rules";

// One schema per input of extensions §8, shared by the routes, the studio's forms and actions, and the
// OpenAPI document. The URL's rules beyond its shape (scheme, host, every address public) need the
// destination policy and DNS, so the domain checks them (lib/webhooks/destination.ts).

const urlSchema = z
  .string({ error: "Enter the URL that receives the webhooks" })
  .trim()
  .min(1, { error: "Enter the URL that receives the webhooks" })
  .max(WEBHOOK_URL_MAX_CHARS, { error: `Webhook URLs are at most ${WEBHOOK_URL_MAX_CHARS} characters` })
  .meta({ description: "https:// URL on a public host; every address it resolves to must be public", example: "https://example.com/webhooks" });

const DESCRIPTION_LENGTH = `Descriptions are at most ${WEBHOOK_DESCRIPTION_MAX} characters`;
const descriptionSchema = z
  .preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: DESCRIPTION_LENGTH })
      .trim()
      .max(WEBHOOK_DESCRIPTION_MAX, { error: DESCRIPTION_LENGTH })
      .refine(isOneLineText, { error: "The description is one line of text" })
      .nullable(),
  )
  .meta({ description: `What the endpoint is for, at most ${WEBHOOK_DESCRIPTION_MAX} characters` });

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, { error: `Event types are: ${WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.join(", ")}` }), {
    error: "Choose at least one event",
  })
  .min(1, { error: "Choose at least one event" })
  .max(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)])
  .meta({ description: "The events this endpoint receives (webhook.test is always sent by the test button)" });

/** Body of POST /provider/studio/webhooks and the studio's create form. */
export const webhookCreateSchema = z
  .strictObject({
    url: urlSchema,
    description: descriptionSchema.optional(),
    eventTypes: eventTypesSchema,
    enabled: z.boolean({ error: "enabled is true or false" }).optional(),
  })
  .meta({ id: "WebhookEndpointCreate" });
export type WebhookCreateInput = z.output<typeof webhookCreateSchema>;

/** Body of PATCH /provider/studio/webhooks/:id: any field; re-enabling clears the failure state. */
export const webhookUpdateSchema = z
  .strictObject({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    eventTypes: eventTypesSchema.optional(),
    enabled: z.boolean({ error: "enabled is true or false" }).optional(),
  })
  .meta({ id: "WebhookEndpointUpdate" });
export type WebhookUpdateInput = z.output<typeof webhookUpdateSchema>;

const OVERLAP = `overlapHours is a whole number from 0 to ${ROTATION_OVERLAP_MAX_HOURS}`;
/** Body of POST /provider/studio/webhooks/:id/rotate-secret. */
export const webhookRotateSchema = z
  .strictObject({
    overlapHours: z
      .number({ error: OVERLAP })
      .int({ error: OVERLAP })
      .min(0, { error: OVERLAP })
      .max(ROTATION_OVERLAP_MAX_HOURS, { error: OVERLAP })
      .optional()
      .transform((v) => v ?? ROTATION_OVERLAP_DEFAULT_HOURS)
      .meta({ description: `How long the old secret keeps signing too (default ${ROTATION_OVERLAP_DEFAULT_HOURS})` }),
  })
  .meta({ id: "WebhookSecretRotation" });

/** Body of POST /provider/studio/webhooks/:id/recover. */
export const webhookRecoverSchema = z
  .strictObject({
    since: z.iso
      .datetime({ error: "since is an ISO 8601 time, at most 30 days ago", offset: true })
      .meta({ description: "Replay every FAILED message of this endpoint since this time (at most 30 days ago)" }),
  })
  .meta({ id: "WebhookRecovery" });

/** Query of GET /provider/studio/webhooks/:id/deliveries. */
export const webhookDeliveriesQuerySchema = z.object({
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of: ${WEBHOOK_DELIVERY_STATUSES.join(", ")}` })
    .optional()
    .meta({ description: "Only deliveries with this status" }),
  cursor: z.string().max(200, { error: "The page cursor is not valid" }).optional().meta({ description: "nextCursor of the previous page" }),
  limit: z
    .string()
    .regex(/^\d+$/, { error: "limit must be a whole number of 1 or more" })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: "limit must be 1 or more" }))
    .transform((v) => Math.min(v, MAX_PAGE_SIZE))
    .optional()
    .transform((v) => v ?? 20)
    .meta({ description: `Items per page (default 20); values above ${MAX_PAGE_SIZE} are clamped` }),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuerySchema>;

// ---- The studio's actions: which endpoint (the API has it in the path), and the same body.

const endpointIdShape = { endpointId: z.guid({ error: "Unknown webhook" }) };
export const webhookEndpointRefSchema = z.object(endpointIdShape);
export const webhookUpdateActionSchema = webhookUpdateSchema.extend(endpointIdShape);
export const webhookRotateActionSchema = webhookRotateSchema.extend(endpointIdShape);
export const webhookRecoverActionSchema = webhookRecoverSchema.extend(endpointIdShape);
export const webhookReplayActionSchema = z.object({
  ...endpointIdShape,
  messageId: z.string().regex(/^msg_[0-9A-Z]{26}$/, { error: "Unknown message" }),
});

// ---- Answers.

const isoTimestamp = z.iso.datetime().meta({ example: "2026-01-31T09:15:00.000Z" });

export const webhookEndpointSchema = z
  .object({
    id: z.string().meta({ format: "uuid" }),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable().meta({ description: "GONE: the receiver answered 410; FAILING: no success for 5 days" }),
    previousSecretExpiresAt: isoTimestamp.nullable().meta({ description: "Until then the previous secret signs too" }),
    lastSuccessAt: isoTimestamp.nullable(),
    createdAt: isoTimestamp,
    updatedAt: isoTimestamp,
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointView = z.output<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ data: z.array(webhookEndpointSchema) }).meta({ id: "WebhookEndpointList" });

const secretSchema = z.string().meta({ description: "whsec_ + base64 of 32 bytes; shown only here", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });

export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: secretSchema }).meta({ id: "WebhookEndpointCreated" });
export type WebhookCreatedView = z.output<typeof webhookCreatedSchema>;

export const webhookRotatedSchema = z
  .object({ secret: secretSchema, previousSecretExpiresAt: isoTimestamp.meta({ description: "When the old secret stops signing" }) })
  .meta({ id: "WebhookSecretRotated" });
export type WebhookRotatedView = z.output<typeof webhookRotatedSchema>;

export const webhookMessageAcceptedSchema = z.object({ messageId: z.string().meta({ example: "msg_01JD5X8Q3ZB6N2W7K9RT4C1VYE" }) }).meta({ id: "WebhookMessageAccepted" });
export const webhookRecoveredSchema = z.object({ queued: z.number().int() }).meta({ id: "WebhookRecovered" });

export const webhookDeliverySchema = z
  .object({
    messageId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    createdAt: isoTimestamp,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attemptCount: z.number().int(),
    nextAttemptAt: isoTimestamp.nullable().meta({ description: "When the next attempt is due, while PENDING" }),
    lastStatusCode: z.number().int().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryView = z.output<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z
  .object({ data: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() })
  .meta({ id: "WebhookDeliveryList" });
export type WebhookDeliveryPage = z.output<typeof webhookDeliveryListSchema>;

export const webhookAttemptSchema = z
  .object({
    at: isoTimestamp,
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.enum(WEBHOOK_ATTEMPT_ERRORS).nullable(),
    responseExcerpt: z.string().nullable().meta({ description: "At most 1 KB of the response body, as text" }),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliveryDetailSchema = webhookDeliverySchema
  .extend({
    payload: z.string().meta({ description: "The body exactly as sent and signed" }),
    attempts: z.array(webhookAttemptSchema),
  })
  .meta({ id: "WebhookDeliveryDetail" });
export type WebhookDeliveryDetailView = z.output<typeof webhookDeliveryDetailSchema>;

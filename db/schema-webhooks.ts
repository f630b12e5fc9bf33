import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { WEBHOOK_ATTEMPT_ERRORS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_EVENT_TYPES } from "./enums";
import { providers } from "./schema";

// Webhooks for providers (extensions §8). Messages are written in the transaction that causes them and
// fanned out to one delivery per matching enabled endpoint; the dispatcher claims deliveries like the
// email outbox. Kept apart from schema.ts; drizzle.config.ts reads every schema file.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description"),
    // Subscribed event types (WEBHOOK_SUBSCRIBABLE_EVENT_TYPES), at least one.
    eventTypes: text("event_types", { enum: WEBHOOK_EVENT_TYPES }).array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason", { enum: WEBHOOK_DISABLED_REASONS }),
    // The signing secret sealed with lib/webhooks/secret-box.ts under WEBHOOK_ENCRYPTION_KEY, bound to
    // the endpoint id; never the clear `whsec_` value.
    secretSealed: text("secret_sealed").notNull(),
    // After a rotation, the old secret keeps signing (a second signature) until this time.
    previousSecretSealed: text("previous_secret_sealed"),
    previousSecretExpiresAt: timestamptz("previous_secret_expires_at"),
    lastSuccessAt: timestamptz("last_success_at"),
    // The first FAILED delivery since the last success: five days of it disables the endpoint.
    failingSince: timestamptz("failing_since"),
    // WEBHOOK_FAILING goes out at most once per endpoint per 24 h.
    failureEmailedAt: timestamptz("failure_emailed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_provider_idx").on(t.providerId)],
);

export const webhookMessages = pgTable(
  "webhook_messages",
  {
    // `msg_` + ULID: the `webhook-id` header, identical across retries and replays.
    id: text("id").primaryKey(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    type: text("type", { enum: WEBHOOK_EVENT_TYPES }).notNull(),
    // The envelope exactly as signed and sent: the bytes never change after the message is written.
    payload: text("payload").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_messages_provider_created_idx").on(t.providerId, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: text("message_id")
      .notNull()
      .references(() => webhookMessages.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("PENDING"),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    // A worker's lease: set when it claims the delivery, cleared when it records the attempt. A worker
    // killed mid-send leaves a lease that expires, and the delivery is claimable again (at-least-once).
    lockedUntil: timestamptz("locked_until"),
    lastStatusCode: integer("last_status_code"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_message_endpoint_idx").on(t.messageId, t.endpointId),
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    // The dispatcher's claim: due pending deliveries.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
  ],
);

export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: timestamptz("at").notNull(),
    // The `webhook-timestamp` sent (a replay sends the same id with a new timestamp).
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error", { enum: WEBHOOK_ATTEMPT_ERRORS }),
    // At most 1 KB of the response body, as text.
    responseExcerpt: text("response_excerpt"),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

import { and, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ActorType } from "@/db/enums";
import { apiKeys, auditEvents, providers, users } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/validation/primitives";

export interface AuditEventListItem {
  id: string;
  actor: {
    type: ActorType;
    /** User id, key id, or null (CLI, system). */
    id: string | null;
    /** As recorded: an email, "API key prk_AbCd1234…" or "operator CLI". */
    label: string;
    /** The person's current name (USER, ADMIN) or the key's name (API_KEY), when known. */
    name: string | null;
  };
  action: string;
  targetType: string;
  targetId: string | null;
  /** Details of the change, with anything secret-looking removed (see safeMetadata). */
  metadata: Record<string, unknown>;
  requestId: string | null;
  createdAt: Date;
  /** Null for platform-wide events (user.created, application.rejected) or a deleted provider. */
  provider: { id: string; slug: string; name: string } | null;
}

export interface AuditEventPage {
  events: AuditEventListItem[];
  /** Pass as `before` to get the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

export const DEFAULT_AUDIT_PAGE = 50;
export const MAX_AUDIT_PAGE = 200;

/**
 * Audit events newest first, one page at a time. providerId: one provider's trail; null: platform-wide
 * events only; undefined: every event (the admin console). `before` is the opaque cursor of the previous
 * page; keyset pagination on (createdAt, id) so new events never shift the pages someone is reading.
 */
export async function listAuditEvents(
  db: Db,
  params: { providerId?: string | null; before?: string | null; limit?: number } = {},
): Promise<AuditEventPage> {
  const limit = Math.min(Math.max(1, Math.trunc(params.limit ?? DEFAULT_AUDIT_PAGE)), MAX_AUDIT_PAGE);
  const conditions: SQL[] = [];
  if (params.providerId === null) conditions.push(isNull(auditEvents.providerId));
  else if (params.providerId !== undefined) {
    // A malformed id names no provider; answering with an empty page is what the database would do.
    if (!isUuid(params.providerId)) return { events: [], nextCursor: null };
    conditions.push(eq(auditEvents.providerId, params.providerId));
  }
  if (params.before) {
    const cursor = decodeAuditCursor(params.before);
    if (!cursor) throw new AppError("VALIDATION_FAILED", "The page cursor is not valid; start from the newest events.");
    conditions.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }

  const rows = await db
    .select({
      event: auditEvents,
      // Microsecond-exact and time-zone independent, so the cursor never skips or repeats a row.
      cursorTime: sql<string>`to_char(${auditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      userName: users.name,
      keyName: apiKeys.name,
      provider: { id: providers.id, slug: providers.slug, name: providers.name },
    })
    .from(auditEvents)
    .leftJoin(providers, eq(providers.id, auditEvents.providerId))
    .leftJoin(
      users,
      and(eq(users.id, auditEvents.actorId), inArray(auditEvents.actorType, ["USER", "ADMIN"] satisfies ActorType[])),
    )
    .leftJoin(
      apiKeys,
      and(eq(sql`${apiKeys.id}::text`, auditEvents.actorId), eq(auditEvents.actorType, "API_KEY" satisfies ActorType)),
    )
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(sql`${auditEvents.createdAt} desc, ${auditEvents.id} desc`)
    .limit(limit + 1);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map(({ event, userName, keyName, provider }) => ({
      id: event.id,
      actor: {
        type: event.actorType,
        id: event.actorId,
        label: event.actorLabel,
        name: (event.actorType === "API_KEY" ? keyName : userName) ?? null,
      },
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      metadata: safeMetadata(event.metadata),
      requestId: event.requestId,
      createdAt: event.createdAt,
      provider: provider?.id ? provider : null,
    })),
    nextCursor: rows.length > limit && last ? encodeAuditCursor({ createdAt: last.cursorTime, id: last.event.id }) : null,
  };
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

interface AuditCursor {
  createdAt: string;
  id: string;
}

function encodeAuditCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor's parts, or null when it was not made by listAuditEvents. */
export function decodeAuditCursor(value: string): AuditCursor | null {
  if (value.length > 200) return null;
  const [createdAt, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length || !createdAt || !id || !CURSOR_TIME.test(createdAt) || !isUuid(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id };
}

// Metadata is written by domain functions and holds no secrets today (key prefixes, names, roles,
// emails). The trail is shown to every member and to admins, so anything that looks like a secret
// is still removed here, in case a future caller records one by mistake.
const SECRET_FIELD = /(secret|password|passwd|token|hash|credential|^key$|apikey|api_key$|authorization|cookie)/i;
const FULL_API_KEY = /prk_[0-9A-Za-z]{38}/g;

export function safeMetadata(value: Record<string, unknown>): Record<string, unknown> {
  return redact(value) as Record<string, unknown>;
}

function redact(value: unknown): unknown {
  if (typeof value === "string") return value.replace(FULL_API_KEY, (key) => `${key.slice(0, 12)}…`);
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!SECRET_FIELD.test(k)) out[k] = redact(v);
    }
    return out;
  }
  return value;
}

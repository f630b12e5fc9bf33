import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { apiKeys, providers } from "@/db/schema";
import { AppError, validationError } from "@/lib/errors";
import { recordAuditEvent, type Actor } from "@/lib/audit/record-audit-event";
import { generateApiKey } from "./key-format";

export type ApiKeyRole = "OWNER" | "ADMIN";

export interface CreatedApiKey {
  id: string;
  /** The whole key. It is not stored anywhere; show it once and drop it. */
  key: string;
  prefix: string;
  name: string;
  role: ApiKeyRole;
  createdAt: Date;
  expiresAt: Date | null;
}

const paramsSchema = z.object({
  providerId: z.guid({ error: "Provider not found." }),
  name: z
    .string({ error: "Give the key a name" })
    .trim()
    .min(1, { error: "Give the key a name" })
    .max(100, { error: "Key names are at most 100 characters" }),
  role: z.enum(["OWNER", "ADMIN"], { error: "An API key's role is OWNER or ADMIN" }),
});

/** Issues an API key for a provider; only its hash and visible prefix are stored. */
export async function createApiKey(
  db: Db,
  params: {
    providerId: string;
    name: string;
    role: ApiKeyRole;
    createdByMemberId?: string | null;
    expiresAt?: Date | null;
    actor: Actor;
  },
): Promise<CreatedApiKey> {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === "providerId")) {
      throw new AppError("NOT_FOUND", "Provider not found.");
    }
    throw validationError(parsed.error, "API key");
  }
  const { providerId, name, role } = parsed.data;
  if (params.expiresAt && params.expiresAt.getTime() <= Date.now()) {
    throw new AppError("VALIDATION_FAILED", "The expiry date must be in the future.", {
      errors: [{ path: "expiresAt", message: "Must be in the future" }],
    });
  }

  return db.transaction(async (tx) => {
    const [provider] = await tx.select({ id: providers.id }).from(providers).where(eq(providers.id, providerId)).limit(1);
    if (!provider) throw new AppError("NOT_FOUND", "Provider not found.");
    const generated = generateApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        providerId,
        name,
        role,
        prefix: generated.prefix,
        keyHash: generated.hash,
        createdByMemberId: params.createdByMemberId ?? null,
        expiresAt: params.expiresAt ?? null,
      })
      .returning();
    await recordAuditEvent(tx, {
      actor: params.actor,
      providerId,
      action: "api_key.created",
      targetType: "api_key",
      targetId: row!.id,
      metadata: { prefix: generated.prefix, name, role, expiresAt: params.expiresAt?.toISOString() ?? null },
    });
    return {
      id: row!.id,
      key: generated.key,
      prefix: row!.prefix,
      name: row!.name,
      role,
      createdAt: row!.createdAt,
      expiresAt: row!.expiresAt,
    };
  });
}

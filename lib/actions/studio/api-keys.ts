"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { createApiKeySchema, expiryDate, revokeApiKeySchema } from "@/lib/api-keys/schemas";
import { AppError } from "@/lib/errors";

function revalidateKeys(): void {
  revalidatePath("/studio/api-keys");
  revalidatePath("/studio/activity");
}

export interface NewApiKey {
  id: string;
  /** The whole key: in this answer only, never stored or shown again. */
  key: string;
  prefix: string;
  name: string;
  expiresAt: string | null;
}

/** Issues a key that acts as its creator (their current role) until revoked, expired or they leave the team. */
export const createApiKeyAction = defineAction(
  { name: "api-keys.create", input: createApiKeySchema, auth: "studio-write" },
  async ({ db, input, studio, caller }): Promise<NewApiKey> => {
    // The key's role is its creator's; createApiKey knows no actor role, so the rule is repeated here.
    const role = studio.member.role;
    if (role === "MEMBER") throw new AppError("FORBIDDEN", "Your role may read but not change this provider.");
    const created = await createApiKey(db, {
      providerId: studio.provider.id,
      name: input.name,
      role,
      createdByMemberId: studio.member.id,
      expiresAt: expiryDate(input),
      actor: caller.actor,
    });
    revalidateKeys();
    return {
      id: created.id,
      key: created.key,
      prefix: created.prefix,
      name: created.name,
      expiresAt: created.expiresAt?.toISOString() ?? null,
    };
  },
);

/** Revokes one of the provider's keys; an ADMIN may not revoke a key that acts as OWNER. */
export const revokeApiKeyAction = defineAction(
  { name: "api-keys.revoke", input: revokeApiKeySchema, auth: "studio-write" },
  async ({ db, input, studio, caller }) => {
    const revoked = await revokeApiKey(db, { keyId: input.keyId, providerId: studio.provider.id, caller });
    revalidateKeys();
    return { id: revoked.id, name: revoked.name, prefix: revoked.prefix, alreadyRevoked: revoked.alreadyRevoked };
  },
);

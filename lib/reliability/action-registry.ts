import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { interestApplications, providerChangeRequests } from "@/db/schema";
import { submitApplication } from "@/app/apply/actions";
import { selectProvider } from "@/app/studio/actions";
import { createApiKeyAction, revokeApiKeyAction } from "@/app/studio/api-keys/actions";
import {
  publishListingAction,
  requestIdentityChangeAction,
  unpublishListingAction,
  updateListingAction,
  withdrawIdentityChangeAction,
} from "@/app/studio/listing/actions";
import { confirmEmail } from "@/app/verify/actions";
import { createVerificationToken } from "@/lib/applications/verification-token";
import { makeApiKey, makeMember } from "@/lib/testing/factories";
import { ADMIN_CASES, TEAM_CASES } from "./action-registry-team-admin";
import { call, everyone, signedOut, studioWrite, type ActionCase } from "./action-outcomes";

export type { ActionCase, Outcome } from "./action-outcomes";

// Every server action, with an input that would change something and the answer each principal
// must get: "ok", or the ActionFailure code. Add new actions here (the matrix runs them all).

async function pendingChangeRequest(db: Db, providerId: string) {
  await db.update(providerChangeRequests).set({ status: "WITHDRAWN" }).where(eq(providerChangeRequests.status, "PENDING"));
  const [row] = await db
    .insert(providerChangeRequests)
    .values({ providerId, field: "SLUG", currentValue: "old", requestedValue: `new-${randomUUID().slice(0, 6)}` })
    .returning({ id: providerChangeRequests.id });
  return row!.id;
}

const CORE_CASES: ActionCase[] = [
  {
    name: "apply.submit",
    file: "app/apply/actions.ts",
    auth: "public",
    prepare: async () => () =>
      submitApplication({
        fullName: "Matrix Applicant",
        email: `act-${randomUUID().slice(0, 8)}@example.com`,
        description: "Submitted by the authorization matrix.",
      }),
    expected: everyone("ok"),
  },
  {
    name: "verify.confirm",
    file: "app/verify/actions.ts",
    auth: "public",
    prepare: async (db) => {
      const token = createVerificationToken();
      await db.insert(interestApplications).values({
        fullName: "Matrix",
        email: `v-${randomUUID().slice(0, 8)}@example.com`,
        description: "Verify me, matrix.",
        tokenHash: token.hash,
        tokenExpiresAt: token.expiresAt,
      });
      const form = new FormData();
      form.set("token", token.token);
      return () => confirmEmail(null, form);
    },
    expected: everyone("ok"),
  },
  {
    name: "studio.select-provider",
    file: "app/studio/actions.ts",
    auth: "user",
    prepare: async (_db, w) => () => call(selectProvider, { providerId: w.a.id }),
    expected: signedOut({ "other provider": "NOT_FOUND", MEMBER: "ok", ADMIN: "ok", OWNER: "ok", "platform admin": "NOT_FOUND" }),
  },
  {
    name: "api-keys.create",
    file: "app/studio/api-keys/actions.ts",
    auth: "studio-write",
    prepare: async () => () => call(createApiKeyAction, { name: "matrix key", expiry: "30" }),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "api-keys.revoke (A's ADMIN key)",
    file: "app/studio/api-keys/actions.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const creator = await makeMember(db, { provider: w.a, role: "ADMIN" });
      const key = await makeApiKey(db, { provider: w.a, role: "ADMIN", createdByMemberId: creator.member.id });
      return () => call(revokeApiKeyAction, { keyId: key.id });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "api-keys.revoke (A's OWNER key)",
    file: "app/studio/api-keys/actions.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const key = await makeApiKey(db, { provider: w.a, role: "OWNER" });
      return () => call(revokeApiKeyAction, { keyId: key.id });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "FORBIDDEN", OWNER: "ok" }),
  },
  {
    name: "listing.update",
    file: "app/studio/listing/actions.ts",
    auth: "studio-write",
    prepare: async () => () => call(updateListingAction, { headline: `Matrix ${randomUUID().slice(0, 6)}` }),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.unpublish",
    file: "app/studio/listing/actions.ts",
    auth: "studio-write",
    prepare: async () => () => call(unpublishListingAction, {}),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.publish",
    file: "app/studio/listing/actions.ts",
    auth: "studio-write",
    prepare: async () => () => call(publishListingAction, {}),
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.request-change",
    file: "app/studio/listing/actions.ts",
    auth: "studio-write",
    prepare: async (db) => {
      await db.update(providerChangeRequests).set({ status: "WITHDRAWN" }).where(eq(providerChangeRequests.status, "PENDING"));
      return () => call(requestIdentityChangeAction, { field: "NAME", value: `Matrix Name ${randomUUID().slice(0, 6)}` });
    },
    expected: studioWrite({ "other provider": "ok", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
  {
    name: "listing.withdraw-change (A's request)",
    file: "app/studio/listing/actions.ts",
    auth: "studio-write",
    prepare: async (db, w) => {
      const requestId = await pendingChangeRequest(db, w.a.id);
      return () => call(withdrawIdentityChangeAction, { requestId });
    },
    expected: studioWrite({ "other provider": "NOT_FOUND", MEMBER: "FORBIDDEN", ADMIN: "ok", OWNER: "ok" }),
  },
];

export const ACTION_CASES: ActionCase[] = [...CORE_CASES, ...TEAM_CASES, ...ADMIN_CASES];

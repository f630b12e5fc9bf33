import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, providerChangeRequests, providers } from "@/db/schema";
import { POST as PUBLISH } from "@/app/api/provider/studio/listing/publish/route";
import { GET as GET_LISTING, PATCH } from "@/app/api/provider/studio/listing/route";
import { POST as UNPUBLISH } from "@/app/api/provider/studio/listing/unpublish/route";
import { POST as CONFIRM } from "@/app/api/provider/studio/listing/confirm/route";
import { DELETE as DELETE_MEMBER } from "@/app/api/provider/studio/members/[id]/route";
import { GET as LIST_MEMBERS, POST as INVITE } from "@/app/api/provider/studio/members/route";
import { GET as LIST_INQUIRIES } from "@/app/api/provider/studio/inquiries/route";
import { PATCH as PATCH_INQUIRY } from "@/app/api/provider/studio/inquiries/[id]/route";
import { changeInquiryStatusAction } from "@/lib/actions/inquiries/change-inquiry-status";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/actions/studio/api-keys";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/actions/studio/invitations";
import {
  publishListingAction,
  createChangeRequestAction,
  unpublishListingAction,
  updateListingAction,
  withdrawChangeRequestAction,
} from "@/lib/actions/studio/listing";
import {
  changeMemberRoleAction,
  inviteMemberAction,
  leaveProviderAction,
  removeMemberAction,
  resendInvitationAction,
} from "@/lib/actions/studio/team";
import type { Actor } from "@/lib/audit/record-audit-event";
import { resolveStudio } from "@/lib/members/studio-context";
import { makeInvitation } from "@/test/support/team-test-kit";
import { makeApiKey, makeMember, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { signInAs } from "@/test/support/next-request";
import { snapshotWritableState } from "@/test/support/snapshot";
import { setProviderApproval } from "@/lib/providers/set-provider-approval";
import { getSuspension } from "@/lib/provider-core/suspension";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

const ADMIN: Actor = { type: "ADMIN", id: null, label: "admin@example.com" };
const SOME_INQUIRY_ID = "00000000-0000-4000-8000-000000000001";

/** A provider with an OWNER (and their key), an ADMIN, a MEMBER, a pending invitation and an open change request. */
async function suspendedProvider(note = "Complaints about spam") {
  const db = getDb();
  const { provider, owner, key } = await makeProviderWithOwner(db);
  const admin = await makeMember(db, { provider, role: "ADMIN" });
  const member = await makeMember(db, { provider, role: "MEMBER" });
  const invitation = await makeInvitation(db, { provider });
  const outsider = await makeUser(db);
  const [request] = await db
    .insert(providerChangeRequests)
    .values({ providerId: provider.id, field: "NAME", currentValue: provider.name, requestedValue: "Renamed Co" })
    .returning();
  const cliKey = await makeApiKey(db, { provider, role: "OWNER" });
  await setProviderApproval(db, { providerId: provider.id, status: "SUSPENDED", note, actor: ADMIN });
  return { db, provider, owner, admin, member, invitation, outsider, request: request!, key, cliKey };
}

type Suspended = Awaited<ReturnType<typeof suspendedProvider>>;

describe("a suspended provider's API keys", () => {
  const endpoints = [
    { name: "GET members", run: (s: Suspended) => call(LIST_MEMBERS, "/api/provider/studio/members", { key: s.key }) },
    { name: "POST members", run: (s: Suspended) => call(INVITE, "/api/provider/studio/members", { key: s.key, json: { email: s.outsider.email } }) },
    {
      name: "DELETE member",
      run: (s: Suspended) =>
        call(DELETE_MEMBER, `/api/provider/studio/members/${s.member.member.id}`, { method: "DELETE", key: s.key, params: { id: s.member.member.id } }),
    },
    { name: "GET listing", run: (s: Suspended) => call(GET_LISTING, "/api/provider/studio/listing", { key: s.key }) },
    { name: "PATCH listing", run: (s: Suspended) => call(PATCH, "/api/provider/studio/listing", { method: "PATCH", key: s.cliKey.key, json: { headline: "Changed" } }) },
    { name: "POST publish", run: (s: Suspended) => call(PUBLISH, "/api/provider/studio/listing/publish", { method: "POST", key: s.key }) },
    { name: "POST unpublish", run: (s: Suspended) => call(UNPUBLISH, "/api/provider/studio/listing/unpublish", { method: "POST", key: s.key }) },
    { name: "POST confirm", run: (s: Suspended) => call(CONFIRM, "/api/provider/studio/listing/confirm", { method: "POST", key: s.key }) },
    { name: "GET inquiries", run: (s: Suspended) => call(LIST_INQUIRIES, "/api/provider/studio/inquiries", { key: s.key }) },
    {
      // The refusal comes before any look-up: an id that names no inquiry is refused the same way.
      name: "PATCH inquiry",
      run: (s: Suspended) =>
        call(PATCH_INQUIRY, `/api/provider/studio/inquiries/${SOME_INQUIRY_ID}`, {
          method: "PATCH",
          key: s.key,
          json: { status: "ARCHIVED" },
          params: { id: SOME_INQUIRY_ID },
        }),
    },
  ];

  it.each(endpoints)("$name: 403 PROVIDER_SUSPENDED on the next request, and nothing changes or is sent", async ({ run }) => {
    const s = await suspendedProvider();
    const before = await snapshotWritableState(s.db);
    const response = await run(s);
    expect(response.status).toBe(403);
    const problem = await problemOf(response);
    expect(problem.code).toBe("PROVIDER_SUSPENDED");
    expect(problem.detail).toMatch(/suspended this provider: its API keys are refused/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await snapshotWritableState(s.db)).toEqual(before);
    expect(await s.db.select().from(emailOutbox).where(eq(emailOutbox.to, s.outsider.email))).toEqual([]);
  });

  it("work again once the registry reinstates the provider (they were never revoked)", async () => {
    const s = await suspendedProvider();
    await setProviderApproval(s.db, { providerId: s.provider.id, status: "APPROVED", actor: ADMIN });
    expect((await call(PATCH, "/api/provider/studio/listing", { method: "PATCH", key: s.key, json: { headline: "Back" } })).status).toBe(200);
  });

  it("a PENDING (never approved) provider's keys work: it prepares its listing and team before approval", async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db, { approvalStatus: "PENDING", approvedAt: null, publicProfile: false, publishedAt: null });
    expect((await call(PATCH, "/api/provider/studio/listing", { method: "PATCH", key, json: { headline: "Soon" } })).status).toBe(200);
    expect((await call(INVITE, "/api/provider/studio/members", { key, json: { email: (await makeUser(db)).email } })).status).toBe(201);
  });
});

describe("a suspended provider's studio", () => {
  const writes = [
    { name: "listing.update", run: () => updateListingAction({ headline: "Changed" }) },
    { name: "listing.publish", run: () => publishListingAction({}) },
    { name: "listing.unpublish", run: () => unpublishListingAction({}) },
    { name: "listing.request-change", run: () => createChangeRequestAction({ field: "SLUG", value: "another-slug" }) },
    { name: "listing.withdraw-change", run: (s: Suspended) => withdrawChangeRequestAction({ requestId: s.request.id }) },
    { name: "api-keys.create", run: () => createApiKeyAction({ name: "New key", expiry: "never" }) },
    { name: "api-keys.revoke", run: (s: Suspended) => revokeApiKeyAction({ keyId: s.cliKey.id }) },
    { name: "team.invite", run: (s: Suspended) => inviteMemberAction({ email: s.outsider.email, role: "MEMBER" }) },
    { name: "team.change-role", run: (s: Suspended) => changeMemberRoleAction({ memberId: s.member.member.id, role: "ADMIN" }) },
    { name: "team.remove", run: (s: Suspended) => removeMemberAction({ memberId: s.member.member.id }) },
    { name: "team.resend-invitation", run: (s: Suspended) => resendInvitationAction({ memberId: s.invitation.member.id }) },
    { name: "inquiries.change-status", run: () => changeInquiryStatusAction({ inquiryId: SOME_INQUIRY_ID, status: "ARCHIVED" }) },
  ];

  it.each(writes)("$name: refused for the OWNER with PROVIDER_SUSPENDED, nothing changes", async ({ run }) => {
    const s = await suspendedProvider();
    await signInAs(s.db, s.owner.user.id);
    const before = await snapshotWritableState(s.db);
    expect(await run(s)).toMatchObject({ ok: false, code: "PROVIDER_SUSPENDED", message: expect.stringMatching(/studio is read-only/) });
    expect(await snapshotWritableState(s.db)).toEqual(before);
  });

  it("is read-only for every role and says why", async () => {
    const s = await suspendedProvider("Listing copied from another company");
    await signInAs(s.db, s.owner.user.id);
    const state = await resolveStudio();
    expect(state).toMatchObject({ kind: "ready", studio: { suspended: true, canWrite: false } });
    expect(await getSuspension(s.db, { providerId: s.provider.id })).toMatchObject({
      note: "Listing copied from another company",
      suspendedAt: expect.any(Date),
    });
  });

  it("cannot be joined while suspended, but an invitation can be declined and a member can leave", async () => {
    const s = await suspendedProvider();
    await signInAs(s.db, s.invitation.user.id);
    expect(await acceptInvitationAction({ memberId: s.invitation.member.id })).toMatchObject({ ok: false, code: "PROVIDER_SUSPENDED" });
    expect(await declineInvitationAction({ memberId: s.invitation.member.id })).toMatchObject({ ok: true });
    await signInAs(s.db, s.admin.user.id);
    expect(await leaveProviderAction({})).toMatchObject({ ok: true });
  });

  it("is writable again once reinstated", async () => {
    const s = await suspendedProvider();
    await setProviderApproval(s.db, { providerId: s.provider.id, status: "APPROVED", actor: ADMIN });
    await signInAs(s.db, s.owner.user.id);
    expect(await updateListingAction({ headline: "Back in business" })).toMatchObject({ ok: true });
    const [row] = await s.db.select({ headline: providers.headline }).from(providers).where(eq(providers.id, s.provider.id));
    expect(row!.headline).toBe("Back in business");
  });
});

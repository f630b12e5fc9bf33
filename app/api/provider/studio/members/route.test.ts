import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, emailOutbox, providerMembers } from "@/db/schema";
import { makeApiKey, makeMember, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { DELETE as DELETE_MEMBER } from "./[id]/route";
import { GET, POST } from "./route";

const URL_ = "/api/provider/studio/members";
const remove = (key: string, id: string) => call(DELETE_MEMBER, `${URL_}/${id}`, { method: "DELETE", key, params: { id } });

describe("GET /api/provider/studio/members", () => {
  it("lists active members, pending and accepted, oldest first, in the Member shape", async () => {
    const db = getDb();
    const { provider, owner, key } = await makeProviderWithOwner(db);
    const pending = await makeMember(db, { provider, role: "ADMIN", inviteStatus: "PENDING", createdAt: new Date(Date.now() + 1000) });
    const removed = await makeMember(db, { provider, createdAt: new Date(Date.now() + 2000) });
    await db.update(providerMembers).set({ revokedAt: new Date() }).where(eq(providerMembers.id, removed.member.id));

    const response = await call(GET, URL_, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body.map((m: { id: string }) => m.id)).toEqual([owner.member.id, pending.member.id]);
    expect(body[0]).toEqual({
      id: owner.member.id,
      providerSlug: provider.slug,
      role: "OWNER",
      inviteStatus: "ACCEPTED",
      inviteEmail: owner.user.email,
      user: { id: owner.user.id, email: owner.user.email, name: "Test User" },
      createdAt: owner.member.createdAt.toISOString(),
    });
    expect(body[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(body[1].inviteStatus).toBe("PENDING");
    expect(body[0]).not.toHaveProperty("revokedAt");
  });
});

describe("POST /api/provider/studio/members", () => {
  it("invites an existing user: 201 PENDING member, invitation email queued, audit recorded", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db);
    const invitee = await makeUser(db, { name: "Invitee" });
    const response = await call(POST, URL_, { key, json: { email: `  ${invitee.email.toUpperCase()} `, role: "ADMIN" } });
    expect(response.status).toBe(201);
    const member = await response.json();
    expect(member).toMatchObject({
      providerSlug: provider.slug,
      role: "ADMIN",
      inviteStatus: "PENDING",
      inviteEmail: invitee.email,
      user: { id: invitee.id, email: invitee.email, name: "Invitee" },
    });
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, invitee.email));
    expect(mails.map((m) => m.kind)).toEqual(["INVITATION"]);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, member.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: "API_KEY", action: "member.invited", providerId: provider.id });
  });

  it("defaults the role to MEMBER", async () => {
    const db = getDb();
    const { key } = await makeProviderWithOwner(db);
    const invitee = await makeUser(db);
    const response = await call(POST, URL_, { key, json: { email: invitee.email } });
    expect((await response.json()).role).toBe("MEMBER");
  });

  it("answers 422 USER_NOT_FOUND for an email with no account", async () => {
    const { key } = await makeProviderWithOwner(getDb());
    const response = await call(POST, URL_, { key, json: { email: "nobody-here@example.com" } });
    expect(response.status).toBe(422);
    expect((await problemOf(response)).code).toBe("USER_NOT_FOUND");
  });

  it("answers 409 ALREADY_MEMBER for an active member, pending or accepted", async () => {
    const db = getDb();
    const { provider, owner, key } = await makeProviderWithOwner(db);
    const pending = await makeMember(db, { provider, inviteStatus: "PENDING" });
    for (const email of [owner.user.email, pending.user.email]) {
      const response = await call(POST, URL_, { key, json: { email } });
      expect(response.status).toBe(409);
      expect((await problemOf(response)).code).toBe("ALREADY_MEMBER");
    }
  });

  it("lets a removed member be invited again", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db);
    const former = await makeMember(db, { provider });
    expect((await remove(key, former.member.id)).status).toBe(204);
    const response = await call(POST, URL_, { key, json: { email: former.user.email } });
    expect(response.status).toBe(201);
    expect((await response.json()).id).not.toBe(former.member.id);
  });

  it("invites one user once under simultaneous invitations", raceTest, async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db);
    const invitee = await makeUser(db);
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(POST, URL_, { key, json: { email: invitee.email } })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await db
      .select()
      .from(providerMembers)
      .where(and(eq(providerMembers.providerId, provider.id), eq(providerMembers.userId, invitee.id)));
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ email: "not-an-email" }, "email"],
    [{}, "email"],
    [{ email: "a@example.com", role: "KING" }, "role"],
  ])("refuses %j with 400 VALIDATION_FAILED at %s", async (json, path) => {
    const { key } = await makeProviderWithOwner(getDb());
    const response = await call(POST, URL_, { key, json });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors?.map((e) => e.path)).toEqual([path]);
  });

  it("refuses invalid JSON (400) and a missing JSON content type (415)", async () => {
    const { key } = await makeProviderWithOwner(getDb());
    const bad = await call(POST, URL_, { key, rawBody: "{", headers: { "content-type": "application/json" } });
    expect((await problemOf(bad)).code).toBe("INVALID_JSON");
    const noType = await call(POST, URL_, { key, rawBody: '{"email":"a@example.com"}' });
    expect(noType.status).toBe(415);
  });

  it("forbids an ADMIN key from inviting an OWNER (403) but lets it invite an ADMIN", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db);
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const { key: adminKey } = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: admin.member.id });
    const target = await makeUser(db);
    const owner = await call(POST, URL_, { key: adminKey, json: { email: target.email, role: "OWNER" } });
    expect(owner.status).toBe(403);
    expect((await problemOf(owner)).code).toBe("FORBIDDEN");
    const asAdmin = await call(POST, URL_, { key: adminKey, json: { email: target.email, role: "ADMIN" } });
    expect(asAdmin.status).toBe(201);
  });
});

describe("DELETE /api/provider/studio/members/:id", () => {
  it("removes a member with 204: soft delete, gone from the list, audit recorded", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db);
    const member = await makeMember(db, { provider });
    const response = await remove(key, member.member.id);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const [row] = await db.select().from(providerMembers).where(eq(providerMembers.id, member.member.id));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    const list = await (await call(GET, URL_, { key })).json();
    expect(list.map((m: { id: string }) => m.id)).not.toContain(member.member.id);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetId, member.member.id));
    expect(audit.map((a) => a.action)).toEqual(["member.removed"]);
  });

  it("answers 404 for an unknown id, a malformed id and an already removed member", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db);
    const member = await makeMember(db, { provider });
    await remove(key, member.member.id);
    for (const id of [member.member.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const response = await remove(key, id);
      expect(response.status).toBe(404);
      expect((await problemOf(response)).code).toBe("NOT_FOUND");
    }
  });

  it("refuses to remove the last accepted OWNER with 409 LAST_OWNER, and allows it once another owner exists", async () => {
    const db = getDb();
    const { provider, owner, key } = await makeProviderWithOwner(db);
    await makeMember(db, { provider, role: "OWNER", inviteStatus: "PENDING" });
    const response = await remove(key, owner.member.id);
    expect(response.status).toBe(409);
    expect((await problemOf(response)).code).toBe("LAST_OWNER");
    const [row] = await db.select().from(providerMembers).where(eq(providerMembers.id, owner.member.id));
    expect(row!.revokedAt).toBeNull();

    const second = await makeMember(db, { provider, role: "OWNER" });
    const { key: cliKey } = await makeApiKey(db, { provider, role: "OWNER" });
    expect((await remove(cliKey, owner.member.id)).status).toBe(204);
    expect((await remove(cliKey, second.member.id)).status).toBe(409);
  });

  it("never leaves a team without an owner when two owners are removed at once", raceTest, async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const other = await makeMember(db, { provider, role: "OWNER" });
    const { key } = await makeApiKey(db, { provider, role: "OWNER" });
    const statuses = (await Promise.all([remove(key, owner.member.id), remove(key, other.member.id)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([204, 409]);
  });

  it("forbids an ADMIN key from removing an OWNER (403) but lets it remove a MEMBER", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const { key: adminKey } = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: admin.member.id });
    const response = await remove(adminKey, owner.member.id);
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe("FORBIDDEN");
    const member = await makeMember(db, { provider });
    expect((await remove(adminKey, member.member.id)).status).toBe(204);
  });

  it("stops the keys a removed member created", async () => {
    const db = getDb();
    const { provider, key: ownerKey } = await makeProviderWithOwner(db);
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const { key: adminKey } = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: admin.member.id });
    expect((await call(GET, URL_, { key: adminKey })).status).toBe(200);
    expect((await remove(ownerKey, admin.member.id)).status).toBe(204);
    expect((await call(GET, URL_, { key: adminKey })).status).toBe(401);
  });
});

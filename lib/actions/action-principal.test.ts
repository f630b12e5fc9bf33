import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb } from "@/db";
import { makeMember, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { setRequest, signInAs } from "@/test/support/next-request";
import { defineAction } from "./define-action";

vi.mock("next/headers", () => import("@/test/support/next-request"));

const input = z.object({});
const ran = vi.fn(async () => "ran");
const actions = {
  user: defineAction({ name: "t.user", input, auth: "user" }, ran),
  studio: defineAction({ name: "t.studio", input, auth: "studio" }, ran),
  write: defineAction({ name: "t.write", input, auth: "studio-write" }, ran),
  admin: defineAction({ name: "t.admin", input, auth: "admin" }, ran),
};

describe("server action auth modes", () => {
  it("refuse anonymous callers before running anything (the admin console does not exist for them)", async () => {
    setRequest({});
    ran.mockClear();
    expect(await actions.user({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await actions.studio({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await actions.write({})).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
    expect(await actions.admin({})).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(ran).not.toHaveBeenCalled();
  });

  it("let a MEMBER read but not write, and hide admin actions from them", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db);
    const { user } = await makeMember(db, { provider, role: "MEMBER" });
    await signInAs(db, user.id);
    ran.mockClear();
    expect(await actions.studio({})).toEqual({ ok: true, data: "ran" });
    expect(await actions.write({})).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await actions.admin({})).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it("let OWNERs and ADMINs write, and hand the handler the studio and a caller: the person, as their membership", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    const action = defineAction({ name: "t.seen", input, auth: "studio-write" }, async ({ studio, caller }) => ({
      providerId: studio.provider.id,
      caller: { ...caller, actor: { ...caller.actor, requestId: typeof caller.actor.requestId } },
    }));
    await signInAs(db, owner.user.id);
    expect(await action({})).toEqual({
      ok: true,
      data: {
        providerId: provider.id,
        caller: {
          actor: { type: "USER", id: owner.user.id, label: owner.user.email, requestId: "string" },
          via: "session",
          userId: owner.user.id,
          role: "OWNER",
          memberId: owner.member.id,
        },
      },
    });
  });

  it("refuse signed-in callers whose request comes from another site", async () => {
    const db = getDb();
    const { owner } = await makeProviderWithOwner(db);
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example", host: "localhost:3000" },
      { origin: "null", host: "localhost:3000" },
    ];
    for (const headers of crossSite) {
      await signInAs(db, owner.user.id, { headers });
      expect(await actions.write({}), JSON.stringify(headers)).toMatchObject({ ok: false, code: "FORBIDDEN" });
    }
    await signInAs(db, owner.user.id, { headers: { origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin" } });
    expect(await actions.write({})).toMatchObject({ ok: true });
  });

  it("let admins (and only admins) run admin actions, as an ADMIN actor", async () => {
    const db = getDb();
    const admin = await makeUser(db, { isAdmin: true });
    await signInAs(db, admin.id);
    const action = defineAction({ name: "t.admin-actor", input, auth: "admin" }, async ({ caller }) => [caller.actor.type, caller.role ?? null]);
    expect(await action({})).toEqual({ ok: true, data: ["ADMIN", null] });
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerMembers, providers } from "@/db/schema";
import { generateApiKey } from "@/lib/api-keys/key-format";
import { makeApiKey, makeMember, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call, problemOf, type CallOptions } from "@/test/support/http";
import { snapshotWritableState } from "@/test/support/snapshot";
import { POST as PUBLISH } from "./listing/publish/route";
import { GET as GET_LISTING, PATCH } from "./listing/route";
import { POST as UNPUBLISH } from "./listing/unpublish/route";
import { POST as CONFIRM } from "./listing/confirm/route";
import { DELETE as DELETE_MEMBER } from "./members/[id]/route";
import { GET as LIST_MEMBERS, POST as INVITE } from "./members/route";

type Handler = Parameters<typeof call>[0];
interface Endpoint {
  name: string;
  handler: Handler;
  url: string;
  options: (ctx: Ctx) => CallOptions;
}
interface Ctx {
  memberId: string;
  inviteEmail: string;
}

// Every API-key endpoint, with a request that would change something if it were let through.
const ENDPOINTS: Endpoint[] = [
  { name: "GET members", handler: LIST_MEMBERS, url: "/api/provider/studio/members", options: () => ({}) },
  { name: "POST members", handler: INVITE, url: "/api/provider/studio/members", options: (c) => ({ json: { email: c.inviteEmail } }) },
  {
    name: "DELETE member",
    handler: DELETE_MEMBER,
    url: "/api/provider/studio/members/x",
    options: (c) => ({ method: "DELETE", params: { id: c.memberId } }),
  },
  { name: "GET listing", handler: GET_LISTING, url: "/api/provider/studio/listing", options: () => ({}) },
  { name: "PATCH listing", handler: PATCH, url: "/api/provider/studio/listing", options: () => ({ method: "PATCH", json: { headline: "Changed" } }) },
  { name: "POST publish", handler: PUBLISH, url: "/api/provider/studio/listing/publish", options: () => ({ method: "POST" }) },
  { name: "POST unpublish", handler: UNPUBLISH, url: "/api/provider/studio/listing/unpublish", options: () => ({ method: "POST" }) },
  { name: "POST confirm", handler: CONFIRM, url: "/api/provider/studio/listing/confirm", options: () => ({ method: "POST" }) },
];

let ctx: Ctx;
const badKeys: Record<string, (headers: Record<string, string>) => void> = {};

beforeAll(async () => {
  const db = getDb();
  const { provider } = await makeProviderWithOwner(db, { publicProfile: false, publishedAt: null });
  const member = await makeMember(db, { provider });
  const invitee = await makeUser(db);
  ctx = { memberId: member.member.id, inviteEmail: invitee.email };

  const valid = generateApiKey().key;
  const flipped = valid.slice(0, -1) + (valid.endsWith("A") ? "B" : "A");
  const revoked = await makeApiKey(db, { provider, revoked: true });
  const expired = await makeApiKey(db, { provider, expiresAt: new Date(Date.now() - 1000) });
  const leaver = await makeMember(db, { provider, role: "ADMIN" });
  const leaverKey = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: leaver.member.id });
  await db.update(providerMembers).set({ revokedAt: new Date() }).where(eq(providerMembers.id, leaver.member.id));

  Object.assign(badKeys, {
    "no Authorization header": () => {},
    "an empty bearer": (h: Record<string, string>) => (h.authorization = "Bearer "),
    "another scheme": (h: Record<string, string>) => (h.authorization = `Basic ${Buffer.from("a:b").toString("base64")}`),
    "a malformed key": (h: Record<string, string>) => (h.authorization = "Bearer not-a-key"),
    "a key with a bad checksum": (h: Record<string, string>) => (h.authorization = `Bearer ${flipped}`),
    "an unknown key": (h: Record<string, string>) => (h.authorization = `Bearer ${valid}`),
    "a revoked key": (h: Record<string, string>) => (h.authorization = `Bearer ${revoked.key}`),
    "an expired key": (h: Record<string, string>) => (h.authorization = `Bearer ${expired.key}`),
    "a key whose creator left the team": (h: Record<string, string>) => (h.authorization = `Bearer ${leaverKey.key}`),
  });
});

describe("API-key endpoints refuse bad credentials with 401", () => {
  const cases = [
    "no Authorization header",
    "an empty bearer",
    "another scheme",
    "a malformed key",
    "a key with a bad checksum",
    "an unknown key",
    "a revoked key",
    "an expired key",
    "a key whose creator left the team",
  ];
  for (const endpoint of ENDPOINTS) {
    it.each(cases)(`${endpoint.name} with %s: 401 problem+json, WWW-Authenticate, nothing changed`, async (label) => {
      const db = getDb();
      const before = await snapshotWritableState(db);
      const headers: Record<string, string> = {};
      badKeys[label]!(headers);
      const options = endpoint.options(ctx);
      const response = await call(endpoint.handler, endpoint.url, { ...options, headers: { ...headers, ...options.headers } });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer realm=/);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect((await problemOf(response)).code).toBe("UNAUTHENTICATED");
      expect(await snapshotWritableState(db)).toBe(before);
    });
  }
});

describe("tenant isolation", () => {
  it("another provider's key cannot see or touch this provider's members or listing", async () => {
    const db = getDb();
    const a = await makeProviderWithOwner(db, { headline: "A's headline", publicProfile: false, publishedAt: null });
    const aMember = await makeMember(db, { provider: a.provider });
    const b = await makeProviderWithOwner(db);
    const before = JSON.stringify(await snapshotProvider(a.provider.id));

    const removal = await call(DELETE_MEMBER, "/api/provider/studio/members/x", {
      method: "DELETE",
      key: b.key,
      params: { id: aMember.member.id },
    });
    expect(removal.status).toBe(404);
    expect((await problemOf(removal)).code).toBe("NOT_FOUND");

    const bMembers = await (await call(LIST_MEMBERS, "/api/provider/studio/members", { key: b.key })).json();
    expect(bMembers.map((m: { providerSlug: string }) => m.providerSlug)).toEqual([b.provider.slug]);

    const invited = await (await call(INVITE, "/api/provider/studio/members", { key: b.key, json: { email: aMember.user.email } })).json();
    expect(invited.providerSlug).toBe(b.provider.slug);

    const patched = await (await call(PATCH, "/api/provider/studio/listing", { method: "PATCH", key: b.key, json: { headline: "B" } })).json();
    expect(patched.slug).toBe(b.provider.slug);
    expect((await (await call(PUBLISH, "/x", { method: "POST", key: b.key })).json()).slug).toBe(b.provider.slug);
    expect((await (await call(UNPUBLISH, "/x", { method: "POST", key: b.key })).json()).slug).toBe(b.provider.slug);

    expect(JSON.stringify(await snapshotProvider(a.provider.id))).toBe(before);
  });
});

async function snapshotProvider(providerId: string) {
  const db = getDb();
  return {
    provider: await db.select().from(providers).where(eq(providers.id, providerId)),
    members: await db.select().from(providerMembers).where(eq(providerMembers.providerId, providerId)),
  };
}

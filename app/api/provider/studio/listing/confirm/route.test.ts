import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents, providers } from "@/db/schema";
import { makeApiKey, makeMember, makeProviderWithOwner } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { unchangedBy } from "@/test/support/snapshot";
import { GET as GET_PROFILE } from "../../../../public/studio/providers/[slug]/route";
import { GET, POST } from "./route";

const URL_ = "/api/provider/studio/listing/confirm";
const DAY = 86_400_000;

describe("POST /api/provider/studio/listing/confirm", () => {
  it("confirms for an OWNER or ADMIN key: 200 with the full listing, confirmedAt now, audited as listing.confirmed", async () => {
    const db = getDb();
    const { provider, key } = await makeProviderWithOwner(db, { confirmedAt: new Date(Date.now() - 190 * DAY) });
    const admin = await makeMember(db, { provider, role: "ADMIN" });
    const adminKey = await makeApiKey(db, { provider, role: "ADMIN", createdByMemberId: admin.member.id });
    for (const k of [key, adminKey.key]) {
      const response = await call(POST, URL_, { method: "POST", key: k });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const listing = await response.json();
      expect(listing).toMatchObject({ slug: provider.slug, publicProfile: true, hiddenReason: null });
      expect(Date.now() - Date.parse(listing.confirmedAt)).toBeLessThan(60_000);
    }
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.providerId, provider.id), eq(auditEvents.action, "listing.confirmed")));
    expect(events.map((e) => e.actorType)).toEqual(["API_KEY", "API_KEY"]);
    // Its rank was recomputed in the same transaction, freshness included.
    const [after] = await db.select().from(providers).where(eq(providers.id, provider.id));
    expect(after!.rankComputedAt).toBeInstanceOf(Date);
    expect(after!.rankScore).not.toBeNull();
    // The public profile carries the date too.
    const profile = await (await call(GET_PROFILE, `/api/public/studio/providers/${provider.slug}`, { params: { slug: provider.slug } })).json();
    expect(Date.now() - Date.parse(profile.confirmedAt)).toBeLessThan(60_000);
  });

  it("refuses a MEMBER key with 403 FORBIDDEN, and changes nothing", async () => {
    const db = getDb();
    const { provider } = await makeProviderWithOwner(db, { confirmedAt: new Date(Date.now() - 215 * DAY) });
    await db.update(providers).set({ publicProfile: false, hiddenReason: "STALE", staleHiddenAt: new Date() }).where(eq(providers.id, provider.id));
    const member = await makeMember(db, { provider, role: "MEMBER" });
    const memberKey = await makeApiKey(db, { provider, role: "MEMBER", createdByMemberId: member.member.id });
    const response = await unchangedBy(db, () => call(POST, URL_, { method: "POST", key: memberKey.key }));
    expect(response.status).toBe(403);
    expect((await problemOf(response)).code).toBe("FORBIDDEN");
  });

  it("answers 405 to other methods", async () => {
    const { key } = await makeProviderWithOwner(getDb());
    const response = await call(GET, URL_, { key });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});

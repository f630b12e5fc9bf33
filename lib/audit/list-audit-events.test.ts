import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditEvents } from "@/db/schema";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { makeProvider, makeUser } from "@/test/support/factories";
import { CLI_ACTOR, recordAuditEvent } from "./record-audit-event";
import { decodeAuditCursor, listAuditEvents, safeMetadata } from "./list-audit-events";

describe("listAuditEvents", () => {
  it("pages one provider's trail newest first without skipping or repeating events that share a time", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const other = await makeProvider(db);
    const sameTime = new Date("2025-03-01T10:00:00.000Z");
    const inserted = await db
      .insert(auditEvents)
      .values([
        ...Array.from({ length: 5 }, (_, i) => ({
          providerId: provider.id,
          actorType: "CLI" as const,
          actorLabel: "operator CLI",
          action: `test.same${i}`,
          targetType: "provider",
          targetId: provider.id,
          createdAt: sameTime,
        })),
        {
          providerId: provider.id,
          actorType: "CLI" as const,
          actorLabel: "operator CLI",
          action: "test.newest",
          targetType: "provider",
          createdAt: new Date("2025-03-02T10:00:00.000Z"),
        },
        {
          providerId: provider.id,
          actorType: "CLI" as const,
          actorLabel: "operator CLI",
          action: "test.oldest",
          targetType: "provider",
          createdAt: new Date("2025-02-01T10:00:00.000Z"),
        },
        {
          providerId: other.id,
          actorType: "CLI" as const,
          actorLabel: "operator CLI",
          action: "test.other",
          targetType: "provider",
          createdAt: sameTime,
        },
      ])
      .returning({ id: auditEvents.id, action: auditEvents.action });

    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page = await listAuditEvents(db, { providerId: provider.id, before, limit: 2 });
      seen.push(...page.events.map((e) => e.action));
      before = page.nextCursor;
      pages += 1;
    } while (before && pages < 10);

    expect(pages).toBe(4);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen[0]).toBe("test.newest");
    expect(seen.at(-1)).toBe("test.oldest");
    expect(seen).not.toContain("test.other");
    // Equal times fall back to the id, descending.
    const sameIds = inserted.filter((r) => r.action.startsWith("test.same")).map((r) => r.id).sort().reverse();
    expect(seen.slice(1, 6)).toEqual(sameIds.map((id) => inserted.find((r) => r.id === id)!.action));
  });

  it("keeps microseconds in the cursor, so events within one millisecond are not skipped", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    const at = (iso: string) => sql`${iso}::timestamptz`;
    for (const [action, time] of [
      ["test.a", "2025-04-01T10:00:00.000100Z"],
      ["test.b", "2025-04-01T10:00:00.000500Z"],
      ["test.c", "2025-04-01T10:00:00.000900Z"],
    ] as const) {
      await db.insert(auditEvents).values({
        providerId: provider.id,
        actorType: "CLI",
        actorLabel: "operator CLI",
        action,
        targetType: "provider",
        createdAt: at(time),
      });
    }
    const first = await listAuditEvents(db, { providerId: provider.id, limit: 1 });
    const second = await listAuditEvents(db, { providerId: provider.id, limit: 1, before: first.nextCursor });
    const third = await listAuditEvents(db, { providerId: provider.id, limit: 1, before: second.nextCursor });
    expect([first, second, third].map((p) => p.events[0]?.action)).toEqual(["test.c", "test.b", "test.a"]);
    expect(third.nextCursor).toBeNull();
  });

  it("names the actor and the provider, and lists every provider's events when no provider is given", async () => {
    const db = getDb();
    const provider = await makeProvider(db, { name: "Trail Co" });
    const person = await makeUser(db, { name: "Olivia Owner", email: "olivia-trail@example.com" });
    const key = await createApiKey(db, {
      providerId: provider.id,
      name: "Deploy bot",
      role: "OWNER",
      actor: { type: "USER", id: person.id, label: person.email, requestId: "req-1" },
    });
    await recordAuditEvent(db, {
      actor: { type: "API_KEY", id: key.id, label: `API key ${key.prefix}…` },
      providerId: provider.id,
      action: "listing.updated",
      targetType: "provider",
      targetId: provider.id,
      metadata: { fields: ["headline"] },
    });
    await recordAuditEvent(db, {
      actor: CLI_ACTOR,
      providerId: null,
      action: "user.created",
      targetType: "user",
      targetId: person.id,
      metadata: { email: person.email },
    });

    const { events } = await listAuditEvents(db, { providerId: provider.id });
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      action: "listing.updated",
      actor: { type: "API_KEY", id: key.id, label: `API key ${key.prefix}…`, name: "Deploy bot" },
      provider: { id: provider.id, slug: provider.slug, name: "Trail Co" },
    });
    expect(events[1]).toMatchObject({
      action: "api_key.created",
      actor: { type: "USER", id: person.id, label: person.email, name: "Olivia Owner" },
      targetType: "api_key",
      targetId: key.id,
      requestId: "req-1",
      metadata: { prefix: key.prefix, name: "Deploy bot", role: "OWNER", expiresAt: null },
    });
    expect(JSON.stringify(events)).not.toContain(key.key);

    const all = await listAuditEvents(db, {});
    expect(all.events.map((e) => e.action)).toEqual(expect.arrayContaining(["user.created", "listing.updated", "api_key.created"]));
    expect(all.events.find((e) => e.action === "user.created")).toMatchObject({ provider: null, actor: { type: "CLI", name: null } });

    const platform = await listAuditEvents(db, { providerId: null });
    expect(platform.events.map((e) => e.action)).toContain("user.created");
    expect(platform.events.every((e) => e.provider === null)).toBe(true);
  });

  it("answers an empty page for a malformed provider id and refuses a forged cursor", async () => {
    const db = getDb();
    expect(await listAuditEvents(db, { providerId: "not-a-uuid" })).toEqual({ events: [], nextCursor: null });
    await expect(listAuditEvents(db, { before: "bm9wZQ" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(
      listAuditEvents(db, { before: Buffer.from("2025-01-01T00:00:00.000000Z|x'; drop table users; --").toString("base64url") }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(decodeAuditCursor(Buffer.from(`2025-01-01T00:00:00.000000Z|${crypto.randomUUID()}`).toString("base64url"))).not.toBeNull();
  });
});

describe("safeMetadata", () => {
  it("drops secret-looking fields and shortens whole API keys to their prefix, at any depth", () => {
    const key = `prk_${"A".repeat(38)}`;
    expect(
      safeMetadata({
        prefix: "prk_AbCd1234",
        name: "CI",
        key,
        token: "t",
        keyHash: "h",
        nested: { password: "p", note: `pasted ${key} by mistake`, list: [key] },
      }),
    ).toEqual({
      prefix: "prk_AbCd1234",
      name: "CI",
      nested: { note: `pasted prk_AAAAAAAA… by mistake`, list: ["prk_AAAAAAAA…"] },
    });
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { auditEvents, type Provider } from "@/db/schema";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { makeApiKey, makeProvider } from "@/test/support/factories";
import { withEnv } from "@/test/support/env";
import { call, problemOf } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { PRIVATE_NAME, enableWebhooksForFile } from "@/test/support/webhook-api-kit";
import { POST as ROTATE } from "./[id]/rotate-secret/route";
import { DELETE, GET as GET_ONE, PATCH } from "./[id]/route";
import { GET, POST } from "./route";

vi.mock("node:dns/promises", async (importOriginal) => (await import("@/test/support/webhook-api-kit")).fakeDnsModule(importOriginal));
enableWebhooksForFile();

let provider: Provider;
let ownerKey: string;
let memberKey: string;
let otherKey: string;

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER" })).key;
  memberKey = (await makeApiKey(db, { provider, role: "MEMBER" })).key;
  otherKey = (await makeApiKey(db, { provider: await makeProvider(db), role: "OWNER" })).key;
});

const BODY = { url: "https://hooks.wh-api.example/in", description: "CRM sync", eventTypes: ["inquiry.created"] };
const create = (key: string, body: unknown = BODY) => call(POST, "/api/provider/studio/webhooks", { key, json: body });
const one = (id: string) => `/api/provider/studio/webhooks/${id}`;

async function freshProvider() {
  const db = getDb();
  const p = await makeProvider(db);
  return { provider: p, key: (await makeApiKey(db, { provider: p, role: "ADMIN" })).key };
}

describe("POST /api/provider/studio/webhooks", () => {
  it("creates an endpoint and returns its secret once; no GET ever shows it, and the audit has none", async () => {
    const response = await create(ownerKey);
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ url: BODY.url, description: "CRM sync", eventTypes: ["inquiry.created"], enabled: true, disabledReason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretSealed).not.toContain(created.secret.slice(6));
    for (const text of [
      await (await call(GET, "/api/provider/studio/webhooks", { key: memberKey })).text(),
      await (await call(GET_ONE, one(created.id), { key: memberKey, params: { id: created.id } })).text(),
    ]) {
      expect(text).toContain(created.id);
      expect(text).not.toContain(created.secret.slice(6, 30));
      expect(text).not.toMatch(/secret"/i);
    }
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(["webhook.created"]);
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6, 30));
  });

  it("refuses with 422 a host name that resolves to 127.0.0.1 now, and stores nothing", async () => {
    const response = await unchangedBy(getDb(), () => create(ownerKey, { ...BODY, url: `https://${PRIVATE_NAME}/hook` }));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).code).toBe("WEBHOOK_URL_NOT_PUBLIC");
  });

  it.each(["https://[::ffff:127.0.0.1]/", "https://2130706433/", "https://localhost/", "http://hooks.wh-api.example/", "https://u:p@hooks.wh-api.example/"])(
    "refuses %s with 400 VALIDATION_FAILED on the url",
    async (url) => {
      const problem = await problemOf(await create(ownerKey, { ...BODY, url }));
      expect(problem.code).toBe("VALIDATION_FAILED");
      expect(problem.errors?.[0]?.path).toBe("url");
    },
  );

  it("refuses a MEMBER key with 403, and changes nothing", async () => {
    const response = await unchangedBy(getDb(), () => create(memberKey));
    expect(response.status).toBe(403);
  });

  it("allows five endpoints per provider and refuses the sixth with 409 WEBHOOK_LIMIT_REACHED", async () => {
    const { key } = await freshProvider();
    for (let i = 0; i < 5; i++) expect((await create(key)).status).toBe(201);
    const problem = await problemOf(await create(key));
    expect(problem.code).toBe("WEBHOOK_LIMIT_REACHED");
  });

  it("never goes past five under simultaneous creates", raceTest, async () => {
    const { provider: p, key } = await freshProvider();
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => create(key)))).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const rows = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.providerId, p.id));
    expect(rows).toHaveLength(5);
  });

  it("answers 503 SERVICE_UNAVAILABLE on every webhook route without WEBHOOK_ENCRYPTION_KEY", async () => {
    await withEnv({ WEBHOOK_ENCRYPTION_KEY: undefined }, async () => {
      for (const response of [await create(ownerKey), await call(GET, "/api/provider/studio/webhooks", { key: memberKey })]) {
        const problem = await problemOf(response);
        expect(problem.code).toBe("SERVICE_UNAVAILABLE");
        expect(problem.detail).toMatch(/WEBHOOK_ENCRYPTION_KEY/);
      }
    });
  });
});

describe("/api/provider/studio/webhooks/:id", () => {
  async function endpoint() {
    return (await (await create(ownerKey)).json()) as { id: string; secret: string };
  }

  it("answers 404 for another provider's endpoint on every method, and changes nothing", async () => {
    const { id } = await endpoint();
    const params = { id };
    await unchangedBy(getDb(), async () => {
      for (const response of [
        await call(GET_ONE, one(id), { key: otherKey, params }),
        await call(PATCH, one(id), { key: otherKey, params, method: "PATCH", json: { enabled: false } }),
        await call(DELETE, one(id), { key: otherKey, params, method: "DELETE" }),
        await call(ROTATE, `${one(id)}/rotate-secret`, { key: otherKey, params, json: {} }),
      ]) {
        expect((await problemOf(response)).code).toBe("NOT_FOUND");
      }
    });
  });

  it("re-enabling clears the failure state; disabling keeps the reason empty", async () => {
    const { id } = await endpoint();
    await getDb()
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "FAILING", failingSince: new Date(), failureEmailedAt: new Date() })
      .where(eq(webhookEndpoints.id, id));
    const response = await call(PATCH, one(id), { key: ownerKey, params: { id }, method: "PATCH", json: { enabled: true, description: "" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ enabled: true, disabledReason: null, description: null });
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ failingSince: null, failureEmailedAt: null });
  });

  it("rotates the secret with an overlap and says when the old one stops signing; a MEMBER gets 403", async () => {
    const { id, secret } = await endpoint();
    const before = Date.now();
    const response = await call(ROTATE, `${one(id)}/rotate-secret`, { key: ownerKey, params: { id }, json: { overlapHours: 2 } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(secret);
    const expires = Date.parse(body.previousSecretExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(2 * 3600_000 + 5000);
    const [row] = await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.previousSecretSealed).not.toBeNull();
    expect((await call(ROTATE, `${one(id)}/rotate-secret`, { key: memberKey, params: { id }, json: {} })).status).toBe(403);
    expect((await problemOf(await call(ROTATE, `${one(id)}/rotate-secret`, { key: ownerKey, params: { id }, json: { overlapHours: 169 } }))).code).toBe(
      "VALIDATION_FAILED",
    );
  });

  it("deletes with 204; the endpoint is gone and audited", async () => {
    const { id } = await endpoint();
    expect((await call(DELETE, one(id), { key: memberKey, params: { id }, method: "DELETE" })).status).toBe(403);
    expect((await call(DELETE, one(id), { key: ownerKey, params: { id }, method: "DELETE" })).status).toBe(204);
    expect((await call(GET_ONE, one(id), { key: ownerKey, params: { id } })).status).toBe(404);
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["webhook.created", "webhook.deleted"]);
  });
});

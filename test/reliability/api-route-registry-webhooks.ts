import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema-webhooks";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import type { Principal, World } from "./authorization-world";
import type { Handler, RouteCase } from "./api-route-registry";

// The webhook routes' cells of the authorization matrix (extensions §8), kept apart from the main
// registry for size. Its helpers are passed in: this file must not import the registry back.

type Module = Partial<Record<"GET" | "POST" | "PATCH" | "DELETE", Handler>>;
type KeyStatuses = Pick<Record<Principal, number>, "other provider" | "MEMBER" | "ADMIN" | "OWNER">;

/** An IP literal: no DNS is asked, and it is public. */
const MATRIX_URL = "https://93.184.215.14/matrix-hook";

/** A fresh endpoint of A, written directly (its secret never opened by these routes). */
async function freshEndpoint(db: Db, world: World): Promise<string> {
  const id = randomUUID();
  await db.insert(webhookEndpoints).values({ id, providerId: world.a.id, url: MATRIX_URL, eventTypes: ["inquiry.created"], secretSealed: "matrix-sealed" });
  return id;
}

async function freshDelivery(db: Db, world: World, status: "FAILED" | "PENDING" = "FAILED") {
  const id = await freshEndpoint(db, world);
  const messageId = await writeWebhookMessage(db, { providerId: world.a.id, event: { type: "webhook.test", data: { webhookId: id } }, endpointIds: [id] });
  if (status === "FAILED") await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.endpointId, id));
  return { id, messageId: messageId! };
}

export function webhookRouteCases(
  routeModule: (path: string) => Module,
  keyRoute: (statuses: KeyStatuses) => Record<Principal, number>,
): RouteCase[] {
  const base = "/api/provider/studio/webhooks";
  const list = routeModule(base);
  const one = routeModule(`${base}/:id`);
  const rotate = routeModule(`${base}/:id/rotate-secret`);
  const test = routeModule(`${base}/:id/test`);
  const recover = routeModule(`${base}/:id/recover`);
  const deliveries = routeModule(`${base}/:id/deliveries`);
  const delivery = routeModule(`${base}/:id/deliveries/:messageId`);
  const replay = routeModule(`${base}/:id/deliveries/:messageId/replay`);
  const readAll = keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 });
  const readA = keyRoute({ "other provider": 404, MEMBER: 200, ADMIN: 200, OWNER: 200 });
  const writeA = (status: number) => keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: status, OWNER: status });
  const item = (name: string, handler: Handler | undefined, method: string, url: string, expected: Record<Principal, number>, json?: unknown): RouteCase => ({
    name,
    handler: handler!,
    url: `${base}/x${url}`,
    method,
    auth: "apiKey",
    prepare: async (db, w) => ({ method, params: { id: await freshEndpoint(db, w) }, ...(json ? { json } : {}) }),
    expected,
  });
  const ofDelivery = (name: string, handler: Handler | undefined, method: string, url: string, expected: Record<Principal, number>): RouteCase => ({
    name,
    handler: handler!,
    url: `${base}/x/deliveries/y${url}`,
    method,
    auth: "apiKey",
    prepare: async (db, w) => ({ method, params: await freshDelivery(db, w) }),
    expected,
  });
  return [
    { name: "GET webhooks", handler: list.GET!, url: base, method: "GET", auth: "apiKey", prepare: async () => ({}), expected: readAll },
    {
      name: "POST webhooks",
      handler: list.POST!,
      url: base,
      method: "POST",
      auth: "apiKey",
      // Each cell below the limit of five, whatever earlier cells left.
      prepare: async (db, w) => {
        await db.delete(webhookEndpoints).where(inArray(webhookEndpoints.providerId, [w.a.id, w.b.id]));
        return { json: { url: MATRIX_URL, eventTypes: ["inquiry.created"] } };
      },
      expected: keyRoute({ "other provider": 201, MEMBER: 403, ADMIN: 201, OWNER: 201 }),
    },
    item("GET webhook (A's)", one.GET, "GET", "", readA),
    item("PATCH webhook (A's)", one.PATCH, "PATCH", "", writeA(200), { description: "Changed by the matrix" }),
    item("DELETE webhook (A's)", one.DELETE, "DELETE", "", writeA(204)),
    item("POST webhook rotate-secret (A's)", rotate.POST, "POST", "/rotate-secret", writeA(200), { overlapHours: 1 }),
    item("POST webhook test (A's)", test.POST, "POST", "/test", writeA(202)),
    item("POST webhook recover (A's)", recover.POST, "POST", "/recover", writeA(202), { since: new Date(Date.now() - 3600_000).toISOString() }),
    item("GET webhook deliveries (A's)", deliveries.GET, "GET", "/deliveries", readA),
    ofDelivery("GET webhook delivery (A's)", delivery.GET, "GET", "", readA),
    ofDelivery("POST webhook replay (A's)", replay.POST, "POST", "/replay", writeA(202)),
  ];
}

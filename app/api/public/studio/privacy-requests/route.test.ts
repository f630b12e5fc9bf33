import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { privacyRequests } from "@/db/schema-reviews";
import { mailboxHash } from "@/lib/privacy/mailbox-hash";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { withEnv } from "@/test/support/env";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { unchangedBy } from "@/test/support/snapshot";
import { GET, POST } from "./route";

const submit = (body: unknown, headers?: Record<string, string>) => call(POST, "/api/public/studio/privacy-requests", { json: body, headers });
let ip = 0;
const freshClient = () => peerAddressHeaders(`198.51.100.${++ip}`);

describe("POST /api/public/studio/privacy-requests", () => {
  it("answers byte-identical 202 bodies for an address we hold and one we do not, and writes a request and an email for each", async () => {
    const db = getDb();
    const provider = await makeProvider(db);
    await makeInquiry(db, { providerId: provider.id, senderEmail: "known.sender@example.com" });
    const known = await submit({ email: "known.sender@example.com", kind: "ERASE" }, freshClient());
    const unknown = await submit({ email: "never.seen@example.com", kind: "ERASE" }, freshClient());
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const [a, b] = [await known.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(known.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    for (const address of ["known.sender@example.com", "never.seen@example.com"]) {
      const rows = await db.select().from(privacyRequests).where(eq(privacyRequests.mailboxHash, mailboxHash(address)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      const emails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, address));
      expect(emails.map((e) => e.kind)).toEqual(["PRIVACY_CONFIRM"]);
    }
  });

  it("stores only hashes: no privacy_requests column holds the address or its mailbox key", async () => {
    const db = getDb();
    await submit({ email: "Hash.Only+x@gmail.com", kind: "ACCESS" }, freshClient());
    const [hit] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(privacyRequests)
      .where(sql`row_to_json(privacy_requests)::text ilike '%hash%only%' or row_to_json(privacy_requests)::text ilike '%hashonly%'`);
    expect(hit!.n).toBe(0);
  });

  it("allows 3 requests per mailbox per 24 hours, whatever its spelling and client, then the neutral 429 that changes nothing", async () => {
    const spellings = ["limit.me@gmail.com", "limitme+1@gmail.com", "l.i.m.i.t.m.e@googlemail.com", "limitme@gmail.com"];
    for (const email of spellings.slice(0, 3)) expect((await submit({ email, kind: "ACCESS" }, freshClient())).status).toBe(202);
    const refused = await unchangedBy(getDb(), () => submit({ email: spellings[3], kind: "ERASE" }, freshClient()));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
  });

  it("limits requests per client per hour with PRIVACY_IP_LIMIT", async () => {
    await withEnv({ PRIVACY_IP_LIMIT: "2" }, async () => {
      const client = freshClient();
      expect((await submit({ email: "ip1@example.com", kind: "ACCESS" }, client)).status).toBe(202);
      expect((await submit({ email: "ip2@example.com", kind: "ACCESS" }, client)).status).toBe(202);
      const refused = await submit({ email: "ip3@example.com", kind: "ACCESS" }, client);
      expect(refused.status).toBe(429);
      expect((await problemOf(refused)).detail).toBe(RATE_LIMITED_DETAIL);
      expect((await submit({ email: "ip3@example.com", kind: "ACCESS" }, freshClient())).status).toBe(202);
    });
  });

  it("refuses a bad address or kind with 400 VALIDATION_FAILED, and changes nothing", async () => {
    for (const body of [{ email: "not-an-address", kind: "ACCESS" }, { email: "a@example.com", kind: "DELETE" }, { kind: "ERASE" }]) {
      const response = await unchangedBy(getDb(), () => submit(body, freshClient()));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    }
  });

  it("answers 405 to GET", async () => {
    expect((await call(GET, "/api/public/studio/privacy-requests")).status).toBe(405);
  });
});

import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { devMailbox, emailOutbox } from "@/db/schema";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { enqueueEmail } from "@/lib/email/outbox";
import { approvalEmail, verificationEmail } from "@/lib/applications/emails";
import { createEmailTransport } from "@/lib/email/transports";
import { resetEnv } from "@/lib/config/env";
import { GET, POST } from "./route";

const saved = { ...process.env };

function selectTransport(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  resetEnv();
}

async function deliver(to: string, kind: "VERIFICATION" | "APPROVAL") {
  const db = getDb();
  const message =
    kind === "VERIFICATION"
      ? verificationEmail({ verifyUrl: `https://app.test/verify?token=tok-${to}` })
      : approvalEmail({ fullName: "Ada", providerName: "Acme", signInUrl: "https://app.test/studio", signInExpires: null });
  await enqueueEmail(db, { kind, to, message });
  const transport = createEmailTransport(db);
  if (!transport) throw new Error("mailbox transport expected");
  const result = await dispatchDueEmails(db, { transport });
  expect(result.sent).toBe(1);
}

function get(query = "", headers: Record<string, string> = {}) {
  return GET(new Request(`http://localhost/api/dev/mailbox${query}`, { headers }));
}

const SECRET = "mailbox-secret-for-tests-0123456789";

beforeAll(async () => {
  await getDb().delete(emailOutbox);
  await getDb().delete(devMailbox);
});

beforeEach(() => selectTransport({ EMAIL_TRANSPORT: "mailbox" }));

afterEach(() => {
  process.env = { ...saved };
  resetEnv();
});

describe("GET /api/dev/mailbox", () => {
  it("lists the emails delivered to an address, newest first, with their links", async () => {
    await deliver("ada@example.com", "VERIFICATION");
    await deliver("bob@example.com", "VERIFICATION");
    await deliver("ada@example.com", "APPROVAL");

    const response = await get("?to=%20Ada@Example.COM%20");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Array<Record<string, unknown>>;
    expect(body.map((m) => m.subject)).toEqual([
      "Your application to Provider Registry is approved",
      "Confirm your email for Provider Registry",
    ]);
    expect(body[0]).toMatchObject({ to: "ada@example.com", links: ["https://app.test/studio"] });
    expect(body[1]!.links).toEqual(["https://app.test/verify?token=tok-ada@example.com"]);
    expect(String(body[1]!.text)).toContain("Confirm your email: https://app.test/verify?token=");
    expect(typeof body[0]!.createdAt).toBe("string");

  });

  it("never lists everyone's mail: without an address it is a validation problem", async () => {
    await deliver("carol@example.com", "VERIFICATION");
    const response = await get();
    expect(response.status).toBe(400);
    const problem = (await response.json()) as { code: string; errors: { path: string }[] };
    expect(problem.code).toBe("VALIDATION_FAILED");
    expect(problem.errors.map((e) => e.path)).toEqual(["to"]);
    expect((await get("?to=")).status).toBe(400);
  });

  it("in a production build, stays closed without MAILBOX_SECRET even with the mailbox transport", async () => {
    selectTransport({ EMAIL_TRANSPORT: "mailbox", NODE_ENV: "production" });
    await deliver("dana@example.com", "VERIFICATION");
    for (const response of [await get("?to=dana@example.com"), await get("?to=dana@example.com&secret=anything-at-all-123")]) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain("token");
    }
  });

  it("with MAILBOX_SECRET, answers only a request that presents it, in the header or the query", async () => {
    for (const nodeEnv of ["production", "development"]) {
      selectTransport({ EMAIL_TRANSPORT: "mailbox", NODE_ENV: nodeEnv, MAILBOX_SECRET: SECRET });
      await deliver(`erin-${nodeEnv}@example.com`, "VERIFICATION");
      const to = `?to=erin-${nodeEnv}@example.com`;
      expect((await get(to)).status).toBe(404);
      expect((await get(to, { "x-mailbox-secret": `${SECRET}x` })).status).toBe(404);
      expect((await get(`${to}&secret=${SECRET.slice(0, -1)}`)).status).toBe(404);
      const byHeader = await get(to, { "x-mailbox-secret": SECRET });
      expect(byHeader.status).toBe(200);
      expect(((await byHeader.json()) as unknown[]).length).toBe(1);
      expect((await get(`${to}&secret=${SECRET}`)).status).toBe(200);
      // Even with the secret, one address at a time.
      expect((await get("", { "x-mailbox-secret": SECRET })).status).toBe(400);
    }
  });

  it("rejects a malformed address with a validation problem", async () => {
    const response = await get("?to=not-an-email");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
  });

  it("does not exist when another transport is active", async () => {
    selectTransport({ EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test_key" });
    const response = await get("?to=ada@example.com");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const body = (await response.json()) as { code: string; status: number; requestId: string };
    expect(body).toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(response.headers.get("x-request-id")).toBe(body.requestId);
  });

  it("answers other methods with 405 and the allowed methods", async () => {
    const response = await POST(new Request("http://localhost/api/dev/mailbox", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(((await response.json()) as { code: string }).code).toBe("METHOD_NOT_ALLOWED");
  });
});

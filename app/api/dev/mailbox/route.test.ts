import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { devMailbox, emailOutbox } from "@/db/schema";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { enqueueEmail } from "@/lib/email/outbox";
import { approvalEmail, verificationEmail } from "@/lib/email/templates";
import { createEmailTransport } from "@/lib/email/transports";
import { resetEnv } from "@/lib/env";
import { GET, POST } from "./route";

const saved = { ...process.env };

function useTransport(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  resetEnv();
}

async function deliver(to: string, kind: "VERIFICATION" | "APPROVAL") {
  const db = getDb();
  const message =
    kind === "VERIFICATION"
      ? verificationEmail({ verifyUrl: `https://app.test/verify?token=tok-${to}` })
      : approvalEmail({ fullName: "Ada", providerName: "Acme", studioUrl: "https://app.test/studio" });
  await enqueueEmail(db, { kind, to, message });
  const transport = createEmailTransport(db);
  if (!transport) throw new Error("mailbox transport expected");
  const result = await dispatchDueEmails(db, { transport });
  expect(result.sent).toBe(1);
}

function get(query = "") {
  return GET(new Request(`http://localhost/api/dev/mailbox${query}`));
}

beforeAll(async () => {
  await getDb().delete(emailOutbox);
  await getDb().delete(devMailbox);
});

beforeEach(() => useTransport({ EMAIL_TRANSPORT: "mailbox" }));

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

    const all = (await (await get()).json()) as unknown[];
    expect(all).toHaveLength(3);
  });

  it("rejects a malformed address with a validation problem", async () => {
    const response = await get("?to=not-an-email");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
  });

  it("does not exist when another transport is active", async () => {
    useTransport({ EMAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_test_key" });
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

import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { interestApplications } from "@/db/schema";
import { insertApplicationRow } from "@/lib/applications/insert-application-row";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { unchangedBy } from "@/test/support/snapshot";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";
import { POST } from "./route";

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

async function makeApplication(expired = false) {
  const token = createVerificationToken();
  const row = await insertApplicationRow(getDb(), {
    fullName: "Katherine Johnson",
    email: `katherine-${token.hash.slice(0, 8)}@example.com`,
    description: "Orbital mechanics, by hand.",
    stage: "AWAITING_VERIFICATION",
    tokenHash: token.hash,
    tokenExpiresAt: expired ? new Date(Date.now() - 1000) : token.expiresAt,
  });
  return { token: token.token, id: row.id };
}

// A script-less browser posts the form (with "Origin: null", as the page is no-referrer).
function post(token?: string): Promise<Response> {
  const body = new URLSearchParams(token === undefined ? {} : { token });
  return POST(
    new Request("http://localhost:3000/verify/confirm", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      body,
    }),
  );
}

describe("POST /verify/confirm (the confirm button without JavaScript)", () => {
  it("moves the application into review and sends the browser to the in-review outcome, without the token", async () => {
    const app = await makeApplication();
    const response = await post(app.token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/verify/outcome?result=in-review");
    const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.id, app.id));
    expect(row!.stage).toBe("IN_REVIEW");
  });

  it("answers expired, unknown and missing tokens with their outcome pages and changes nothing", async () => {
    const expired = await makeApplication(true);
    const refused = (token?: string) => unchangedBy(getDb(), () => post(token));
    expect((await refused(expired.token)).headers.get("location")).toMatch(/result=expired$/);
    expect((await refused("A".repeat(43))).headers.get("location")).toMatch(/result=invalid$/);
    expect((await refused()).headers.get("location")).toMatch(/result=invalid$/);
    const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.id, expired.id));
    expect(row!.stage).toBe("AWAITING_VERIFICATION");
  });
});

describe("POST /verify/confirm with a body over its limit", () => {
  const big = (bytes: number) => `token=${"A".repeat(bytes)}`;

  it("refuses a declared Content-Length over the limit with 413 before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 200) controller.close();
        else controller.enqueue(new TextEncoder().encode(big(1024)));
      },
    });
    const response = await POST(
      new Request("http://localhost:3000/verify/confirm", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(VERIFY_FORM_LIMIT_BYTES + 1) },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    // The stream's first chunk is queued when it is made; nothing was asked for after that.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("refuses a chunked body (no Content-Length) with 413 once it passes the limit, reading no further", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 10_000) controller.close();
        else controller.enqueue(new Uint8Array(1024).fill(65));
      },
    });
    const response = await POST(
      new Request("http://localhost:3000/verify/confirm", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(pulled * 1024).toBeLessThan(VERIFY_FORM_LIMIT_BYTES + 4 * 1024);
  });

  it("still confirms a form just under the limit", async () => {
    const app = await makeApplication();
    const padding = "x".repeat(VERIFY_FORM_LIMIT_BYTES - 200);
    const response = await POST(
      new Request("http://localhost:3000/verify/confirm", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: app.token, padding }),
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/result=in-review$/);
  });
});

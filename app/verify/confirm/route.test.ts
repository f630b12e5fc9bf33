import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { interestApplications } from "@/db/schema";
import { insertApplicationRow } from "@/lib/applications/insert-application-row";
import { createVerificationToken } from "@/lib/applications/verification-token";
import { unchangedBy } from "@/lib/testing/snapshot";
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

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { interestApplications } from "@/db/schema";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { call, problemOf } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { GET, POST } from "./route";

async function makeApplication(options: { expired?: boolean } = {}) {
  const token = createVerificationToken();
  const [row] = await getDb()
    .insert(interestApplications)
    .values({
      fullName: "Grace Hopper",
      email: `grace-${token.hash.slice(0, 8)}@example.com`,
      description: "Compilers and more compilers.",
      tokenHash: token.hash,
      tokenExpiresAt: options.expired ? new Date(Date.now() - 1000) : token.expiresAt,
      ...(options.expired ? { createdAt: new Date(Date.now() - 25 * 3600 * 1000) } : {}),
    })
    .returning();
  return { token: token.token, id: row!.id };
}

const verify = (token?: string) =>
  call(POST, `/api/public/studio/providers/verify${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`, {
    method: "POST",
  });

async function stageOf(id: string) {
  const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.id, id));
  return row!;
}

describe("POST /api/public/studio/providers/verify", () => {
  it("moves the application into review on first use and answers 200 IN_REVIEW", async () => {
    const app = await makeApplication();
    const response = await verify(app.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: expect.any(String), status: "IN_REVIEW" });
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const row = await stageOf(app.id);
    expect(row.stage).toBe("IN_REVIEW");
    expect(row.verifiedAt).toBeInstanceOf(Date);
  });

  it("answers a repeated verify with the same 200 body and changes nothing", async () => {
    const app = await makeApplication();
    const first = await (await verify(app.token)).json();
    const before = await stageOf(app.id);
    const second = await unchangedBy(getDb(), () => verify(app.token));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
    expect(await stageOf(app.id)).toEqual(before);
  });

  // That the ten move it exactly once (one write, not ten) is test/reliability/verify-race.test.ts's to show.
  it("answers 10 simultaneous verifies all with the same 200 IN_REVIEW body and leaves the application in review", raceTest, async () => {
    const app = await makeApplication();
    const responses = await Promise.all(Array.from({ length: 10 }, () => verify(app.token)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toMatchObject({ success: true, status: "IN_REVIEW" });
    const row = await stageOf(app.id);
    expect(row.stage).toBe("IN_REVIEW");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["malformed", "abc"],
    ["unknown but well-formed", "A".repeat(43)],
  ])("answers a %s token with 400 TOKEN_INVALID", async (_label, token) => {
    const response = await verify(token);
    expect(response.status).toBe(400);
    expect((await problemOf(response)).code).toBe("TOKEN_INVALID");
  });

  it("answers a token older than 24 hours with 410 TOKEN_EXPIRED and leaves the application awaiting", async () => {
    const app = await makeApplication({ expired: true });
    const response = await verify(app.token);
    expect(response.status).toBe(410);
    expect((await problemOf(response)).code).toBe("TOKEN_EXPIRED");
    expect((await stageOf(app.id)).stage).toBe("AWAITING_VERIFICATION");
  });

  it("changes nothing on GET (405), so a mail scanner following links cannot verify", async () => {
    const app = await makeApplication();
    const response = await unchangedBy(getDb(), () => call(GET, `/api/public/studio/providers/verify?token=${app.token}`));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await stageOf(app.id)).stage).toBe("AWAITING_VERIFICATION");
  });
});

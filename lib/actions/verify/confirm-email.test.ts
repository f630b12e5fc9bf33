import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import type { ApplicationStage } from "@/db/enums";
import { interestApplications } from "@/db/schema";
import { insertApplicationRow } from "@/lib/applications/insert-application-row";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { unchangedBy } from "@/test/support/snapshot";
import { confirmEmail } from "./confirm-email";

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

async function makeApplication(options: { expired?: boolean; stage?: ApplicationStage } = {}) {
  const token = createVerificationToken();
  const row = await insertApplicationRow(getDb(), {
    fullName: "Grace Hopper",
    email: `grace-${token.hash.slice(0, 8)}@example.com`,
    description: "Compilers and more compilers.",
    stage: options.stage ?? "AWAITING_VERIFICATION",
    tokenHash: token.hash,
    tokenExpiresAt: options.expired ? new Date(Date.now() - 1000) : token.expiresAt,
  });
  return { token: token.token, id: row.id };
}

const form = (token?: string) => {
  const data = new FormData();
  if (token !== undefined) data.set("token", token);
  return data;
};

async function stageOf(id: string) {
  const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.id, id));
  return row!.stage;
}

describe("confirmEmail (the verify page's confirm button)", () => {
  it("moves the application into review and says so", async () => {
    const app = await makeApplication();
    const result = await confirmEmail(null, form(app.token));
    expect(result).toEqual({ ok: true, data: { success: true, message: expect.stringMatching(/in review/), status: "IN_REVIEW" } });
    expect(await stageOf(app.id)).toBe("IN_REVIEW");
  });

  it("answers a second confirm exactly as the first, changing nothing", async () => {
    const app = await makeApplication();
    const first = await confirmEmail(null, form(app.token));
    const second = await unchangedBy(getDb(), () => confirmEmail(first, form(app.token)));
    expect(second).toEqual(first);
    expect(await stageOf(app.id)).toBe("IN_REVIEW");
  });

  it("reports an application that was already decided as confirmed, with its stage", async () => {
    const app = await makeApplication({ stage: "APPROVED" });
    expect(await confirmEmail(null, form(app.token))).toMatchObject({ ok: true, data: { status: "APPROVED" } });
    expect(await stageOf(app.id)).toBe("APPROVED");
  });

  it("answers an expired link with TOKEN_EXPIRED and leaves the application awaiting verification", async () => {
    const app = await makeApplication({ expired: true });
    expect(await confirmEmail(null, form(app.token))).toMatchObject({ ok: false, code: "TOKEN_EXPIRED" });
    expect(await stageOf(app.id)).toBe("AWAITING_VERIFICATION");
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["garbled", "not-a-token"],
    ["unknown but well-formed", "A".repeat(43)],
  ])("answers a %s token with TOKEN_INVALID", async (_label, token) => {
    expect(await confirmEmail(null, form(token))).toMatchObject({ ok: false, code: "TOKEN_INVALID" });
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { reviewInvitations } from "@/db/schema-reviews";
import { makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { makeInvitation } from "@/test/support/review-factories";
import { GET as READ } from "../invitation/route";
import { GET, POST as DECLINE } from "./route";

const DAY = 86_400_000;
let provider: Provider;

beforeAll(async () => {
  provider = await makeProvider(getDb());
});

const read = (token: string) => call(READ, `/api/public/studio/reviews/invitation?token=${encodeURIComponent(token)}`);
const decline = (token: string, body: unknown) =>
  call(DECLINE, `/api/public/studio/reviews/decline?token=${encodeURIComponent(token)}`, { method: "POST", json: body });

describe("POST /api/public/studio/reviews/decline", () => {
  it("closes the invitation privately; again is the same 200 and keeps the first reason; the link then opens nothing", async () => {
    const db = getDb();
    const { token, invitation } = await makeInvitation(db, { providerId: provider.id });
    const first = await decline(token, { reason: "NOT_HIRED" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, status: "DECLINED" });
    expect((await decline(token, { reason: "NO_THANKS" })).status).toBe(200);
    const [row] = await db.select().from(reviewInvitations).where(eq(reviewInvitations.id, invitation.id));
    expect(row).toMatchObject({ declineReason: "NOT_HIRED", declinedAt: expect.any(Date) });
    const after = await read(token);
    expect(after.status).toBe(410);
  });

  it("refuses a bad reason or an unknown field (400 VALIDATION_FAILED), a bad token (400) and an expired one (410)", async () => {
    const db = getDb();
    const { token } = await makeInvitation(db, { providerId: provider.id });
    const expired = await makeInvitation(db, { providerId: provider.id, sentAt: new Date(Date.now() - 100 * DAY) });
    const answers = [
      await decline(token, { reason: "MAYBE" }),
      await decline(token, { reason: "NOT_HIRED", note: "x" }),
      await decline("nope", { reason: "NOT_HIRED" }),
      await decline(expired.token, { reason: "NOT_HIRED" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 410]);
    expect((await problemOf(answers[2]!)).code).toBe("TOKEN_INVALID");
  });
});

it("answers 405 to GET", async () => {
  expect((await call(GET, "/api/public/studio/reviews/decline")).status).toBe(405);
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { privacyRequests } from "@/db/schema-reviews";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { call, problemOf } from "@/test/support/http";
import { requestPrivacyToken } from "@/test/support/privacy-fixture";
import { unchangedBy } from "@/test/support/snapshot";
import { GET, POST } from "./route";

const confirm = (token?: string) =>
  call(POST, `/api/public/studio/privacy-requests/confirm${token === undefined ? "" : `?token=${encodeURIComponent(token)}`}`, { method: "POST" });

describe("POST /api/public/studio/privacy-requests/confirm", () => {
  it("answers 200 COMPLETED with the kind, then the same 200 again, emailing the access link once", async () => {
    const token = await requestPrivacyToken(getDb(), { email: "twice@example.com", kind: "ACCESS" });
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await first.json()).toEqual({ status: "COMPLETED", kind: "ACCESS" });
    const second = await unchangedBy(getDb(), () => confirm(token));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ status: "COMPLETED", kind: "ACCESS" });
    const ready = await getDb().select().from(emailOutbox).where(eq(emailOutbox.kind, "PRIVACY_ACCESS_READY"));
    expect(ready.map((r) => r.to)).toEqual(["twice@example.com"]);
    expect(ready[0]!.text).toMatch(/\/privacy\/download\?token=[A-Za-z0-9_-]{43}/);
  });

  it("refuses a missing, malformed or unknown token with 400 TOKEN_INVALID, changing nothing", async () => {
    for (const token of [undefined, "short", "A".repeat(43)]) {
      const response = await unchangedBy(getDb(), () => confirm(token));
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("TOKEN_INVALID");
    }
  });

  it("refuses a link past its 24 hours with 410 TOKEN_EXPIRED, erasing nothing", async () => {
    const token = await requestPrivacyToken(getDb(), { email: "late@example.com", kind: "ERASE" });
    await getDb()
      .update(privacyRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(privacyRequests.tokenHash, hashVerificationToken(token)));
    const response = await unchangedBy(getDb(), () => confirm(token));
    expect(response.status).toBe(410);
    expect((await problemOf(response)).code).toBe("TOKEN_EXPIRED");
  });

  it("answers 405 to GET: opening the link's address changes nothing", async () => {
    expect((await call(GET, "/api/public/studio/privacy-requests/confirm?token=x")).status).toBe(405);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, interestApplications } from "@/db/schema";
import { withEnv } from "@/test/support/env";
import { RATE_LIMITED_DETAIL } from "@/lib/rate-limit/rate-limited-error";
import { unchangedBy } from "@/test/support/snapshot";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { submitApplication } from "./submit-application";

// Server actions read the request headers through next/headers, which only works inside a request.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));

let n = 0;
const freshEmail = () => `apply-action-${Date.now()}-${++n}@example.com`;
const valid = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Ada Lovelace",
  email: freshEmail(),
  companyName: "Analytical Engines",
  specialties: ["DEVELOPMENT" as const],
  description: "We build careful software for careful people.",
  portfolioLinks: ["https://example.com/work"],
  referralSource: "",
  ...overrides,
});

async function countFor(email: string) {
  const db = getDb();
  const [apps] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interestApplications)
    .where(eq(interestApplications.email, email));
  const [mails] = await db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox).where(eq(emailOutbox.to, email));
  return { applications: apps!.n, emails: mails!.n };
}

describe("submitApplication (the apply form's server action)", () => {
  it("stores the application awaiting verification, queues the email and answers with the normalised address", async () => {
    const email = freshEmail();
    const result = await submitApplication(valid({ email: `  ${email.toUpperCase()} ` }));
    expect(result).toEqual({ ok: true, data: { email } });
    const [row] = await getDb().select().from(interestApplications).where(eq(interestApplications.email, email));
    expect(row).toMatchObject({ stage: "AWAITING_VERIFICATION", companyName: "Analytical Engines", referralSource: null });
    expect(await countFor(email)).toEqual({ applications: 1, emails: 1 });
  });

  it("refuses invalid input field by field and stores nothing", async () => {
    const email = freshEmail();
    const result = await unchangedBy(getDb(), () =>
      submitApplication(valid({ email, fullName: " ", description: "short", portfolioLinks: ["https://ok.example.com", "ftp://x"] })),
    );
    expect(result).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: {
        fullName: "Enter your full name",
        description: "Describe your work in at least 10 characters",
        "portfolioLinks.1": expect.stringMatching(/http/),
      },
    });
    expect(await countFor(email)).toEqual({ applications: 0, emails: 0 });
  });

  it("refuses an application without a company name, which the public API would accept, and stores nothing", async () => {
    const email = freshEmail();
    const result = await unchangedBy(getDb(), () => submitApplication(valid({ email, companyName: "  " })));
    expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { companyName: "Enter your company or agency name" } });
    expect(await countFor(email)).toEqual({ applications: 0, emails: 0 });
  });

  it("refuses the 4th application for one email within 24 hours, saying when to try again and not why", async () => {
    const email = freshEmail();
    for (let i = 0; i < 3; i++) expect((await submitApplication(valid({ email }))).ok).toBe(true);
    const fourth = await submitApplication(valid({ email }));
    expect(fourth).toMatchObject({ ok: false, code: "RATE_LIMITED", message: RATE_LIMITED_DETAIL });
    expect(fourth.ok === false && fourth.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await countFor(email)).toEqual({ applications: 3, emails: 3 });
  });

  it("refuses a missing CAPTCHA token with CAPTCHA_FAILED when CAPTCHA is configured", async () => {
    const email = freshEmail();
    const result = await withEnv({ TURNSTILE_SECRET_KEY: "secret" }, () => submitApplication(valid({ email })));
    expect(result).toMatchObject({ ok: false, code: "CAPTCHA_FAILED" });
    expect(await countFor(email)).toEqual({ applications: 0, emails: 0 });
  });

  it("counts applications per client IP: the socket's address, whatever X-Forwarded-For claims", async () => {
    request.headers = new Headers({ ...peerAddressHeaders("203.0.113.9"), "x-forwarded-for": "198.51.100.1" });
    try {
      await withEnv({ INTEREST_IP_LIMIT: "1", TRUSTED_PROXY_HOPS: "0" }, async () => {
        expect((await submitApplication(valid())).ok).toBe(true);
        request.headers = new Headers({ ...peerAddressHeaders("203.0.113.9"), "x-forwarded-for": "198.51.100.2" });
        expect(await submitApplication(valid())).toMatchObject({ ok: false, code: "RATE_LIMITED" });
      });
    } finally {
      request.headers = new Headers();
    }
  });
});

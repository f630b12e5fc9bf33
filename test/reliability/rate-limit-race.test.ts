import { count, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, interestApplications, rateLimitHits } from "@/db/schema";
import { POST as INTEREST } from "@/app/api/public/studio/providers/interest/route";
import { submitApplication } from "@/lib/actions/apply/submit-application";
import { rateLimitKey } from "@/lib/rate-limit/consume-rate-limit";
import { withEnv } from "@/test/support/env";
import { call } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { setRequest } from "@/test/support/next-request";
import { countKnob, reportFigures } from "./database-dump";

vi.mock("next/headers", () => import("@/test/support/next-request"));

// The contract: the 4th interest submission for one email within 24 h is a 429, "whatever the
// concurrency": 20 simultaneous submissions yield exactly 3 × 201 and 17 × 429. Each round races
// 20 submissions for a fresh email, half through the API and half through the apply form's action.
// Races need Postgres (the `race` tag): on PGlite, one connection, the 20 would run one by one.

const ROUNDS = countKnob("RELIABILITY_RACE_ROUNDS", 100);
const CONCURRENCY = 20;
const LIMIT = 3;
const figures = { rounds: 0, requests: 0, violations: 0, ipRounds: 0, ipViolations: 0 };

afterAll(() => {
  reportFigures(
    "rate-limit-race",
    `per-email: ${figures.rounds} rounds × ${CONCURRENCY} concurrent (${figures.requests} submissions), ${figures.violations} violations; ` +
      `per-IP: ${figures.ipRounds} rounds, ${figures.ipViolations} violations`,
  );
});

const body = (email: string) => ({ fullName: "Race Runner", email, companyName: "Race Works", description: "Racing the rate limit, politely." });

async function viaApi(email: string, ip?: string): Promise<number> {
  const response = await call(INTEREST, "/api/public/studio/providers/interest", {
    json: body(email),
    headers: ip ? { "x-forwarded-for": ip } : {},
  });
  return response.status;
}

async function viaAction(email: string): Promise<number> {
  const result = await submitApplication(body(email));
  if (result.ok) return 201;
  return result.code === "RATE_LIMITED" ? 429 : 500;
}

async function rowsFor(email: string) {
  const db = getDb();
  const [apps] = await db.select({ n: count() }).from(interestApplications).where(eq(interestApplications.email, email));
  const [mails] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.to, email));
  const [hits] = await db.select({ n: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("interest:email", email)));
  return { applications: apps!.n, emails: mails!.n, hits: hits!.n };
}

describe("per-email limit under concurrency", raceTest, () => {
  it(`admits exactly ${LIMIT} of ${CONCURRENCY} simultaneous submissions, in each of ${ROUNDS} rounds`, { timeout: 180_000 }, async () => {
    setRequest({});
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const email = `race-${round}-${process.pid}@example.com`;
      const statuses = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) => (i % 2 === 0 ? viaApi(email) : viaAction(email))),
      );
      figures.rounds += 1;
      figures.requests += CONCURRENCY;
      const accepted = statuses.filter((s) => s === 201).length;
      const limited = statuses.filter((s) => s === 429).length;
      const rows = await rowsFor(email);
      const ok =
        accepted === LIMIT && limited === CONCURRENCY - LIMIT && rows.applications === LIMIT && rows.emails === LIMIT && rows.hits === LIMIT;
      if (!ok) {
        figures.violations += 1;
        problems.push(`round ${round}: ${accepted} × 201, ${limited} × 429, rows ${JSON.stringify(rows)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("per-IP limit under concurrency", raceTest, () => {
  it("admits exactly INTEREST_IP_LIMIT submissions from one client address, whatever the emails", async () => {
    const ipLimit = 5;
    const rounds = Math.max(5, Math.ceil(ROUNDS / 10));
    const problems: string[] = [];
    await withEnv({ INTEREST_IP_LIMIT: String(ipLimit), TRUSTED_PROXY_HOPS: "1" }, async () => {
      for (let round = 0; round < rounds; round++) {
        const ip = `203.0.113.${round + 1}`;
        const statuses = await Promise.all(
          Array.from({ length: CONCURRENCY }, (_, i) => viaApi(`ip-${round}-${i}-${process.pid}@example.com`, ip)),
        );
        figures.ipRounds += 1;
        const accepted = statuses.filter((s) => s === 201).length;
        const [stored] = await getDb()
          .select({ n: count() })
          .from(interestApplications)
          .where(like(interestApplications.email, `ip-${round}-%-${process.pid}@example.com`));
        if (accepted !== ipLimit || statuses.some((s) => s !== 201 && s !== 429) || stored!.n !== ipLimit) {
          figures.ipViolations += 1;
          problems.push(`round ${round}: ${accepted} accepted, ${stored!.n} stored, ${JSON.stringify(statuses)}`);
        }
      }
    });
    expect(problems).toEqual([]);
  });
});

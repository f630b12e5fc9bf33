import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { executeRows } from "@/db/client";
import { interestApplications } from "@/db/schema";
import { POST as VERIFY } from "@/app/api/public/studio/providers/verify/route";
import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { call } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { setRequest } from "@/test/support/next-request";
import { countKnob, reportFigures } from "./database-dump";

vi.mock("next/headers", () => import("@/test/support/next-request"));

// "Ten simultaneous verifies of one token move the application into review exactly once." The
// stage alone cannot tell one transition from several, so a trigger in this test's own database
// records every UPDATE of an application row: each write, and each change of stage. Races need
// Postgres (the `race` tag): on PGlite, one connection, the ten would run one by one.

const ROUNDS = countKnob("RELIABILITY_RACE_ROUNDS", 100);
const CONCURRENCY = 10;
const figures = { rounds: 0, requests: 0, doubleTransitions: 0, missedTransitions: 0, extraWrites: 0, wrongAnswers: 0, expiredRounds: 0 };

beforeAll(async () => {
  await getDb().execute(sql`
    create table reliability_application_writes (
      application_id uuid not null, old_stage text not null, new_stage text not null, at timestamptz not null default clock_timestamp()
    )`);
  await getDb().execute(sql`
    create function reliability_record_application_write() returns trigger language plpgsql as $$
    begin
      insert into reliability_application_writes (application_id, old_stage, new_stage) values (new.id, old.stage, new.stage);
      return new;
    end $$`);
  await getDb().execute(sql`
    create trigger reliability_application_writes after update on interest_applications
    for each row execute function reliability_record_application_write()`);
});

afterAll(() => {
  reportFigures(
    "verify-race",
    `${figures.rounds} rounds × ${CONCURRENCY} concurrent verifies (${figures.requests} requests): ` +
      `${figures.doubleTransitions} double transitions, ${figures.missedTransitions} missed, ${figures.extraWrites} extra row writes, ` +
      `${figures.wrongAnswers} wrong answers; ${figures.expiredRounds} expired-token rounds`,
  );
});

async function application(expired = false) {
  const token = createVerificationToken();
  const [row] = await getDb()
    .insert(interestApplications)
    .values({
      fullName: "Race Verifier",
      email: `verify-race-${token.hash.slice(0, 10)}@example.com`,
      description: "An application raced by verify-race.",
      tokenHash: token.hash,
      tokenExpiresAt: expired ? new Date(Date.now() - 1000) : token.expiresAt,
    })
    .returning({ id: interestApplications.id });
  return { id: row!.id, token: token.token };
}

async function viaApi(token: string): Promise<string> {
  const response = await call(VERIFY, `/api/public/studio/providers/verify?token=${token}`, { method: "POST" });
  const body = (await response.json()) as { status?: string; code?: string };
  return `${response.status} ${response.ok ? body.status : body.code}`;
}

async function viaAction(token: string): Promise<string> {
  const form = new FormData();
  form.set("token", token);
  const result = await confirmEmail(null, form);
  if (!result) return "none";
  return result.ok ? `200 ${result.data.status}` : `${result.code}`;
}

async function writesOf(id: string) {
  return executeRows<{ old_stage: string; new_stage: string }>(
    getDb(),
    sql`select old_stage, new_stage from reliability_application_writes where application_id = ${id} order by at`,
  );
}

describe("simultaneous verifies of one token", raceTest, () => {
  it(`move the application into review exactly once, in each of ${ROUNDS} rounds, through the API and the confirm button`, { timeout: 180_000 }, async () => {
    setRequest({});
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const app = await application();
      const answers = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) => (i % 2 === 0 ? viaApi(app.token) : viaAction(app.token))),
      );
      figures.rounds += 1;
      figures.requests += CONCURRENCY;
      const writes = await writesOf(app.id);
      const transitions = writes.filter((w) => w.old_stage === "AWAITING_VERIFICATION" && w.new_stage === "IN_REVIEW").length;
      if (transitions > 1) figures.doubleTransitions += 1;
      if (transitions === 0) figures.missedTransitions += 1;
      if (writes.length > 1) figures.extraWrites += writes.length - 1;
      const wrong = answers.filter((a) => a !== "200 IN_REVIEW");
      if (wrong.length > 0) figures.wrongAnswers += 1;
      if (transitions !== 1 || writes.length !== 1 || wrong.length > 0) {
        problems.push(`round ${round}: ${transitions} transitions, ${writes.length} writes, answers ${JSON.stringify(answers)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("of an expired token all answer TOKEN_EXPIRED and write nothing", async () => {
    setRequest({});
    const problems: string[] = [];
    for (let round = 0; round < Math.max(5, Math.ceil(ROUNDS / 10)); round++) {
      const app = await application(true);
      const answers = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) => (i % 2 === 0 ? viaApi(app.token) : viaAction(app.token))),
      );
      figures.expiredRounds += 1;
      figures.requests += CONCURRENCY;
      const writes = await writesOf(app.id);
      if (writes.length > 0 || answers.some((a) => a !== "410 TOKEN_EXPIRED" && a !== "TOKEN_EXPIRED")) {
        problems.push(`round ${round}: ${writes.length} writes, answers ${JSON.stringify(answers)}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// Family "database faults": the app's Postgres connections killed mid-request (pg_terminate_backend)
// and the whole Postgres stopped and started, against one production server that is never restarted.
// While it is down, the failures of a page and a server action are logged under the caller's request id.
import {
  connect,
  createFreshDatabase,
  InsertBlocker,
  isProblem,
  request,
  secondsUntil,
  serverEnv,
  startServer,
  statusOf,
  submitInterest,
  type Answer,
  type ThrowawayPostgres,
} from "./production-harness";
import { describe, round, type Check } from "./report";
import { checkRequestIdsWhileDown } from "./request-ids";

const IN_FLIGHT = 8;

export interface DbFaultFigures {
  killedInFlight: number;
  killedAnswered503: number;
  stoppedInFlight: number;
  stoppedAnswered503: number;
  partialRows: number;
  secondsToReadyAfterKill: number;
  /** pg_ctl start until it accepts connections; part of secondsToReadyAfterRestart. */
  secondsPostgresTookToStart: number;
  secondsToReadyAfterRestart: number;
  secondsToFirst201AfterRestart: number;
  whileDown: Record<string, number>;
  /** Log lines carrying the caller's X-Request-Id, of a failed page render and of a failed server action. */
  requestIdLines: { pageLines: number; actionLines: number };
  startedBeforeDatabase: { secondsToReady: number | null; serverExitedEarly: boolean };
}

export async function runDbFaults(cluster: ThrowawayPostgres, port: number, check: Check): Promise<DbFaultFigures> {
  const url = await createFreshDatabase(cluster, "rel_faults");
  const server = await startServer(port, serverEnv(port, { DATABASE_URL: url, DB_POOL_MAX: "20" }));
  const db = connect(url);
  try {
    await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 30_000, "first readiness");

    // 1. pg_terminate_backend on every app session while submissions wait inside their transactions.
    const blocker = await InsertBlocker.hold(url);
    const killed = Array.from({ length: IN_FLIGHT }, (_, i) => submitInterest(server.url, `kill-${i}@reliability.example`));
    await blocker.waitForWaiters(IN_FLIGHT);
    await db`select pg_terminate_backend(pid) from pg_stat_activity
             where datname = 'rel_faults' and pid <> pg_backend_pid() and pid <> ${blocker.backendPid}`;
    const killedAnswers = await Promise.all(killed);
    await blocker.release();
    const killed503 = killedAnswers.filter((a) => isProblem(a, 503, "SERVICE_UNAVAILABLE")).length;
    check(`killed sessions: ${IN_FLIGHT} in-flight submissions answer 503 problem+json`, killed503 === IN_FLIGHT, describe(killedAnswers));
    const afterKill = await secondsUntil(
      async () => (await statusOf(`${server.url}/api/ready`)) === 200,
      30_000,
      "readiness after the kill",
    );
    const fresh = await submitInterest(server.url, "after-kill@reliability.example");
    check("after the kill the same process accepts a submission (201)", fresh.status === 201, describe([fresh]));

    // 2. Postgres stopped (fast shutdown: every session terminated) with submissions in flight.
    const blocker2 = await InsertBlocker.hold(url);
    const stopped = Array.from({ length: IN_FLIGHT }, (_, i) => submitInterest(server.url, `stop-${i}@reliability.example`));
    await blocker2.waitForWaiters(IN_FLIGHT);
    await db.end();
    cluster.stop("fast");
    const stoppedAnswers = await Promise.all(stopped);
    await blocker2.abandon();
    const stopped503 = stoppedAnswers.filter((a) => isProblem(a, 503, "SERVICE_UNAVAILABLE")).length;
    check(`stopped database: ${IN_FLIGHT} in-flight submissions answer 503 problem+json`, stopped503 === IN_FLIGHT, describe(stoppedAnswers));

    const ready = await request(`${server.url}/api/ready`);
    const health = await request(`${server.url}/api/health`);
    const submit = await submitInterest(server.url, "while-down@reliability.example");
    const list = await request(`${server.url}/api/public/studio/providers`);
    const whileDown = {
      "/api/ready": ready.status,
      "/api/health": health.status,
      "POST interest": submit.status,
      "GET providers": list.status,
      "/providers (page)": await statusOf(`${server.url}/providers`),
    };
    check("while down: readiness 503 problem+json", isProblem(ready, 503, "SERVICE_UNAVAILABLE"), describe([ready]));
    check("while down: liveness 200", health.status === 200, describe([health]));
    check("while down: a submission answers 503 problem+json", isProblem(submit, 503, "SERVICE_UNAVAILABLE"), describe([submit]));
    check("while down: the public list answers 503 problem+json", isProblem(list, 503, "SERVICE_UNAVAILABLE"), describe([list]));
    const requestIdLines = await checkRequestIdsWhileDown(server, check);

    const restartStarted = performance.now();
    cluster.start();
    const pgStartSeconds = (performance.now() - restartStarted) / 1000;
    await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 60_000, "readiness after the restart");
    const afterRestart = (performance.now() - restartStarted) / 1000;
    let first201: Answer | undefined;
    await secondsUntil(
      async () => {
        first201 = await submitInterest(server.url, `after-restart-${Date.now()}@reliability.example`);
        return first201.status === 201;
      },
      30_000,
      "a 201 after the restart",
    );
    const toFirst201 = (performance.now() - restartStarted) / 1000;
    check("the server was never restarted", server.child.exitCode === null, `pid ${server.pid}`);

    // No partial rows: nothing of the refused submissions, and every stored one is complete. Limit keys
    // hold the SHA-256 of the mailbox (lib/rate-limit/consume-rate-limit.ts); these addresses have no +tag.
    const verify = connect(url);
    const [partial] = await verify<{ n: number }[]>`
      select (
        (select count(*) from interest_applications where email like 'kill-%' or email like 'stop-%' or email like 'while-down%')
      + (select count(*) from email_outbox where "to" like 'kill-%' or "to" like 'stop-%' or "to" like 'while-down%')
      + (select count(*) from rate_limit_hits h where h.key like 'interest:email:%' and not exists (
           select 1 from interest_applications a where h.key = 'interest:email:' || encode(sha256(convert_to(a.email, 'UTF8')), 'hex')))
      + (select count(*) from interest_applications a where not exists (select 1 from email_outbox o where o."to" = a.email))
      + (select count(*) from interest_applications a
           where not exists (select 1 from rate_limit_hits h where h.key = 'interest:email:' || encode(sha256(convert_to(a.email, 'UTF8')), 'hex')))
      )::int as n`;
    await verify.end();
    const partialRows = partial?.n ?? -1;
    check("no partial rows (refused submissions left nothing; stored ones are whole)", partialRows === 0, `${partialRows}`);

    await server.stop();
    const startedFirst = await startedBeforeDatabase(cluster, port, check);

    return {
      killedInFlight: IN_FLIGHT,
      killedAnswered503: killed503,
      stoppedInFlight: IN_FLIGHT,
      stoppedAnswered503: stopped503,
      partialRows,
      secondsToReadyAfterKill: round(afterKill),
      secondsPostgresTookToStart: round(pgStartSeconds),
      secondsToReadyAfterRestart: round(afterRestart),
      secondsToFirst201AfterRestart: round(toFirst201),
      whileDown,
      requestIdLines,
      startedBeforeDatabase: startedFirst,
    };
  } finally {
    await db.end().catch(() => {});
    await server.stop();
    cluster.ensureRunning();
  }
}

/** A server started while Postgres is down must become ready once it is up, without a restart. */
async function startedBeforeDatabase(
  cluster: ThrowawayPostgres,
  port: number,
  check: Check,
): Promise<DbFaultFigures["startedBeforeDatabase"]> {
  const url = await createFreshDatabase(cluster, "rel_faults_cold");
  cluster.stop("fast");
  let server;
  try {
    server = await startServer(port, serverEnv(port, { DATABASE_URL: url }));
  } catch (error) {
    cluster.start();
    check("a server started while the database is down comes up (liveness 200)", false, String(error).slice(0, 300));
    return { secondsToReady: null, serverExitedEarly: true };
  }
  try {
    const readyDown = await request(`${server.url}/api/ready`);
    check("started with the database down: readiness 503", isProblem(readyDown, 503, "SERVICE_UNAVAILABLE"), describe([readyDown]));
    const started = performance.now();
    cluster.start();
    let seconds: number | null = null;
    try {
      seconds = await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 30_000, "readiness");
      seconds = round((performance.now() - started) / 1000);
    } catch {
      seconds = null;
    }
    check("started with the database down: ready once it is up, without a restart", seconds !== null, `${seconds}`);
    const submit = await submitInterest(server.url, "cold-start@reliability.example");
    check("started with the database down: submissions work once it is up", submit.status === 201, describe([submit]));
    return { secondsToReady: seconds, serverExitedEarly: false };
  } finally {
    await server.stop();
    cluster.ensureRunning();
  }
}


// Family "SIGTERM": a production server told to stop while requests are in flight finishes them,
// refuses new connections at once, stops its email dispatcher, and exits by itself. Each promise is
// observed from outside the process (answers, refused connections, rows, the exit), never taken from
// the server's own log.
import type postgres from "postgres";
import {
  connect,
  connectionRefused,
  createFreshDatabase,
  delay,
  InsertBlocker,
  request,
  secondsUntil,
  serverEnv,
  startServer,
  statusOf,
  submitInterest,
  type ThrowawayPostgres,
} from "./production-harness";
import { describe, round, type Check } from "./report";

const IN_FLIGHT = 12;
// The server's dispatcher polls every DISPATCH_INTERVAL_MS (and is woken 50 ms after a queued email).
const DISPATCH_INTERVAL_MS = 200;
// After SIGTERM, readiness answers 503 for this long before the listener closes (lib/http/server-hooks.ts).
const DRAIN_MS = 1_500;

export interface SigtermFigures {
  inFlight: number;
  completed: number;
  completedPercent: number;
  newRequestsTried: number;
  newRequestsRefused: number;
  msUntilRefusing: number;
  drainMs: number;
  /** Readiness right after SIGTERM, while the listener is still open. */
  readyStatusWhileDraining: number;
  exitCode: number | string;
  secondsToExitAfterRelease: number;
  /** How long a live dispatcher took to deliver an email queued behind its back (before SIGTERM). */
  msToDeliverWhileRunning: number;
  /** How long an email queued after SIGTERM was watched, in vain, while requests were still in flight. */
  msWatchedAfterSigterm: number;
  dispatcherStopped: boolean;
}

/** Queues an email straight into the outbox, as another instance would; answers its id. */
async function queueMarker(db: postgres.Sql, to: string): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    insert into email_outbox (kind, "to", subject, text) values ('VERIFICATION', ${to}, 'SIGTERM marker', 'marker')
    returning id`;
  return row!.id;
}

async function isSent(db: postgres.Sql, id: string): Promise<boolean> {
  const [row] = await db<{ sent: boolean }[]>`select sent_at is not null as sent from email_outbox where id = ${id}`;
  return row?.sent ?? false;
}

export async function runSigterm(cluster: ThrowawayPostgres, port: number, check: Check): Promise<SigtermFigures> {
  const url = await createFreshDatabase(cluster, "rel_sigterm");
  const server = await startServer(
    port,
    serverEnv(port, {
      DATABASE_URL: url,
      DB_POOL_MAX: "20",
      EMAIL_DISPATCH_INTERVAL_MS: String(DISPATCH_INTERVAL_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    }),
  );
  const db = connect(url);
  let blocker: InsertBlocker | undefined;
  try {
    await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 30_000, "readiness");

    // The control: while the server runs, its dispatcher delivers an email queued behind its back.
    const before = await queueMarker(db, "marker-before@reliability.example");
    const msToDeliverWhileRunning = (await secondsUntil(() => isSent(db, before), 10_000, "the running dispatcher")) * 1000;

    blocker = await InsertBlocker.hold(url);
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) => submitInterest(server.url, `term-${i}@reliability.example`));
    await blocker.waitForWaiters(IN_FLIGHT);

    const signalled = performance.now();
    server.child.kill("SIGTERM");
    // First the drain: readiness turns to 503 at once, while the listener still takes requests, so a
    // balancer stops sending new ones before connections are refused.
    const readyStatusWhileDraining = await secondsUntil(
      async () => (await statusOf(`${server.url}/api/ready`)) === 503,
      DRAIN_MS,
      "readiness 503 while draining",
    ).then(
      () => 503,
      () => 0,
    );
    const healthWhileDraining = await statusOf(`${server.url}/api/health`);
    const msReady503 = performance.now() - signalled;
    check(
      `readiness answers 503 within the drain (${Math.round(msReady503)} ms of ${DRAIN_MS} ms) while the listener still answers (health ${healthWhileDraining})`,
      readyStatusWhileDraining === 503 && healthWhileDraining === 200 && msReady503 < DRAIN_MS,
    );
    const msUntilRefusing = (await secondsUntil(() => connectionRefused(port), 10_000, "new connections refused")) * 1000;
    const msRefusingAfterSignal = performance.now() - signalled;
    check(`the listener closes only after the drain (${Math.round(msRefusingAfterSignal)} ms ≥ ${DRAIN_MS} ms)`, msRefusingAfterSignal >= DRAIN_MS);
    // New requests while the old ones are still held in the database.
    const late = await Promise.all(
      Array.from({ length: 5 }, () => request(`${server.url}/api/health`, { timeoutMs: 3_000 })),
    );
    const refused = late.filter((a) => a.status === 0).length;
    check("new requests after SIGTERM are refused", refused === late.length, describe(late));

    // An email queued after SIGTERM, while the process is still serving its held requests: a live
    // dispatcher would deliver it within one interval (the control above shows how fast); watch it
    // for ten intervals and at least five times the control's time.
    const after = await queueMarker(db, "marker-after@reliability.example");
    const watchMs = Math.max(10 * DISPATCH_INTERVAL_MS, 5 * msToDeliverWhileRunning);
    const watchStarted = performance.now();
    let sentAfterSigterm = false;
    while (performance.now() - watchStarted < watchMs && !sentAfterSigterm) {
      sentAfterSigterm = await isSent(db, after);
      if (!sentAfterSigterm) await delay(50);
    }
    const msWatchedAfterSigterm = Math.round(performance.now() - watchStarted);
    check("the server is still running while requests are in flight", server.child.exitCode === null && server.child.signalCode === null);
    check(
      `an email queued after SIGTERM is not sent (watched ${msWatchedAfterSigterm} ms; a running dispatcher took ${Math.round(msToDeliverWhileRunning)} ms)`,
      !sentAfterSigterm,
    );

    const released = performance.now();
    await blocker.release();
    blocker = undefined;
    const answers = await Promise.all(inFlight);
    const completed = answers.filter((a) => a.status === 201).length;
    check(`all ${IN_FLIGHT} in-flight submissions complete with 201`, completed === IN_FLIGHT, describe(answers));

    // No second signal: the process must end by itself once its requests are answered. Next.js's
    // `next start` then exits with 143 (128 + SIGTERM) by its own process.exit; a process killed by
    // the signal instead would report the signal, not a code.
    const exitCode = await Promise.race([server.exited, delay(15_000).then(() => "still running after 15 s")]);
    const secondsToExit = (performance.now() - released) / 1000;
    check("the process exits by itself after the last request, through Next.js's handler (exit code 143)", exitCode === 143, `${exitCode}`);

    const [rows] = await db<{ apps: number; outbox: number; unsent: number }[]>`
      select (select count(*)::int from interest_applications where email like 'term-%') as apps,
             (select count(*)::int from email_outbox where "to" like 'term-%') as outbox,
             (select count(*)::int from email_outbox where ("to" like 'term-%' or "to" = 'marker-after@reliability.example') and sent_at is null) as unsent`;
    check("every completed submission is stored with its email", rows?.apps === completed && rows.outbox === completed, JSON.stringify(rows));
    // Emails queued during shutdown are left for the next instance, not half-sent by this one.
    const dispatcherStopped = !sentAfterSigterm && rows?.unsent === completed + 1;
    check("the emails queued during shutdown are all left queued for the next instance", rows?.unsent === completed + 1, JSON.stringify(rows));
    return {
      inFlight: IN_FLIGHT,
      completed,
      completedPercent: Math.round((completed / IN_FLIGHT) * 1000) / 10,
      newRequestsTried: late.length,
      newRequestsRefused: refused,
      msUntilRefusing: Math.round(msUntilRefusing),
      drainMs: DRAIN_MS,
      readyStatusWhileDraining,
      exitCode,
      secondsToExitAfterRelease: round(secondsToExit),
      msToDeliverWhileRunning: Math.round(msToDeliverWhileRunning),
      msWatchedAfterSigterm,
      dispatcherStopped,
    };
  } finally {
    await blocker?.release();
    await db.end({ timeout: 1 }).catch(() => {});
    await server.stop("SIGKILL");
  }
}

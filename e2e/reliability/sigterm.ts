// Family "SIGTERM": a production server told to stop while requests are in flight finishes them,
// refuses new connections at once, stops its email dispatcher, and exits.
import {
  connect,
  connectionRefused,
  createFreshDatabase,
  InsertBlocker,
  request,
  secondsUntil,
  serverEnv,
  startServer,
  statusOf,
  submitInterest,
  type ThrowawayPostgres,
} from "./kit";
import { describe, round, type Check } from "./report";

const IN_FLIGHT = 12;

export interface SigtermFigures {
  inFlight: number;
  completed: number;
  completedPercent: number;
  newRequestsTried: number;
  newRequestsRefused: number;
  msUntilRefusing: number;
  exitCode: number | string;
  secondsToExitAfterRelease: number;
  dispatcherStopped: boolean;
}

export async function runSigterm(cluster: ThrowawayPostgres, port: number, check: Check): Promise<SigtermFigures> {
  const url = await createFreshDatabase(cluster, "rel_sigterm");
  const server = await startServer(port, serverEnv(port, { DATABASE_URL: url, DB_POOL_MAX: "20" }));
  let blocker: InsertBlocker | undefined;
  try {
    await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 30_000, "readiness");

    blocker = await InsertBlocker.hold(url);
    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) => submitInterest(server.url, `term-${i}@reliability.example`));
    await blocker.waitForWaiters(IN_FLIGHT);

    server.child.kill("SIGTERM");
    const msUntilRefusing = (await secondsUntil(() => connectionRefused(port), 10_000, "new connections refused")) * 1000;
    // New requests while the old ones are still held in the database.
    const late = await Promise.all(
      Array.from({ length: 5 }, () => request(`${server.url}/api/health`, { timeoutMs: 3_000 })),
    );
    const refused = late.filter((a) => a.status === 0).length;
    check("new requests after SIGTERM are refused", refused === late.length, describe(late));
    check("the server is still running while requests are in flight", server.child.exitCode === null);

    const released = performance.now();
    await blocker.release();
    blocker = undefined;
    const answers = await Promise.all(inFlight);
    const completed = answers.filter((a) => a.status === 201).length;
    check(`all ${IN_FLIGHT} in-flight submissions complete with 201`, completed === IN_FLIGHT, describe(answers));
    const exitCode = await server.stop("SIGTERM", 15_000);
    const secondsToExit = (performance.now() - released) / 1000;
    check("the process exits by itself after the last request (143 = SIGTERM handled)", exitCode === 143, `${exitCode}`);

    const db = connect(url);
    const [rows] = await db<{ apps: number; outbox: number }[]>`
      select (select count(*)::int from interest_applications where email like 'term-%') as apps,
             (select count(*)::int from email_outbox where "to" like 'term-%') as outbox`;
    await db.end();
    check("every completed submission is stored with its email", rows?.apps === completed && rows.outbox === completed, JSON.stringify(rows));

    const dispatcherStopped = /"event":"shutdown\.email_dispatcher_stopped"/.test(server.output());
    check("the email dispatcher stopped on SIGTERM", dispatcherStopped, server.output().slice(-1500));
    return {
      inFlight: IN_FLIGHT,
      completed,
      completedPercent: Math.round((completed / IN_FLIGHT) * 1000) / 10,
      newRequestsTried: late.length,
      newRequestsRefused: refused,
      msUntilRefusing: Math.round(msUntilRefusing),
      exitCode,
      secondsToExitAfterRelease: round(secondsToExit),
      dispatcherStopped,
    };
  } finally {
    await blocker?.release();
    await server.stop("SIGKILL");
  }
}

// Family "readiness" (issue 25, points 8 and 10): a production server started with
// MIGRATE_ON_START=false on a database nobody has migrated. It must not call itself ready (every page
// would fail), must say why at start-up, and must become ready, without a restart, once the release
// step (`npm run db:migrate`) has run. Its metrics stay readable throughout, the database gauges
// marked absent (db_up 0) while their tables are missing.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { createFreshDatabase, isProblem, request, ROOT, secondsUntil, serverEnv, startServer, statusOf, type ThrowawayPostgres } from "./production-harness";
import { describe, round, type Check } from "./report";

const METRICS_TOKEN = "reliability-metrics-token-0123456789";

export interface ReadinessFigures {
  readyBeforeMigration: number;
  migrateSeconds: number;
  secondsToReadyAfterMigration: number;
}

export async function runReadiness(cluster: ThrowawayPostgres, port: number, check: Check): Promise<ReadinessFigures> {
  const url = await createFreshDatabase(cluster, "rel_readiness");
  const server = await startServer(port, serverEnv(port, { DATABASE_URL: url, MIGRATE_ON_START: "false", METRICS_TOKEN }));
  const metrics = () => request(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  try {
    const before = await request(`${server.url}/api/ready`);
    check(
      "MIGRATE_ON_START=false on an empty database: /api/ready answers 503 problem+json saying the schema is missing",
      isProblem(before, 503, "SERVICE_UNAVAILABLE") && /no schema yet/.test(String((before.body as { detail?: string }).detail)),
      `${describe([before])}: ${JSON.stringify(before.body)}`,
    );
    check("liveness still answers 200", (await statusOf(`${server.url}/api/health`)) === 200, "not 200");
    check(
      "the start-up log says, as an error, that the schema is not at this build's migration",
      /"level":"error","event":"startup.schema_not_current"[^\n]*"state":"empty"/.test(server.output()),
      server.output().split("\n").filter((l) => l.includes("schema")).join(" | ") || "no such line",
    );
    const metricsBefore = await metrics();
    const textBefore = String(metricsBefore.body);
    check(
      "/api/metrics answers 200 with process and HTTP metrics while the database gauges cannot be read (db_up 0, none of them)",
      metricsBefore.status === 200 && /^db_up 0$/m.test(textBefore) && textBefore.includes("# TYPE http_requests_total ") && !textBefore.includes("# TYPE email_outbox_emails "),
      `${metricsBefore.status}: ${textBefore.split("\n").filter((l) => l.startsWith("db_")).join(" | ")}`,
    );

    // The release step, as an operator runs it: `npm run db:migrate` against the database.
    const migrateStarted = performance.now();
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "scripts/migrate.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const migrateSeconds = (performance.now() - migrateStarted) / 1000;
    const toReady = await secondsUntil(async () => (await statusOf(`${server.url}/api/ready`)) === 200, 15_000, "readiness after the migration").catch(() => null);
    check("after the release step migrates, the same process becomes ready (200) without a restart", toReady !== null, "still not ready after 15 s");
    check("and serves pages", (await statusOf(`${server.url}/providers`)) === 200, "/providers not 200");
    const metricsAfter = String((await metrics()).body);
    check("its metrics now carry the database gauges (db_up 1)", /^db_up 1$/m.test(metricsAfter) && metricsAfter.includes("# TYPE email_outbox_emails "), metricsAfter.split("\n").filter((l) => l.startsWith("db_up")).join(" | "));

    return { readyBeforeMigration: before.status, migrateSeconds: round(migrateSeconds), secondsToReadyAfterMigration: round(toReady ?? -1) };
  } finally {
    await server.stop();
  }
}

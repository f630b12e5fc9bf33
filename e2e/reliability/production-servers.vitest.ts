// `npm run test:reliability` (vitest, project "reliability"; one family: `-- -t faults`): the
// production-server reliability families, each against the production build and a Postgres cluster
// of its own (started here, in a temporary directory, so stopping it disturbs nobody). Every check is
// printed and asserted; the figures go to e2e-artifacts/reliability.json.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAbuse } from "./abuse";
import { runDbFaults } from "./db-faults";
import { runEdgePaths } from "./edge-paths";
import { runInstances } from "./instances";
import { ensureBuild, ROOT, ThrowawayPostgres } from "./production-harness";
import { runReadiness } from "./readiness";
import { checker, type CheckResult } from "./report";
import { runSigterm } from "./sigterm";
import { runTracing } from "./tracing";

// Our own ports (3300-3399 are this suite's); the cluster's port can be moved with RELIABILITY_PG_PORT.
const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3310);
const PG_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 55432);

const FAMILIES = {
  faults: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runDbFaults(cluster, BASE_PORT, check),
  sigterm: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runSigterm(cluster, BASE_PORT + 1, check),
  instances: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) =>
    runInstances(cluster, [BASE_PORT + 2, BASE_PORT + 3], check),
  tracing: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runTracing(cluster, BASE_PORT + 6, check),
  readiness: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runReadiness(cluster, BASE_PORT + 7, check),
  abuse: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runAbuse(cluster, BASE_PORT + 4, check),
  edge: (cluster: ThrowawayPostgres, check: ReturnType<typeof checker>) => runEdgePaths(cluster, BASE_PORT + 5, check),
};

const started = performance.now();
let cluster: ThrowawayPostgres | undefined;
const results: CheckResult[] = [];
const figures: Record<string, unknown> = {};
const timings: Record<string, number> = {};

beforeAll(async () => {
  ensureBuild();
  cluster = await ThrowawayPostgres.create(PG_PORT);
});

afterAll(() => {
  cluster?.destroy();
  const failed = results.filter((r) => !r.ok);
  const seconds = Math.round((performance.now() - started) / 1000);
  const out = { at: new Date().toISOString(), seconds, timings, figures, checks: results };
  fs.mkdirSync(path.join(ROOT, "e2e-artifacts"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "e2e-artifacts", "reliability.json"), JSON.stringify(out, null, 2) + "\n");
  console.log(`\n${results.length - failed.length}/${results.length} checks passed in ${seconds} s (figures in e2e-artifacts/reliability.json)`);
  for (const f of failed) console.log(`  FAIL [${f.family}] ${f.name}${f.detail ? `: ${f.detail}` : ""}`);
});

// The families share one cluster and run one after another, in this order.
describe.sequential("production servers", () => {
  for (const [family, run] of Object.entries(FAMILIES)) {
    it(family, async () => {
      console.log(`\n== ${family}`);
      const familyStarted = performance.now();
      const before = results.length;
      const check = checker(family, results);
      try {
        figures[family] = await run(cluster!, check);
      } catch (error) {
        check(`${family} ran to the end`, false, error instanceof Error ? (error.stack ?? error.message) : String(error));
        throw error;
      } finally {
        timings[family] = Math.round((performance.now() - familyStarted) / 100) / 10;
        console.log(`   figures: ${JSON.stringify(figures[family])}`);
      }
      const checks = results.slice(before);
      expect(checks.length, `${family} made no checks`).toBeGreaterThan(0);
      // One soft assertion per check: a failure names the check and what was seen, and the others still run.
      for (const c of checks) expect.soft(c.ok, `${c.name}${c.detail ? ` (got: ${c.detail})` : ""}`).toBe(true);
    });
  }
});

// `npm run test:reliability [-- faults sigterm instances]`: the production-server reliability
// families, each against the production build and a Postgres cluster of its own (started here, in a
// temporary directory, so stopping it disturbs nobody). Prints each check and the figures, writes
// them to e2e-artifacts/reliability.json, and exits 1 if any check failed.
import fs from "node:fs";
import path from "node:path";
import { runDbFaults } from "./db-faults";
import { runInstances } from "./instances";
import { ensureBuild, ROOT, ThrowawayPostgres } from "./kit";
import { checker, type CheckResult } from "./report";
import { runSigterm } from "./sigterm";

const FAMILIES = ["faults", "sigterm", "instances"] as const;
type Family = (typeof FAMILIES)[number];

// Our own ports (3300-3399 are this suite's); the cluster's port can be moved with RELIABILITY_PG_PORT.
const BASE_PORT = Number(process.env.RELIABILITY_PORT ?? 3310);
const PG_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 55432);

const chosen = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const name of chosen) {
  if (!(FAMILIES as readonly string[]).includes(name)) {
    console.error(`unknown family "${name}"; choose from ${FAMILIES.join(", ")}`);
    process.exit(2);
  }
}
const families = (chosen.length ? chosen : FAMILIES) as Family[];

const started = performance.now();
ensureBuild();
const cluster = await ThrowawayPostgres.create(PG_PORT);
const results: CheckResult[] = [];
const figures: Record<string, unknown> = {};
const timings: Record<string, number> = {};
let crashed = false;
try {
  for (const family of families) {
    console.log(`\n== ${family}`);
    const familyStarted = performance.now();
    const check = checker(family, results);
    try {
      if (family === "faults") figures.faults = await runDbFaults(cluster, BASE_PORT, check);
      if (family === "sigterm") figures.sigterm = await runSigterm(cluster, BASE_PORT + 1, check);
      if (family === "instances") figures.instances = await runInstances(cluster, [BASE_PORT + 2, BASE_PORT + 3], check);
    } catch (error) {
      crashed = true;
      check(`${family} ran to the end`, false, error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    timings[family] = Math.round((performance.now() - familyStarted) / 100) / 10;
    console.log(`   figures: ${JSON.stringify(figures[family])}`);
  }
} finally {
  cluster.destroy();
}

const failed = results.filter((r) => !r.ok);
const seconds = Math.round((performance.now() - started) / 1000);
const out = { at: new Date().toISOString(), seconds, timings, figures, checks: results };
fs.mkdirSync(path.join(ROOT, "e2e-artifacts"), { recursive: true });
fs.writeFileSync(path.join(ROOT, "e2e-artifacts", "reliability.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`\n${results.length - failed.length}/${results.length} checks passed in ${seconds} s (figures in e2e-artifacts/reliability.json)`);
for (const f of failed) console.log(`  FAIL [${f.family}] ${f.name}${f.detail ? `: ${f.detail}` : ""}`);
process.exit(failed.length || crashed ? 1 : 0);

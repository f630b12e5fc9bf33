#!/usr/bin/env node
// `npm run bench [-- --providers N] [--sizes 1000,100000] [--duration S] [--connections C] [--port P] [--db-prefix NAME]`
// (`npm run bench -- --help` lists every option)
// Seeds a dedicated Postgres database, starts the production build on it, and measures every
// public read path against the framework's ceiling (/api/health) and a bare node:http + postgres
// server answering the same list query. Results go to the console and to docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { countRows, createBenchDatabase, sampleData } from "./lib/database.mjs";
import { measure } from "./lib/load.mjs";
import { memorySampler, startApp, startProcess, waitForUrl } from "./lib/processes.mjs";
import { machine, resultsTable, sizesTable, writeSection } from "./lib/report.mjs";
import { beaconScenarios, inquiryScenario, interestScenario, listScenarios, mixedScenario, pageScenarios, reviewScenarios, tailScenarios } from "./scenarios.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    providers: { type: "string", default: "100000" },
    sizes: { type: "string" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "32" },
    port: { type: "string", default: "3200" },
    "app-dir": { type: "string", default: root },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    out: { type: "string", default: path.join(root, "docs", "benchmarks.md") },
    label: { type: "string", default: "" },
    // Several people may benchmark on one Postgres server: each run's databases need their own names.
    "db-prefix": { type: "string", default: "pr_bench" },
    "no-build": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    only: { type: "string" },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (args.help) {
  console.log(`npm run bench -- [options]

  --providers N        providers in the main run (default 100000)
  --sizes A,B,…        also run the list, long-tail and mixed rows at each size (e.g. 1000,100000,1000000)
  --duration S         seconds measured per row (default 10), after --warmup S (default 2)
  --connections C      concurrent connections (default 32)
  --only REGEX         only the rows whose name matches
  --port P             the app's port (default 3200; the bare server takes P+1)
  --database-url URL   the Postgres server (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --db-prefix NAME     prefix of the throwaway databases (default pr_bench)
  --app-dir DIR        benchmark another copy of the build
  --label TEXT         a note for the report
  --out FILE           where to write the report (default docs/benchmarks.md)
  --no-build           never run next build
  --no-write           print only, write no report`);
  process.exit(0);
}

const appDir = path.resolve(args["app-dir"]);
const providers = Number(args.providers);
const sizes = args.sizes ? args.sizes.split(",").map((s) => Number(s.trim())) : [];
const load = { duration: Number(args.duration), warmup: Number(args.warmup), connections: Number(args.connections) };
const port = Number(args.port);
const log = (m) => console.log(`[bench] ${m}`);

function ensureBuild() {
  if (args["no-build"] || fs.existsSync(path.join(appDir, ".next", "BUILD_ID"))) return;
  log("no production build found: running next build");
  execFileSync(process.execPath, [path.join(appDir, "node_modules/next/dist/bin/next"), "build"], { cwd: appDir, stdio: "inherit" });
}

async function withSize(size, fn) {
  const db = await createBenchDatabase({
    serverUrl: args["database-url"],
    name: `${args["db-prefix"]}_${size}`,
    providers: size,
    toolsDir: root,
    log,
  });
  const app = await startApp({ appDir, port, databaseUrl: db.url });
  const sampler = memorySampler(app.pid);
  const bare = startProcess(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "bench/bare-server.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: db.url, BARE_PORT: String(port + 1) },
    name: "bare server",
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port + 1}/health`, 60_000).catch((e) => log(`bare server unavailable: ${e.message}`));
    const sample = await sampleData(db.url);
    return await fn({ app, sampler, db, sample, bareUrl: `http://127.0.0.1:${port + 1}` });
  } finally {
    sampler.stop();
    await bare.stop();
    await app.stop();
    await db.drop();
  }
}

async function runScenarios(scenarios, ctx) {
  const rows = [];
  for (const scenario of scenarios) {
    if (args.only && !new RegExp(args.only).test(scenario.name)) continue;
    if (scenario.prepare) await scenario.prepare();
    const row = await measure(scenario, { ...load, sampler: scenario.external ? null : ctx.sampler });
    rows.push(row);
    if (row.background) log(`  writer beside it: ${describeWriter(row.background)}`);
    log(
      `${row.name.padEnd(44)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${String(row.p50).padStart(5)} ms  p99 ${String(row.p99).padStart(5)} ms  ${JSON.stringify(row.statuses)}${row.errors ? ` errors ${row.errors}` : ""}`,
    );
  }
  return rows;
}

function explain(databaseUrl, slug) {
  try {
    return execFileSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "bench/explain.ts", "--slug", slug], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
  } catch (error) {
    return `EXPLAIN failed: ${error.message}`;
  }
}

/**
 * What the beacon rows counted, read after the app's next flush (every 10 s): every profile view of the
 * rows "a new visitor every request" came from a new visitor, so each 204 is one view and one unique
 * visitor in the table, plus the single visitor of the flood row, whose views count until its limit
 * drops the rest.
 */
async function beaconCounts(url, rows, floodSlug) {
  const counted = rows.filter((r) => r.group === "beacon" && r.name.includes("profile_view") && r.name.includes("a new visitor"));
  if (counted.length === 0) return null;
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const answered = counted.reduce((n, r) => n + (r.statuses["204"] ?? 0) + (r.warmupStatuses?.["204"] ?? 0), 0);
  const unique = await countRows(url, `select coalesce(sum(unique_visitors), 0) from provider_daily_stats`);
  const views = await countRows(url, `select coalesce(sum(profile_views), 0) from provider_daily_stats`);
  const flood = await countRows(
    url,
    `select coalesce(sum(s.profile_views), 0) from provider_daily_stats s join providers p on p.id = s.provider_id where p.slug = '${floodSlug}'`,
  );
  return { answered, unique, views, flood };
}

/** What the mixed row's writer did while the row was measured: proof that listings changed under the reads. */
function describeWriter(w) {
  return `${w.edits} headline edits and ${w.visibility} publish/unpublish answered 200, ${w.failed} failed`;
}

ensureBuild();
const started = new Date();
const ceilingScenario = (base) => ({ name: "(1) framework ceiling: GET /api/health", group: "ceiling", url: `${base}/api/health` });
const bareScenario = (url) => ({ name: "(2) bare node:http + postgres, same list query", group: "bare", url: `${url}/providers`, external: true });

log(`main run: ${providers} providers, ${load.connections} connections, ${load.duration} s per row`);
const main = await withSize(providers, async ({ app, sampler, db, sample, bareUrl }) => {
  const base = app.baseUrl;
  const scenarios = [
    ceilingScenario(base),
    bareScenario(bareUrl),
    ...listScenarios(base),
    { name: "GET /api/public/studio/providers/:slug", group: "slug", url: `${base}/api/public/studio/providers/${sample.listedSlug}` },
    ...pageScenarios(base, sample.listedSlug),
    ...reviewScenarios(base, db.reviewedSlug),
    ...beaconScenarios(base, sample),
    ...tailScenarios(base, sample),
    mixedScenario(base, sample, db.writers),
    interestScenario(base),
    inquiryScenario(base, sample.listedSlug),
    // The machine's cores are shared: the ceiling again at the end shows how much it drifted.
    { ...ceilingScenario(base), name: "(1) framework ceiling again, at the end" },
  ];
  const rows = await runScenarios(scenarios, { sampler });
  const mixed = rows.find((r) => r.group === "mixed");
  const interest = rows.find((r) => r.group === "interest");
  // The outbox holds the warm-up's emails as well as the measured run's.
  const accepted = (interest?.statuses["201"] ?? 0) + (interest?.warmupStatuses?.["201"] ?? 0);
  const outbox = await countRows(db.url, `select count(*) from email_outbox where "to" like 'bench-apply-%'`);
  const inquiry = rows.find((r) => r.group === "inquiry");
  const inquiries = (inquiry?.statuses["201"] ?? 0) + (inquiry?.warmupStatuses?.["201"] ?? 0);
  const inquiryOutbox = await countRows(db.url, `select count(*) from email_outbox where "to" like 'bench-inquiry-%'`);
  const beacon = await beaconCounts(db.url, rows, sample.listedSlug);
  const plans = explain(db.url, sample.listedSlug);
  return { rows, accepted, outbox, inquiries, inquiryOutbox, beacon, plans, peakMb: sampler.overall(), writer: mixed?.background ?? null };
});

const sizeRuns = {};
for (const size of sizes) {
  if (size === providers) {
    sizeRuns[size] = main.rows.filter((r) => ["list", "tail", "mixed", "ceiling"].includes(r.group));
    continue;
  }
  log(`size run: ${size} providers`);
  sizeRuns[size] = await withSize(size, async ({ app, sampler, sample, db }) => {
    const rows = await runScenarios(
      [
        ceilingScenario(app.baseUrl),
        ...listScenarios(app.baseUrl).filter((s) => s.group === "list"),
        ...tailScenarios(app.baseUrl, sample).filter((s) => s.group === "tail"),
        mixedScenario(app.baseUrl, sample, db.writers),
      ],
      { sampler },
    );
    const writer = rows.find((r) => r.group === "mixed")?.background;
    if (writer) log(`mixed row at ${size} providers: ${describeWriter(writer)}`);
    return rows;
  });
}

// The higher of the two ceiling measurements: every ratio is then the less flattering one.
const ceiling = main.rows.filter((r) => r.group === "ceiling").sort((a, b) => b.rps - a.rps)[0];
const bare = main.rows.find((r) => r.group === "bare");
const m = machine();
const table = resultsTable(main.rows, { ceiling, bare });
const summary = [
  `Measured ${started.toISOString()}${args.label ? ` (${args.label})` : ""}: ${providers.toLocaleString("en")} providers, ` +
    `${load.connections} connections, ${load.duration} s per row after ${load.warmup} s of warm-up, autocannon in the same machine.`,
  "",
  `Machine: ${m.cpu}; ${m.memory}; ${m.os}; Node ${m.node}; ${m.postgres}.`,
  "",
  table,
  "",
  `Interest submissions (warm-up and measured): ${main.accepted} answered 201, ${main.outbox} verification emails in the outbox` +
    ` (${main.accepted === main.outbox ? "equal" : "NOT EQUAL"}).`,
  `Inquiries (warm-up and measured): ${main.inquiries} answered 201, ${main.inquiryOutbox} confirmation emails in the outbox` +
    ` (${main.inquiries === main.inquiryOutbox ? "equal" : "NOT EQUAL"}).`,
  ...(main.beacon
    ? [
        `Beacon profile views from new visitors (warm-up and measured): ${main.beacon.answered} answered 204; after the next flush the table holds ` +
          `${main.beacon.unique} unique visitors and ${main.beacon.views} views (each 204 is one of both, plus the flood row's one visitor ` +
          `and the views it sent before its limit: ${main.beacon.flood} views of its provider).`,
      ]
    : []),
  `Writer during the mixed row (measured part): ${main.writer ? describeWriter(main.writer) : "row not run"}.`,
  `Peak server memory over the whole run (RSS of next start and its children): ${main.peakMb.toFixed(0)} MB.`,
].join("\n");
console.log(`\n${summary}\n`);
if (Object.keys(sizeRuns).length) {
  const st = `${sizesTable(sizeRuns)}\n\nThe same, as a fraction of each size run's own ceiling:\n\n${sizesTable(sizeRuns, { normalised: true })}`;
  console.log(`${st}\n`);
  if (!args["no-write"]) writeSection(args.out, "sizes", `Measured ${started.toISOString()}, ${load.connections} connections, ${load.duration} s per row.\n\n${st}`);
}
console.log(main.plans);
if (!args["no-write"]) {
  writeSection(args.out, "run", summary);
  writeSection(args.out, "explain", `Plans on ${providers.toLocaleString("en")} providers:\n\n\`\`\`\n${main.plans.trim()}\n\`\`\``);
  log(`wrote ${path.relative(process.cwd(), args.out)}`);
}
process.exit(0);

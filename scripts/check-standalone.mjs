// CI: the standalone bundle runs on its own. Copies .next/standalone (after `npm run build`) to a
// temporary folder outside the repository, then, against a fresh Postgres database:
// - a production start without DATABASE_URL, AUTH_SECRET or APP_URL exits non-zero naming the variable;
// - the bundle holds no sharp (the image optimizer is off, /_next/image answers 404);
// - `node migrate.mjs` (the release step) applies the migrations;
// - `node cli.mjs` (the operator CLI) prints its help, runs a command against the database and
//   refuses an absurd retention with exit 2;
// - `node server.js` serves a page, the API, a static asset, /api/ready and /api/metrics (requests,
//   the pool and the outbox), and with ACCESS_LOG=true writes a line per request;
// - on SIGTERM, /api/ready answers 503 while the listener still answers, then the listener closes
//   and the process exits by itself with 143.
// The bundle runs on the Node.js that runs this script (CI: 22, the Dockerfile's; docs/decisions/dependencies.md).
// Usage: node scripts/check-standalone.mjs  (CI_POSTGRES_URL or TEST_DATABASE_URL names the server;
// STANDALONE_PORT the port, default 3390).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.CI_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const port = Number(process.env.STANDALONE_PORT ?? 3390);
const base = `http://127.0.0.1:${port}`;
const DRAIN_MS = 1500;
const METRICS_TOKEN = "standalone-check-metrics-token";

let failures = 0;
function check(what, ok, detail = "") {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}${detail ? ` (${detail})` : ""}`);
  if (!ok) failures += 1;
}

const source = path.join(root, ".next", "standalone");
if (!fs.existsSync(path.join(source, "server.js"))) {
  console.error("no .next/standalone/server.js: run `npm run build` first");
  process.exit(1);
}
console.log(`standalone bundle on Node.js ${process.version}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "standalone-"));
fs.cpSync(source, dir, { recursive: true, verbatimSymlinks: true });

const dbName = `pr_standalone_${process.pid}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
await admin.unsafe(`create database "${dbName}"`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;

// Only what the bundle needs: nothing inherited from a developer's shell (PATH and HOME aside).
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: String(port),
  HOSTNAME: "127.0.0.1",
  DATABASE_URL: dbUrl.toString(),
  AUTH_SECRET: "standalone-check-auth-secret-0123456789",
  APP_URL: base,
  EMAIL_TRANSPORT: "mailbox",
  METRICS_TOKEN,
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  LOG_LEVEL: "warn",
  // Written whatever LOG_LEVEL: checked below.
  ACCESS_LOG: "true",
};

function start(file, vars) {
  const child = spawn(process.execPath, [file], { cwd: dir, env: vars, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c) => (output += c));
  child.stderr.on("data", (c) => (output += c));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

const withTimeout = (promise, ms, fallback) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(fallback), ms))]);

async function fetchStatus(url, init) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
    const body = await response.text();
    return { status: response.status, body, type: response.headers.get("content-type") ?? "" };
  } catch {
    return { status: 0, body: "", type: "" };
  }
}

try {
  for (const missing of ["DATABASE_URL", "AUTH_SECRET", "APP_URL"]) {
    const vars = { ...env };
    delete vars[missing];
    const refused = start("server.js", vars);
    const code = await withTimeout(refused.exited, 60_000, "still running");
    if (code === "still running") refused.child.kill("SIGKILL");
    const line = refused.output().split("\n").find((l) => l.includes("Refusing to start")) ?? "";
    check(`a start without ${missing} exits non-zero, naming it`, typeof code === "number" && code !== 0 && line.includes(missing), `exit ${code}: ${line}`);
  }

  const sharp = ["node_modules/sharp", "node_modules/@img"].filter((p) => fs.existsSync(path.join(dir, p)));
  check("the bundle holds no sharp", sharp.length === 0, sharp.join(", "));

  const migrate = start("migrate.mjs", env);
  const migrated = await withTimeout(migrate.exited, 120_000, "still running");
  check("node migrate.mjs applies the migrations", migrated === 0, `exit ${migrated}: ${migrate.output().trim()}`);

  async function cli(...args) {
    const child = spawn(process.execPath, ["cli.mjs", ...args], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const code = await withTimeout(new Promise((resolve) => child.on("exit", (c, signal) => resolve(c ?? signal))), 60_000, "still running");
    if (code === "still running") child.kill("SIGKILL");
    return { code, stdout, stderr };
  }
  const help = await cli("help");
  check("node cli.mjs help lists the commands", help.code === 0 && help.stdout.includes("maintenance:purge"), `exit ${help.code}: ${help.stderr.trim()}`);
  const purge = await cli("maintenance:purge", "--json");
  let purged = false;
  try {
    purged = JSON.parse(purge.stdout).ran === true;
  } catch {}
  check("node cli.mjs maintenance:purge runs against the database", purge.code === 0 && purged, `exit ${purge.code}: ${purge.stderr.trim() || purge.stdout.slice(0, 200)}`);
  const absurd = await cli("maintenance:purge", "--sent-email-days", "0");
  check(
    "node cli.mjs refuses an absurd retention with exit 2",
    absurd.code === 2 && absurd.stderr.includes("--sent-email-days must be a whole number of days"),
    `exit ${absurd.code}: ${absurd.stderr.trim()}`,
  );

  const started = performance.now();
  const server = start("server.js", env);
  let ready = 0;
  while (performance.now() - started < 60_000 && server.child.exitCode === null) {
    ready = (await fetchStatus(`${base}/api/ready`)).status;
    if (ready === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  check("/api/ready answers 200", ready === 200, `after ${Math.round(performance.now() - started)} ms`);

  const home = await fetchStatus(`${base}/`);
  check("the home page answers", home.status === 200 && home.type.startsWith("text/html"), `${home.status}`);
  const directory = await fetchStatus(`${base}/providers`);
  check("the directory page answers", directory.status === 200, `${directory.status}`);
  const script = /\/_next\/static\/[^"']+\.js/.exec(home.body)?.[0];
  const asset = script ? await fetchStatus(`${base}${script}`) : { status: 0, type: "" };
  check("a static asset of the page is served", asset.status === 200 && /javascript/.test(asset.type), `${script} ${asset.status}`);
  const api = await fetchStatus(`${base}/api/openapi.json`);
  check("the API answers", api.status === 200 && api.body.includes('"openapi"'), `${api.status}`);
  const optimizer = await fetchStatus(`${base}/_next/image?url=%2Ficon.svg&w=64&q=75`);
  check("the image optimizer is off (/_next/image answers 404)", optimizer.status === 404, `${optimizer.status}`);
  const accessLine = server
    .output()
    .split("\n")
    .find((l) => l.includes('"event":"http.access"') && l.includes('"path":"/api/openapi.json"'));
  check("with ACCESS_LOG=true each request has an access line", Boolean(accessLine && accessLine.includes('"status":200')), accessLine ?? "none");
  const metrics = await fetchStatus(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  check(
    "/api/metrics answers with the token, counting the requests above",
    metrics.status === 200 && /http_requests_total\{method="GET",route="\/",status="200"\} 1/.test(metrics.body),
    `${metrics.status}`,
  );
  const gauges = ["db_pool_max_connections 10", "db_pool_queries_waiting 0", "email_outbox_emails{state=\"queued\"}"];
  check("/api/metrics reports the pool and the outbox", gauges.every((s) => metrics.body.includes(`\n${s}`)), gauges.filter((s) => !metrics.body.includes(`\n${s}`)).join(", "));

  const signalled = performance.now();
  server.child.kill("SIGTERM");
  const statuses = [];
  let readyDrained = false;
  let listenerOpenWhileDraining = false;
  let closedAfterMs = -1;
  while (performance.now() - signalled < DRAIN_MS + 10_000) {
    const [r, h] = await Promise.all([fetchStatus(`${base}/api/ready`), fetchStatus(`${base}/api/health`)]);
    const at = Math.round(performance.now() - signalled);
    statuses.push(`${at}ms ready=${r.status} health=${h.status}`);
    if (r.status === 503 && h.status === 200) {
      readyDrained = true;
      listenerOpenWhileDraining = true;
    }
    if (h.status === 0) {
      closedAfterMs = at;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  check("after SIGTERM /api/ready answers 503 while the listener still answers", readyDrained && listenerOpenWhileDraining, statuses.slice(0, 3).join(", "));
  check(`the listener closes only after the drain (${DRAIN_MS} ms)`, closedAfterMs >= DRAIN_MS, `closed after ${closedAfterMs} ms`);
  const code = await withTimeout(server.exited, 15_000, "still running");
  check("the server exits by itself with 143", code === 143, `${code}`);
  if (code === "still running") server.child.kill("SIGKILL");
  if (failures > 0) console.log(server.output().split("\n").slice(-30).join("\n"));
} finally {
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(failures === 0 ? "standalone bundle: all checks passed" : `standalone bundle: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);

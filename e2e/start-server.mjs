// Starts the production build for the browser tests on a database of its own, and removes that
// database when Playwright stops the server: a temporary PGlite directory by default, or a fresh
// Postgres database on the server named by TEST_DATABASE_URL.
import { execFileSync, spawn } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "3100";

function buildIsStale() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const rootFiles = ["instrumentation.ts", "instrumentation-node.ts", "next.config.ts", "package-lock.json"];
  if (rootFiles.some((f) => fs.existsSync(path.join(root, f)) && fs.statSync(path.join(root, f)).mtimeMs > built)) return true;
  const newer = (dir) =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true }).some((entry) => {
      if (!entry.isFile() || entry.name.endsWith(".test.ts")) return false;
      return fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built;
    });
  return ["app", "components", "lib", "db", "public"].some((dir) => fs.existsSync(path.join(root, dir)) && newer(dir));
}

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) throw new Error(`[e2e] ${name} is not set: start the server through Playwright (e2e/playwright.config.ts sets it)`);
  return value;
}

if (buildIsStale()) {
  console.log("[e2e] building the app (the build is missing or older than the sources)");
  execFileSync("npx", ["next", "build"], { cwd: root, stdio: "inherit" });
}

// A stand-in for Cloudflare's siteverify. A token names the action of the widget that made it after
// its last colon (e2e/fixtures.ts, turnstileToken); the answer reports that action and this server's
// own hostname (APP_URL's), as Cloudflare reports where the widget was solved. It accepts the dummy
// token "XXXX.DUMMY.TOKEN.XXXX:<action>", and "expect-remoteip:<address>:<action>" only when the server
// sent exactly that address as `remoteip` (the client-IP tests use it to see what the server believes
// the client's address is).
const appUrl = `http://127.0.0.1:${port}`;
const appHostname = new URL(appUrl).hostname;
const siteverify = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const form = new URLSearchParams(body);
    const token = form.get("response") ?? "";
    const colon = token.lastIndexOf(":");
    const [solved, action] = colon < 0 ? [token, ""] : [token.slice(0, colon), token.slice(colon + 1)];
    const expected = solved.startsWith("expect-remoteip:") ? solved.slice("expect-remoteip:".length) : undefined;
    const success = solved === "XXXX.DUMMY.TOKEN.XXXX" || (expected !== undefined && form.get("remoteip") === expected);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        success
          ? { success, "error-codes": [], hostname: appHostname, action }
          : { success, "error-codes": [`remoteip was ${form.get("remoteip")}`] },
      ),
    );
  });
});
await new Promise((resolve) => siteverify.listen(0, "127.0.0.1", resolve));

const env = {
  ...process.env,
  // Cloudflare's published test site key (the browser gets the script stand-in of e2e/fixtures.ts); a
  // secret that is not one of its test secrets, so the server checks the hostname and action the
  // siteverify stand-in above reports (with a test secret it would not: lib/captcha/verify-turnstile.ts).
  NEXT_PUBLIC_TURNSTILE_SITE_KEY: "1x00000000000000000000AA",
  TURNSTILE_SECRET_KEY: "e2e-turnstile-secret-not-a-cloudflare-test-key",
  TURNSTILE_VERIFY_URL: `http://127.0.0.1:${siteverify.address().port}/siteverify`,
  NODE_ENV: "production",
  EMAIL_TRANSPORT: "mailbox",
  EMAIL_DISPATCH_INTERVAL_MS: "200",
  APP_URL: appUrl,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  NEXT_TELEMETRY_DISABLED: "1",
  AUTH_SECRET: "e2e-only-auth-secret-0123456789abcdef",
  // The specs sign the same demo people in many times, all from 127.0.0.1; the per-address and
  // per-client limits have their own vitest tests and the reliability family "abuse".
  SIGN_IN_EMAIL_LIMIT: "1000",
  SIGN_IN_IP_LIMIT: "0",
  // Above what the specs send from 127.0.0.1 in one run (e2e/playwright.config.ts says why).
  INTEREST_IP_LIMIT: requiredEnv("E2E_INTEREST_IP_LIMIT"),
  // Without it a production build never opens the mailbox; e2e/playwright.config.ts makes one per run.
  MAILBOX_SECRET: requiredEnv("E2E_MAILBOX_SECRET"),
  // Playwright stops the server at the end: no balancer to drain.
  SHUTDOWN_DRAIN_MS: "0",
  // No retention runs during the suite: the demo seed's dates are fixed (its expired verification link
  // expired on 2026-11-19), and a purge a minute into the run would delete what the specs open once
  // that link is past the 30 days' grace. The schedule and the purge have their own vitest tests.
  MAINTENANCE_INTERVAL_MS: "0",
  // Webhooks on (extensions §8): a fixed key for the run, so the seed and the server seal alike.
  WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
  // The studio-webhooks spec's deliveries go to a receiver on 127.0.0.1, which only the loopback switch
  // allows (never any other private range; the server's log warns that it is on).
  WEBHOOK_ALLOW_LOOPBACK: "true",
};
delete env.DATABASE_URL;

let cleanup = async () => {};
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const name = `pr_e2e_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanup = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-e2e-"));
  env.PGLITE_DATA_DIR = path.join(dir, "pglite");
  env.EMBEDDED_DATABASE = "1";
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

execFileSync("npx", ["tsx", "scripts/seed.ts"], { cwd: root, env, stdio: "inherit" });
execFileSync("npx", ["tsx", "e2e/seed-fixtures.ts"], { cwd: root, env, stdio: "inherit" });

const server = spawn("npx", ["next", "start", "-p", port, "-H", "127.0.0.1"], { cwd: root, env, stdio: "inherit" });
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill("SIGTERM");
  siteverify.close();
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  await cleanup().catch((error) => console.error("[e2e] cleanup failed", error));
  process.exit(code);
}
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
server.on("exit", (code) => void stop(code ?? 1));

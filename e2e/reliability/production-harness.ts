// Shared by the production-server reliability families (production-servers.vitest.ts) and the soak (soak.ts): the
// production build, `next start` processes, a throwaway Postgres cluster we may stop and start,
// and the small HTTP helpers the families use. Nothing here touches a database it did not create.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");

/** Builds the app when .next is missing or older than the sources (same rule as e2e/start-server.mjs). */
export function ensureBuild(): void {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  const stale = () => {
    if (!fs.existsSync(buildId)) return true;
    const built = fs.statSync(buildId).mtimeMs;
    // Root files that end up in the server bundle, which e2e/start-server.mjs's check leaves out.
    const rootFiles = ["instrumentation.ts", "instrumentation-node.ts", "next.config.ts", "proxy.ts", "package-lock.json"];
    if (rootFiles.some((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).mtimeMs > built)) {
      return true;
    }
    return ["app", "components", "lib", "db", "public"].some((dir) => {
      const full = path.join(ROOT, dir);
      if (!fs.existsSync(full)) return false;
      return fs.readdirSync(full, { withFileTypes: true, recursive: true }).some((entry) => {
        if (!entry.isFile() || entry.name.endsWith(".test.ts")) return false;
        return fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs > built;
      });
    });
  };
  if (!stale()) return;
  console.log("[reliability] building the app (the build is missing or older than the sources)");
  // Under vitest NODE_ENV is "test"; a build must be a production build.
  execFileSync(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

/** MAILBOX_SECRET of every server these families start: a production build reads its mailbox only with it. */
export const MAILBOX_SECRET = `reliability-mailbox-${process.pid}-0123456789`;

/** The environment every production server of these families gets; `extra` overrides it. */
export function serverEnv(port: number, extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: "reliability-only-auth-secret-0123456789",
    EMAIL_TRANSPORT: "mailbox",
    MAILBOX_SECRET,
    EMAIL_DISPATCH_INTERVAL_MS: "200",
    // The families send many submissions from one address; the per-email limit is what they measure.
    INTEREST_IP_LIMIT: "0",
    LOG_LEVEL: "info",
    TURNSTILE_SECRET_KEY: undefined,
    NEXT_PUBLIC_TURNSTILE_SITE_KEY: undefined,
    RESEND_API_KEY: undefined,
    DATABASE_URL: undefined,
    // Families that run on PGlite say so explicitly, as production requires; no drain unless a family asks.
    EMBEDDED_DATABASE: "1",
    SHUTDOWN_DRAIN_MS: "0",
    ...extra,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env;
}

export interface RunningServer {
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed so far (JSON log lines and Next's own lines). */
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Sends the signal and waits for the exit (SIGKILL after `graceMs`). */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<number | string>;
}

/** `next start` on 127.0.0.1:port with the given environment; resolves once /api/health answers. */
export async function startServer(port: number, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunningServer> {
  // node runs Next directly (not through npx), so the pid we signal is the server itself.
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    port,
    url,
    pid: child.pid!,
    child,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM", graceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start on ${port} exited early:\n${out.slice(-4000)}`);
    if ((await statusOf(`${url}/api/health`)) === 200) return server;
    if (Date.now() > deadline) {
      await server.stop("SIGKILL");
      throw new Error(`next start on ${port} did not answer within ${timeoutMs} ms:\n${out.slice(-4000)}`);
    }
    await delay(100);
  }
}

/** The status of a GET, or 0 when no HTTP answer came (refused, reset). */
export async function statusOf(url: string, timeoutMs = 5_000): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Polls until `check` is true; returns the seconds it took (throws after timeoutMs). */
export async function secondsUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(50);
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** True when nothing accepts a TCP connection on the port. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });
}

export interface Answer {
  status: number;
  contentType: string | null;
  body: unknown;
  /** Set when no HTTP answer came at all. */
  networkError?: string;
}

export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown; body?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
      headers: { ...(init.json === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, contentType: response.headers.get("content-type"), body };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { status: 0, contentType: null, body: null, networkError: cause?.code ?? String(error) };
  }
}

/** One interest application, as the public form sends it. */
export function interestBody(email: string, name = "Reliability Tester") {
  return {
    fullName: name,
    email,
    companyName: "Reliability Ltd",
    specialties: ["DEVELOPMENT"],
    description: "A production-server reliability test submission with enough words to pass validation.",
    portfolioLinks: ["https://example.com/work"],
  };
}

export function submitInterest(baseUrl: string, email: string): Promise<Answer> {
  return request(`${baseUrl}/api/public/studio/providers/interest`, { json: interestBody(email) });
}

export function isProblem(answer: Answer, status: number, code: string): boolean {
  const body = answer.body as { code?: string; status?: number } | null;
  return (
    answer.status === status &&
    (answer.contentType ?? "").startsWith("application/problem+json") &&
    body?.code === code &&
    body.status === status
  );
}

/** Resident set size of a process in bytes (Linux /proc), or null when it has gone. */
export function rssBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * A Postgres cluster of our own (initdb in a temporary directory), so a family may stop and start it
 * without touching any shared server. Needs the server binaries (PG_BIN or /usr/lib/postgresql/<v>/bin).
 * initdb refuses root: as root the binaries run as the `postgres` user.
 */
export class ThrowawayPostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async create(port: number): Promise<ThrowawayPostgres> {
    const bin = findPostgresBin();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-reliability-pg-"));
    if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
    const cluster = new ThrowawayPostgres(dir, port, bin);
    cluster.pg("initdb", ["-D", cluster.dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
    cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return path.join(this.dir, "data");
  }

  url(database = "postgres"): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    this.pg("pg_ctl", ["-D", this.dataDir, "-o", options, "-l", path.join(this.dir, "log"), "-w", "start"]);
  }

  /** "fast" terminates every session (57P01) and stops; what an operator's restart does. */
  stop(mode: "fast" | "immediate" = "fast"): void {
    this.pg("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "stop"]);
  }

  /** Starts the cluster if a family that failed midway left it stopped, so the families after it still run. */
  ensureRunning(): void {
    try {
      this.pg("pg_ctl", ["-D", this.dataDir, "status"]);
    } catch {
      this.start();
    }
  }

  destroy(): void {
    try {
      this.stop("immediate");
    } catch {
      // already stopped
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private pg(tool: string, args: string[]): void {
    const exe = path.join(this.bin, tool);
    const [cmd, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", exe, ...args]] : [exe, args];
    execFileSync(cmd as string, argv as string[], { stdio: ["ignore", "ignore", "pipe"] });
  }
}

function findPostgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  throw new Error("Postgres server binaries not found: install postgresql or set PG_BIN");
}

/** A Postgres connection to one database of the throwaway cluster (for set-up and checks). */
export function connect(url: string): postgres.Sql {
  return postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
}

export async function createFreshDatabase(cluster: ThrowawayPostgres, name: string): Promise<string> {
  const admin = connect(cluster.url());
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return cluster.url(name);
}

/**
 * Holds an ACCESS EXCLUSIVE lock on interest_applications from a connection of its own, so every
 * submission stops at its INSERT, inside its transaction, after its rate-limit row: requests that
 * are provably in flight, holding a partial write that must never become visible.
 */
export class InsertBlocker {
  private constructor(
    private readonly sql: postgres.Sql,
    private readonly reserved: postgres.ReservedSql,
    readonly backendPid: number,
    private readonly database: string,
  ) {}

  static async hold(url: string): Promise<InsertBlocker> {
    // Two connections: one reserved for the lock, one for watching pg_stat_activity.
    const sql = postgres(url, { max: 2, onnotice: () => {}, connect_timeout: 5 });
    const reserved = await sql.reserve();
    await reserved`begin`;
    await reserved`lock table interest_applications in access exclusive mode`;
    const [row] = await reserved<{ pid: number; db: string }[]>`select pg_backend_pid() as pid, current_database() as db`;
    return new InsertBlocker(sql, reserved, row!.pid, row!.db);
  }

  /** Waits until `count` sessions of the app wait for this lock. */
  async waitForWaiters(count: number, timeoutMs = 15_000): Promise<void> {
    await secondsUntil(
      async () => {
        const [row] = await this.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
          where datname = ${this.database} and wait_event_type = 'Lock' and pid <> ${this.backendPid}`;
        return (row?.n ?? 0) >= count;
      },
      timeoutMs,
      `${count} requests waiting on the lock`,
    );
  }

  /** Ends the lock (rollback: the holder wrote nothing) while the holder's session is alive. */
  async release(): Promise<void> {
    try {
      await this.reserved`rollback`;
    } finally {
      this.reserved.release();
      await this.sql.end({ timeout: 1 }).catch(() => {});
    }
  }

  /**
   * Drops the client after Postgres itself ended the holder's session (a stopped cluster). No query:
   * the postgres driver never settles a query sent on a connection whose socket closed, and writes
   * it on a null socket from a timer (an uncaught TypeError), so a rollback there would hang the family.
   */
  async abandon(): Promise<void> {
    this.reserved.release();
    await this.sql.end({ timeout: 0 }).catch(() => {});
  }
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's PgBouncer (`apt-get install pgbouncer`), or undefined when it is not installed. */
export function pgbouncerBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const which = spawnSync("sh", ["-c", "command -v pgbouncer"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

export function pgbouncerVersion(binary: string): string {
  return /PgBouncer ([\d.]+)/.exec(spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout)?.[1] ?? "unknown";
}

export interface RunningPgBouncer {
  /** `serverUrl` with the pooler's host and port instead of the server's. */
  url(serverUrl: string): string;
  version: string;
  /** What PgBouncer wrote (it logs to stderr). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * PgBouncer in front of the Postgres server of `serverUrl`, on a free port of 127.0.0.1, in
 * transaction mode and otherwise with its defaults (ignore_startup_parameters empty,
 * max_prepared_statements 0 or absent): every database of the server under its own name. Trust
 * authentication, as the test server has; PgBouncer still needs the user in its auth file. PgBouncer
 * refuses to run as root, so as root it drops to `nobody`.
 */
export async function startPgBouncer(binary: string, serverUrl: string): Promise<RunningPgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username) || "postgres";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const ini = [
    "[databases]",
    `* = host=${server.hostname} port=${server.port || "5432"}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    "pool_mode = transaction",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), ini, { mode: 0o644 });
  fs.writeFileSync(path.join(dir, "users.txt"), `"${user}" ""\n`, { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(binary, [...(asRoot ? ["-u", "nobody"] : []), path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`PgBouncer did not start on port ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url(target: string) {
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    version: pgbouncerVersion(binary),
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Starting servers for the benchmark and measuring their memory (RSS of the whole process tree).
import { spawn } from "node:child_process";
import fs from "node:fs";

export async function waitForUrl(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function childrenOf(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants, in MB. */
export function treeRssMb(pid) {
  let kb = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    kb += rssKb(p);
    stack.push(...childrenOf(p));
  }
  return kb / 1024;
}

/** Samples the tree's RSS every 100 ms; `peak()` gives the highest since the last `reset()`. */
export function memorySampler(pid) {
  let peak = 0;
  let overall = 0;
  const timer = setInterval(() => {
    const mb = treeRssMb(pid);
    peak = Math.max(peak, mb);
    overall = Math.max(overall, mb);
  }, 100);
  timer.unref();
  return {
    reset: () => (peak = treeRssMb(pid)),
    peak: () => Math.max(peak, treeRssMb(pid)),
    overall: () => Math.max(overall, treeRssMb(pid)),
    stop: () => clearInterval(timer),
  };
}

export function startProcess(command, args, { cwd, env, name, quiet = true }) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", quiet ? "ignore" : "inherit", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  child.on("exit", (code, signal) => {
    if (!child.stopping) console.error(`[bench] ${name} exited early (${code ?? signal})\n${stderr}`);
  });
  return {
    child,
    stderr: () => stderr,
    async stop() {
      child.stopping = true;
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => {
        const t = setTimeout(() => {
          child.kill("SIGKILL");
          resolve();
        }, 10_000);
        child.once("exit", () => {
          clearTimeout(t);
          resolve();
        });
      });
    },
  };
}

/** `next start` of the production build in appDir, against the given database. */
export async function startApp({ appDir, port, databaseUrl, extraEnv = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "bench-only-auth-secret-0123456789abcdef",
    APP_URL: `http://127.0.0.1:${port}`,
    EMAIL_TRANSPORT: "mailbox",
    LOG_LEVEL: "warn",
    INTEREST_IP_LIMIT: "0",
    INQUIRY_IP_LIMIT: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extraEnv,
  };
  delete env.TURNSTILE_SECRET_KEY;
  delete env.NEXT_PUBLIC_TURNSTILE_SITE_KEY;
  const nextBin = `${appDir}/node_modules/next/dist/bin/next`;
  const proc = startProcess(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: appDir,
    env,
    name: "next start",
  });
  await waitForUrl(`http://127.0.0.1:${port}/api/ready`);
  return { ...proc, pid: proc.child.pid, baseUrl: `http://127.0.0.1:${port}` };
}

// `npm run soak [-- --duration 60 --concurrency 8 --database-url postgres://…]`: a bounded mixed load
// (public reads, pages, interest applications, verifications, API-key calls) against the production
// build for a set time. Reports requests, errors, p50/p99 per kind, and the server's RSS at the start
// (after a warm-up), peak and end. Exits 1 when a request failed or RSS grew more than 10 %.
// Not part of CI: run it on demand. Uses a throwaway PGlite directory unless --database-url names a
// Postgres server, on which it creates (and afterwards drops) a database of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createDatabase } from "@/db/client";
import { seedDemo } from "@/scripts/seed/demo";
import { DEMO_PROVIDER_SLUG } from "@/scripts/seed/demo-data";
import { connect, delay, ensureBuild, interestBody, MAILBOX_SECRET, percentile, ROOT, rssBytes, serverEnv, startServer } from "./production-harness";

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    duration: { type: "string", default: "60" },
    warmup: { type: "string", default: "60" },
    concurrency: { type: "string", default: "8" },
    port: { type: "string", default: process.env.SOAK_PORT ?? "3320" },
    "database-url": { type: "string" },
  },
});
const durationS = positive("duration", values.duration!);
const warmupS = Number(values.warmup);
const concurrency = positive("concurrency", values.concurrency!);
const port = positive("port", values.port!);
const MAX_RSS_GROWTH_PERCENT = 10;

function positive(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return n;
}

ensureBuild();

// A database of our own, seeded with the demo data (which gives us an OWNER API key).
const dbEnv: Record<string, string> = {};
let dropDatabase = async () => {};
let tempDir: string | undefined;
if (values["database-url"]) {
  const name = `pr_soak_${process.pid}`;
  const admin = connect(values["database-url"]);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(values["database-url"]);
  url.pathname = `/${name}`;
  dbEnv.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
} else {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-soak-"));
  dbEnv.PGLITE_DATA_DIR = path.join(tempDir, "pglite");
}
const seedHandle = createDatabase({ url: dbEnv.DATABASE_URL, pgliteDataDir: dbEnv.PGLITE_DATA_DIR, poolMax: 2 });
await seedHandle.migrate();
const seeded = await seedDemo(seedHandle.db);
await seedHandle.close();
if (seeded.status !== "seeded") throw new Error("the soak database was not empty");
const apiKey = seeded.apiKey.key;

const server = await startServer(
  port,
  serverEnv(port, { ...dbEnv, LOG_LEVEL: "warn", EMAIL_DISPATCH_INTERVAL_MS: "200", SIGN_IN_EMAIL_LIMIT: "1000" }),
);
const base = server.url;

type Kind = "list" | "provider" | "page" | "apply" | "verify" | "key-read" | "key-write";
interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
  detail?: string;
}

let applicants = 0;
const awaitingVerification: string[] = [];
const specialties = ["", "&specialty=DESIGN", "&specialty=DEVELOPMENT", "&featured=true"];

async function timed(kind: Kind, expect: number[], url: string, init?: RequestInit): Promise<Sample & { body?: unknown }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    const ms = performance.now() - started;
    const ok = expect.includes(response.status);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { kind, ms, ok, body, ...(ok ? {} : { detail: `${response.status} ${url} ${text.slice(0, 200)}` }) };
  } catch (error) {
    return { kind, ms: performance.now() - started, ok: false, detail: `${url} ${String(error)}` };
  }
}

const json = (body: unknown, method = "POST"): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const bearer = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${apiKey}` },
});

/** One request of the mix; the weights add to 100. */
async function oneRequest(): Promise<Sample> {
  const roll = Math.random() * 100;
  if (roll < 35) {
    const page = 1 + Math.floor(Math.random() * 3);
    const filter = specialties[Math.floor(Math.random() * specialties.length)];
    return timed("list", [200], `${base}/api/public/studio/providers?page=${page}${filter}`);
  }
  if (roll < 45) return timed("provider", [200], `${base}/api/public/studio/providers/${DEMO_PROVIDER_SLUG}`);
  if (roll < 55) {
    const pages = ["/", "/providers", `/providers/${DEMO_PROVIDER_SLUG}`, "/apply"];
    return timed("page", [200], `${base}${pages[Math.floor(Math.random() * pages.length)]}`);
  }
  if (roll < 67) {
    const email = `soak-${process.pid}-${++applicants}@soak.example`;
    const sample = await timed("apply", [201], `${base}/api/public/studio/providers/interest`, json(interestBody(email)));
    if (sample.ok) awaitingVerification.push(email);
    return sample;
  }
  if (roll < 77 && awaitingVerification.length > 0) return verifyOne(awaitingVerification.shift()!);
  if (roll < 92) {
    const path = Math.random() < 0.5 ? "listing" : "members";
    return timed("key-read", [200], `${base}/api/provider/studio/${path}`, bearer());
  }
  const headline = `Soak headline ${Math.floor(Math.random() * 1e6)}`;
  return timed("key-write", [200], `${base}/api/provider/studio/listing`, bearer(json({ headline }, "PATCH")));
}

/** Reads the verification link from the local mailbox and confirms it, as the applicant would. */
async function verifyOne(email: string): Promise<Sample> {
  const started = performance.now();
  const mailbox = await timed("verify", [200], `${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
    headers: { "X-Mailbox-Secret": MAILBOX_SECRET },
  });
  const links = ((mailbox.body as { links?: string[] }[] | undefined) ?? []).flatMap((m) => m.links ?? []);
  const token = links.map((l) => new URL(l).searchParams.get("token")).find(Boolean);
  if (!mailbox.ok) return mailbox;
  if (!token) {
    // Not delivered yet: the dispatcher runs every 200 ms. Try again later.
    awaitingVerification.push(email);
    return { kind: "verify", ms: performance.now() - started, ok: true };
  }
  const verify = await timed("verify", [200], `${base}/api/public/studio/providers/verify?token=${encodeURIComponent(token)}`, {
    method: "POST",
  });
  return { ...verify, ms: performance.now() - started };
}

async function load(seconds: number, samples: Sample[] | null): Promise<void> {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const sample = await oneRequest();
        samples?.push(sample);
      }
    }),
  );
}

const rssSamples: number[] = [];
// RSS every 30 s of the measured run, so a report shows whether memory levels off or keeps climbing.
const rssTimeline: { atSeconds: number; mb: number }[] = [];
let measuringSince: number | null = null;
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const rss = rssBytes(server.pid);
    if (rss !== null) {
      rssSamples.push(rss);
      const at = measuringSince === null ? null : (performance.now() - measuringSince) / 1000;
      if (at !== null && at >= 30 * rssTimeline.length) {
        rssTimeline.push({ atSeconds: Math.round(at), mb: Math.round(rss / 104857.6) / 10 });
      }
    }
    await delay(500);
  }
})();

let exitCode = 0;
try {
  console.log(`[soak] warm-up ${warmupS} s, then ${durationS} s at concurrency ${concurrency} against ${base}`);
  if (warmupS > 0) await load(warmupS, null);
  const rssStart = rssBytes(server.pid)!;
  rssSamples.length = 0;
  const samples: Sample[] = [];
  const started = performance.now();
  measuringSince = started;
  await load(durationS, samples);
  const elapsed = (performance.now() - started) / 1000;
  const rssEnd = rssBytes(server.pid)!;
  sampling = false;
  await sampler;
  const rssPeak = Math.max(rssStart, rssEnd, ...rssSamples);

  const errors = samples.filter((s) => !s.ok);
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const byKind = new Map<Kind, number[]>();
  for (const s of samples) byKind.set(s.kind, [...(byKind.get(s.kind) ?? []), s.ms]);
  const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
  const growth = Math.round(((rssEnd - rssStart) / rssStart) * 1000) / 10;
  const result = {
    at: new Date().toISOString(),
    database: dbEnv.DATABASE_URL ? "postgres" : "pglite",
    durationSeconds: Math.round(elapsed),
    concurrency,
    requests: samples.length,
    requestsPerSecond: Math.round(samples.length / elapsed),
    errors: errors.length,
    p50ms: Math.round(percentile(all, 50)),
    p99ms: Math.round(percentile(all, 99)),
    byKind: Object.fromEntries(
      [...byKind].map(([k, v]) => {
        v.sort((a, b) => a - b);
        return [k, { requests: v.length, p50ms: Math.round(percentile(v, 50)), p99ms: Math.round(percentile(v, 99)) }];
      }),
    ),
    rssMb: { start: mb(rssStart), peak: mb(rssPeak), end: mb(rssEnd) },
    rssGrowthPercent: growth,
    rssTimeline,
    applications: applicants,
  };
  console.log(JSON.stringify(result, null, 2));
  for (const e of errors.slice(0, 10)) console.log(`  error [${e.kind}] ${e.detail}`);
  fs.mkdirSync(path.join(ROOT, "e2e-artifacts"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "e2e-artifacts", "soak.json"), JSON.stringify(result, null, 2) + "\n");
  if (errors.length > 0) {
    console.log(`[soak] FAIL: ${errors.length} requests failed`);
    exitCode = 1;
  }
  if (growth > MAX_RSS_GROWTH_PERCENT) {
    console.log(`[soak] FAIL: RSS grew ${growth} % (limit ${MAX_RSS_GROWTH_PERCENT} %)`);
    exitCode = 1;
  }
  if (exitCode === 0) console.log(`[soak] ok: ${samples.length} requests, 0 errors, p99 ${result.p99ms} ms, RSS ${growth} %`);
} finally {
  sampling = false;
  await server.stop();
  await dropDatabase().catch((error) => console.error("[soak] could not drop the database", error));
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);

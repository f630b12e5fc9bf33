// The ranking's cost at scale (extensions §5, docs/benchmarks.md "Ranking"): `npx tsx bench/ranking.ts
// [--url postgres://…/postgres] [--providers 100000] [--pages 300]`. Creates a database of its own on
// the server, loads the bench catalogue (scripts/seed/bulk.ts), VACUUM ANALYZE, then times the hourly
// refresh (first run, a run with nothing to write, the Monday turn) and random list pages of the seed
// order against sort=recommended and sort=recommended with explain=true, through the API's own queries
// (fences computed once per order, as the listing cache keeps them). Drops the database afterwards.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createDatabase } from "@/db/client";
import { queryListPage } from "@/lib/public-listing/list-page-query";
import type { ListSort, ProviderListQuery } from "@/lib/public-listing/list-query-schema";
import { countListed } from "@/lib/public-listing/list-totals";
import { listRankExplanations } from "@/lib/public-listing/list-rank-explanations";
import { computeFences, type Fence, type FencedSort } from "@/lib/public-listing/page-fences";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { seedBulkProviders } from "@/scripts/seed/bulk";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    providers: { type: "string", default: "100000" },
    pages: { type: "string", default: "300" },
  },
  strict: true,
});
const count = Number(values.providers);
const pages = Number(values.pages);
const name = `pr_bench_ranking_${randomBytes(3).toString("hex")}`;
const admin = postgres(values.url, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const handle = createDatabase({ url: url.toString(), poolMax: 4 });
const db = handle.db;

async function timed(label: string, run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  console.log(`${label.padEnd(58)} ${ms.toFixed(0).padStart(7)} ms ${result && typeof result === "object" ? JSON.stringify(result) : ""}`);
  return ms;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function randomPages(label: string, sort: ListSort, explain: boolean, total: number, fences: Fence[] | null) {
  const lastPage = Math.max(1, Math.floor(total / 20));
  const times: number[] = [];
  for (let i = 0; i < pages + 20; i++) {
    const page = 1 + Math.floor(Math.random() * lastPage);
    const query: ProviderListQuery = { q: undefined, sort, page, limit: 20, ...(explain ? { explain: true } : {}) };
    const started = performance.now();
    const result = await queryListPage(db, query, { total: async () => total, fences: async () => fences });
    if (explain) await listRankExplanations(db, { slugs: result.data.map((r) => r.slug) });
    if (i >= 20) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  p99 ${pct(times, 99).toFixed(2)} ms`);
}

try {
  await handle.migrate();
  await timed(`bulk load: ${count} providers`, () => seedBulkProviders(db, { count }));
  const now = new Date("2026-12-02T12:00:00.000Z");
  await timed("hourly refresh, first run (every listed provider written)", () => refreshAllProviderRanks(db, { now }));
  await db.execute(sql`vacuum analyze providers`);
  await timed("hourly refresh, an hour later (nothing to write)", () =>
    refreshAllProviderRanks(db, { now: new Date(now.getTime() + 3_600_000) }),
  );
  await timed("hourly refresh at the Monday turn (every rotation key)", () =>
    refreshAllProviderRanks(db, { now: new Date("2026-12-07T00:00:00.000Z") }),
  );
  await db.execute(sql`vacuum analyze providers`);
  const total = await countListed(db, { q: undefined, page: 1, limit: 20 });
  console.log(`listed providers: ${total}`);
  for (const sort of ["featured", "recommended"] as FencedSort[]) {
    const query: ProviderListQuery = { q: undefined, sort, page: 1, limit: 20 };
    let fences: Fence[] | null = null;
    await timed(`fences of sort=${sort} (one walk, kept by the cache)`, async () => {
      fences = await computeFences(db, query, sort);
      return { fences: fences?.length ?? null };
    });
    await randomPages(`${pages} random pages, sort=${sort}`, sort, false, total, fences);
    if (sort === "recommended") await randomPages(`${pages} random pages, sort=recommended&explain=true`, sort, true, total, fences);
  }
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

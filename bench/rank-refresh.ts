// The hourly ranking job at scale (issue 27): seeds N providers into a database of its own, then
// times refreshAllProviderRanks as the maintenance timer would run it, and says what each run did to
// the public listing's cache: how many rows it wrote, whether the listing version moved, and whether the
// change log named each provider (a cached answer is dropped only when a change affects it) or said
// "everything changed" (more than provider_listing_rows_limit() rows: every cached answer goes).
//
//   npx tsx bench/rank-refresh.ts --providers 100000 [--url postgres://postgres@127.0.0.1:5432/postgres]
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { createDatabase, executeRows, type Db } from "@/db/client";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";
import { seedBulkProviders } from "@/scripts/seed/bulk";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    providers: { type: "string", default: "100000" },
  },
  strict: true,
});
const count = Number(values.providers);
const HOUR = 3_600_000;

async function listingLog(db: Db): Promise<{ version: string; seq: number }> {
  const [row] = await executeRows<{ version: string; seq: string | null }>(
    db,
    sql`select (select version from provider_listing_state where id = 1) as version,
               (select max(seq) from provider_listing_changes)::text as seq`,
  );
  return { version: row!.version, seq: Number(row!.seq ?? 0) };
}

async function measure(db: Db, label: string, now: Date): Promise<void> {
  const before = await listingLog(db);
  const started = performance.now();
  const { changed } = await db.transaction((tx) => refreshAllProviderRanks(tx, { now }));
  const ms = performance.now() - started;
  const after = await listingLog(db);
  const [log] = await executeRows<{ rows: number; everything: number }>(
    db,
    sql`select count(*)::int as rows, count(*) filter (where provider_id is null)::int as everything
        from provider_listing_changes where seq > ${before.seq}`,
  );
  const cache =
    changed === 0
      ? "nothing dropped (version unchanged)"
      : log!.everything > 0
        ? "every cached answer dropped (the log says everything changed)"
        : `${log!.rows} providers named: only answers they affect are dropped`;
  console.log(
    `| ${label} | ${changed.toLocaleString("en")} | ${Math.round(ms).toLocaleString("en")} ms | ${after.version === before.version ? "no" : "once"} | ${cache} |`,
  );
}

const name = `pr_bench_rank_${randomBytes(3).toString("hex")}`;
const admin = postgres(values.url, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const handle = createDatabase({ url: url.toString(), poolMax: 2 });
try {
  await handle.migrate();
  const seeded = await seedBulkProviders(handle.db, { count });
  await handle.db.execute(sql`vacuum analyze providers`);
  const [listed] = await executeRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from providers where approval_status = 'APPROVED' and public_profile`,
  );
  console.log(
    `${count.toLocaleString("en")} providers (${listed!.n.toLocaleString("en")} listed), seeded and first ranked in ${seeded.elapsedMs.toLocaleString("en")} ms; VACUUM ANALYZE done.\n`,
  );
  console.log("| run | rows written | time | listing version moved | public cache |");
  console.log("|---|---|---|---|---|");
  // The seeder ranked at its own now; the same hour again writes nothing.
  const now = Date.now();
  await measure(handle.db, "again, the same hour", new Date(now));
  await measure(handle.db, "an hour later", new Date(now + HOUR));
  await measure(handle.db, "a day later", new Date(now + 24 * HOUR));
  // The first run of a new week: every rotation key changes.
  const nextMonday = new Date(now + 7 * 24 * HOUR);
  nextMonday.setUTCDate(nextMonday.getUTCDate() - ((nextMonday.getUTCDay() + 6) % 7));
  nextMonday.setUTCHours(0, 5, 0, 0);
  await measure(handle.db, "the first run of a new week", nextMonday);
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

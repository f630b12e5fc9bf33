// One throwaway Postgres database per benchmark size, created and dropped by the harness.
import { execFileSync } from "node:child_process";
import postgres from "postgres";

export async function createBenchDatabase({ serverUrl, name, providers, toolsDir, log }) {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const started = Date.now();
  const out = execFileSync(process.execPath, [`${toolsDir}/node_modules/tsx/dist/cli.mjs`, "bench/seed.ts", "--url", url.toString(), "--providers", String(providers)], {
    cwd: toolsDir,
    env: { ...process.env, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  const seeded = JSON.parse(out.trim().split("\n").at(-1));
  const { writers, ...summary } = seeded;
  log(`seeded ${providers} providers into ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s ${JSON.stringify(summary)}, ${writers.length} writer keys`);
  return {
    url: url.toString(),
    /** Listed providers (slug and API key) the mixed row's writer edits. */
    writers,
    /** The listed provider with 50 published reviews (bench/seed-reviews.ts). */
    reviewedSlug: seeded.reviewedSlug,
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** A few real slugs and counts the scenarios need, read straight from the database. */
export async function sampleData(url) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [listed] = await sql`
      select slug from providers where approval_status = 'APPROVED' and public_profile
      order by slug desc limit 1`;
    const [{ n }] = await sql`select count(*)::int as n from providers`;
    // Profiles across the whole catalogue, for the long-tail rows: 50 000 at random, far more than the
    // profile cache keeps (2 000) and than a row asks for in its 12 s (about 10 000 at most), so nearly
    // every request names a profile no earlier request did, as a crawler's would. (Until 2026-11-25:
    // 5 000 from a 10 % block sample, so a row's requests repeated slugs and partly hit the cache.)
    const sampled = await sql`
      select slug from providers where approval_status = 'APPROVED' and public_profile
      order by random() limit 50000`;
    return { listedSlug: listed?.slug, providers: n, listedSlugs: sampled.length ? sampled.map((r) => r.slug) : [listed?.slug] };
  } finally {
    await sql.end();
  }
}

export async function countRows(url, query) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql.unsafe(query);
    return Number(Object.values(row)[0]);
  } finally {
    await sql.end();
  }
}

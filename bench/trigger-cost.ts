// What the listing triggers cost bulk loads and single edits (docs/decisions/listing-cache.md, History,
// "caching that survives edits"): `npx tsx bench/trigger-cost.ts --url postgres://…/db [--rows 20000] [--before]`. With
// --before, the triggers of migration 0002 (no change log) are put back first, to compare.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createDatabase } from "@/db/client";
import { seedBulkProviders } from "@/scripts/seed/bulk";

const { values } = parseArgs({
  options: { url: { type: "string" }, rows: { type: "string", default: "20000" }, before: { type: "boolean", default: false } },
  strict: true,
});
if (!values.url) throw new Error("--url is required");
const rows = Number(values.rows);
const handle = createDatabase({ url: values.url, poolMax: 2 });
const db = handle.db;

/** Migration 0002's trigger function, as it was before the change log. */
function migration0002Function(): string {
  const text = fs.readFileSync(path.join(process.cwd(), "db/migrations/0002_listing_indexes.sql"), "utf8");
  const start = text.indexOf('CREATE FUNCTION "provider_listing_changed"()');
  return text.slice(start, text.indexOf("$$;", start) + 3).replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION");
}

async function timed(label: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  console.log(`${label.padEnd(52)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
}

try {
  await handle.migrate();
  if (values.before) {
    await db.execute(sql.raw(migration0002Function()));
    await db.execute(sql`drop trigger provider_listing_version_set on provider_listing_state`);
    await db.execute(sql`drop trigger provider_responsiveness_listing on provider_responsiveness`);
  }
  console.log(values.before ? "triggers of migration 0002 (no change log)" : "triggers of migration 0007 (change log)");
  await timed(`bulk load: ${rows} providers, statements of 50 000`, () => seedBulkProviders(db, { count: rows }));
  await timed(`bulk load: ${rows} providers, statements of 1 000`, () => seedBulkProviders(db, { count: rows, batchSize: 1_000 }));
  await timed("one statement editing every listed provider", () =>
    db.execute(sql`update providers set headline = headline || '.' where approval_status = 'APPROVED' and public_profile`),
  );
  const slugs = (await db.execute(sql`select slug from providers where public_profile order by slug limit 500`)) as unknown;
  const list = ((slugs as { rows?: { slug: string }[] }).rows ?? (slugs as { slug: string }[])).map((r) => r.slug);
  await timed(`${list.length} single edits, one statement each`, async () => {
    for (const slug of list) await db.execute(sql`update providers set headline = 'Edited ' || now() where slug = ${slug}`);
  });
  const [log] = (await db.execute(sql`select count(*)::int as n from provider_listing_changes`)) as unknown as { n: number }[];
  if (log) console.log(`change rows written: ${log.n}`);
} finally {
  await handle.close();
}

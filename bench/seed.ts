// Creates the benchmark's schema and providers in the Postgres database named by --url.
// Run by bench/run.mjs through tsx, so it uses the app's own migrations and bulk seeder.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createDatabase, executeRows } from "@/db/client";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { seedBulkProviders } from "@/scripts/seed/bulk";
import { seedBenchReviews } from "./seed-reviews";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    providers: { type: "string", default: "100000" },
    // Listed providers across the catalogue whose API keys the mixed row's writer edits through.
    writers: { type: "string", default: "50" },
  },
  strict: true,
});
if (!values.url) throw new Error("--url is required");
const count = Number(values.providers);

const handle = createDatabase({ url: values.url, poolMax: 2 });
try {
  await handle.migrate();
  const result = await seedBulkProviders(handle.db, { count });
  // Fresh statistics and a visibility map, as a database that has been running for a while has.
  await handle.db.execute(sql`vacuum analyze`);
  const picked = await executeRows<{ id: string; slug: string }>(
    handle.db,
    sql`select id, slug from providers where slug like 'bench-%' and approval_status = 'APPROVED' and public_profile
        order by md5(slug) limit ${Number(values.writers)}`,
  );
  const writers = [];
  for (const p of picked) {
    const created = await createApiKey(handle.db, {
      providerId: p.id,
      name: "bench writer",
      role: "OWNER",
      actor: { type: "ADMIN", id: null, label: "bench" },
    });
    writers.push({ slug: p.slug, key: created.key });
  }
  const { reviewedSlug } = await seedBenchReviews(handle.db);
  // The last line is the harness's to read (bench/lib/database.mjs).
  console.log(JSON.stringify({ ...result, writers, reviewedSlug }));
} finally {
  await handle.close();
}

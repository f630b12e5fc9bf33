// Creates the benchmark's schema and providers in the Postgres database named by --url.
// Run by bench/run.mjs through tsx, so it uses the app's own migrations and bulk seeder.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createDatabase } from "@/db/client";
import { seedBulkProviders } from "@/scripts/seed/bulk";

const { values } = parseArgs({
  options: { url: { type: "string" }, providers: { type: "string", default: "100000" } },
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
  console.log(JSON.stringify(result));
} finally {
  await handle.close();
}

// Prints EXPLAIN (ANALYZE, BUFFERS) of each public query, as built by the code the API runs.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { LIST_VARIANTS, listSql, type BuiltQuery } from "./lib/list-sql";

const { values } = parseArgs({ options: { slug: { type: "string", default: "bench-1" } }, strict: true });
const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

async function explain(title: string, q: BuiltQuery) {
  // Twice: the first run warms the cache, the second is the steady state a busy server sees.
  const text = `explain (analyze, buffers, costs off, summary on) ${q.sql}`;
  await sql.unsafe(text, q.params as never[]);
  const plan = await sql.unsafe<{ "QUERY PLAN": string }[]>(text, q.params as never[]);
  console.log(`-- ${title}\n${q.sql}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
}

try {
  await explain("listing version (read by every public request)", {
    sql: `select "version" from "provider_listing_state" where "provider_listing_state"."id" = $1`,
    params: [1],
  });
  for (const v of LIST_VARIANTS) {
    const q = listSql(v.params);
    await explain(`list ${v.label}: rows`, q.rows);
    await explain(`list ${v.label}: total`, q.total);
  }
  // The query of lib/providers/get-public-provider.ts (drizzle's text for it).
  await explain("profile by slug", {
    sql: `select * from "providers" where ("providers"."slug" = $1 and ("providers"."approval_status" = $2 and "providers"."public_profile" = $3)) limit $4`,
    params: [values.slug, "APPROVED", true, 1],
  });
} finally {
  await sql.end();
}

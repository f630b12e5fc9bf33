// Prints EXPLAIN (ANALYZE, BUFFERS) of each public query, as built by the code the API runs.
import { parseArgs } from "node:util";
import postgres from "postgres";
import { seekFrom } from "@/lib/public-listing/page-fences";
import { DEEP_PAGE_VARIANTS, LIST_VARIANTS, listSql, type BuiltQuery } from "./lib/list-sql";

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
  // lib/listing-cache/listing-changes.ts: read by an instance only when the version moved.
  await explain("listing changes since an instance's last (read when the version moved)", {
    sql: `select "seq", "provider_id", "before", "after", "search_changed", "changed_at" from "provider_listing_changes" where "provider_listing_changes"."seq" > (select max(seq) - 5 from provider_listing_changes) order by "provider_listing_changes"."seq" asc limit $1`,
    params: [1001],
  });
  for (const v of LIST_VARIANTS) {
    const q = listSql(v.params, undefined, v.sortMatches);
    await explain(`list ${v.label}: rows`, q.rows);
    await explain(`list ${v.label}: total`, q.total);
  }
  for (const v of DEEP_PAGE_VARIANTS) {
    // The fence's rows-before is its offset here (no ties at this row in the bench data: a rank
    // equal to the offset); the fence query itself runs once per listing version and list.
    const [fence] = await sql.unsafe<{ k1: boolean; k2: string }[]>(v.fenceSql);
    if (!fence) continue;
    const offset = Number(/offset (\d+)/.exec(v.fenceSql)![1]);
    const q = listSql(v.params, seekFrom("featured", { k1: fence.k1, k2: fence.k2, before: offset }));
    await explain(`list ${v.label}: rows`, q.rows);
  }
  // The query of lib/providers/get-public-provider.ts (drizzle's text for it).
  await explain("profile by slug", {
    sql: `select * from "providers" where ("providers"."slug" = $1 and ("providers"."approval_status" = $2 and "providers"."public_profile" = $3)) limit $4`,
    params: [values.slug, "APPROVED", true, 1],
  });
} finally {
  await sql.end();
}

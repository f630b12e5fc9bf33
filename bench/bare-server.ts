// The limit of the stack: node:http and the postgres driver, no framework and no cache, answering
// GET /providers with the first page the API sends (same queries, same JSON). Row (2) of the benchmark.
import http from "node:http";
import postgres from "postgres";
import { listSql } from "./lib/list-sql";

const sql = postgres(process.env.DATABASE_URL!, { max: 10, onnotice: () => {} });
const port = Number(process.env.BARE_PORT ?? 3201);
const params = { page: 1, limit: 20, q: undefined };
const query = listSql(params);

type Row = { slug: string; name: string; headline: string; specialties: string | string[]; featured: boolean; published_at: Date | null };

// The driver returns an array of a custom enum as its text form, {A,B}; enum labels need no unquoting.
const specialtiesOf = (v: string | string[]) => (Array.isArray(v) ? v : v.slice(1, -1).split(",").filter(Boolean));

async function firstPage() {
  const [rows, totals] = await Promise.all([
    sql.unsafe<Row[]>(query.rows.sql, query.rows.params as never[], { prepare: true }),
    sql.unsafe<{ total: number }[]>(query.total.sql, query.total.params as never[], { prepare: true }),
  ]);
  return {
    data: rows.map((r) => ({
      slug: r.slug,
      name: r.name,
      headline: r.headline,
      specialties: specialtiesOf(r.specialties),
      featured: r.featured,
      publishedAt: r.published_at?.toISOString() ?? null,
    })),
    total: Number(totals[0]?.total ?? 0),
    page: params.page,
    limit: params.limit,
  };
}

http
  .createServer((req, res) => {
    if (req.url === "/health") return void res.end("ok");
    firstPage().then(
      (body) => {
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(body));
      },
      (error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  })
  .listen(port, "127.0.0.1");

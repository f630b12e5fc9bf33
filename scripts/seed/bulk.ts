import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { HOURLY_RATES, SPECIALTIES, TEAM_SIZES } from "@/db/enums";
import { providers } from "@/db/schema";
import { refreshAllProviderRanks } from "@/lib/ranking/refresh-provider-ranks";

// Benchmark data: N providers made by the database itself from generate_series, so 100 000 rows
// take seconds. Every choice is a deterministic function of the row number g, which gives an exact
// mix per 100 rows: 10 % featured, 15 % unpublished, 5 % pending approval, 1-3 specialties.

const ADJECTIVES = [
  "Blue", "Bright", "Cedar", "Clear", "Copper", "Crimson", "Daring", "Evergreen", "Golden", "Granite",
  "Hidden", "Iron", "Lucky", "Maple", "Midnight", "Northern", "Open", "Quiet", "Rapid", "Silver",
  "Solid", "Summit", "True", "Wild",
];
const NOUNS = [
  "Labs", "Studio", "Works", "Collective", "Digital", "Partners", "Systems", "Media", "Advisory",
  "Analytics", "Creative", "Cloud", "Forge", "Foundry", "Agency", "Group",
];
const HEADLINES = [
  "Custom software for growing companies",
  "Design that earns attention",
  "Data you can trust",
  "Cloud operations without the drama",
  "Marketing measured in revenue",
  "Advice from people who have done it",
  "Web and mobile products, end to end",
  "Brand, product and everything between",
  "Analytics engineering and BI",
  "Reliable infrastructure, boring on purpose",
  "Campaigns that convert",
  "Strategy, research and delivery",
];

// Profile facts (extensions §1), spread so every filter has matches and misses: a country with its
// city and languages (English added for two in three), every team size and rate band, budgets from
// none to 100 000, founding years 1990-2024, 80 % accepting clients, 75 % remote.
const PLACES: [country: string, city: string, languages: string][] = [
  ["US", "New York", "en"], ["DE", "Berlin", "de"], ["GB", "London", "en"], ["FR", "Paris", "fr"],
  ["NL", "Amsterdam", "nl"], ["ES", "Madrid", "es"], ["IN", "Bengaluru", "hi"], ["CA", "Montreal", "fr"],
  ["AU", "Sydney", "en"], ["PL", "Warsaw", "pl"], ["BR", "São Paulo", "pt"], ["SE", "Stockholm", "sv"],
  ["IT", "Milan", "it"], ["JP", "Tokyo", "ja"], ["CH", "Zurich", "de fr"], ["AT", "Vienna", "de"],
];
const BUDGETS = [0, 1000, 2500, 5000, 10000, 25000, 50000, 100000];

export const BULK_SLUG_PREFIX = "bench-";
const THREE_YEARS_SECONDS = 3 * 365 * 86_400;
const CONFIRMED_SPREAD_DAYS = 250;
const DEFAULT_BATCH_SIZE = 50_000;

/** A constant text[] literal; only for the fixed word lists above, never for input. */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`(array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[])`);
}

/** A constant number, written into the statement rather than bound, so Postgres sees its type. */
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const prefix = sql.raw(`'${BULK_SLUG_PREFIX}'`);

function insertRange(from: number, to: number): SQL {
  const specialties = textArray(SPECIALTIES);
  const s1 = sql`${specialties}[1 + g % 7]`;
  const s2 = sql`${specialties}[1 + (g % 7 + 1 + (g / 7) % 3) % 7]`;
  const s3 = sql`${specialties}[1 + (g % 7 + 4 + (g / 21) % 3) % 7]`;
  const place = sql`1 + (g * 5 + g / 16) % ${n(PLACES.length)}`;
  const placeLanguages = textArray(PLACES.map(([, , languages]) => languages));
  return sql`
    insert into providers (slug, name, headline, description, specialties, website_url, featured,
      public_profile, published_at, approval_status, approved_at, created_at, updated_at,
      country_code, city, remote, languages, team_size, hourly_rate, min_project_budget, founded_year,
      accepting_clients, confirmed_at)
    select
      ${prefix} || g,
      ${textArray(ADJECTIVES)}[1 + g % ${n(ADJECTIVES.length)}] || ' ' || ${textArray(NOUNS)}[1 + (g / ${n(ADJECTIVES.length)}) % ${n(NOUNS.length)}] || ' ' || g,
      ${textArray(HEADLINES)}[1 + (g * 7) % ${n(HEADLINES.length)}],
      'Benchmark provider number ' || g || '. ' || ${textArray(HEADLINES)}[1 + (g * 5) % ${n(HEADLINES.length)}] || '.',
      (case (g / 63) % 3
        when 0 then array[${s1}]
        when 1 then array[${s1}, ${s2}]
        else array[${s1}, ${s2}, ${s3}] end)::specialty[],
      'https://' || ${prefix} || g || '.example.com',
      g % 10 = 0,
      published,
      case when published then at else null end,
      (case when pending then 'PENDING' else 'APPROVED' end)::approval_status,
      case when pending then null else at - interval '1 day' end,
      at - interval '7 days',
      at,
      ${textArray(PLACES.map(([country]) => country))}[${place}],
      ${textArray(PLACES.map(([, city]) => city))}[${place}],
      g % 4 <> 0,
      (case when g % 3 = 0 or ${placeLanguages}[${place}] = 'en'
        then string_to_array(${placeLanguages}[${place}], ' ')
        else string_to_array(${placeLanguages}[${place}], ' ') || array['en'] end),
      (${textArray(TEAM_SIZES)}[1 + (g * 3) % ${n(TEAM_SIZES.length)}])::team_size,
      (${textArray(HOURLY_RATES)}[1 + (g * 11) % ${n(HOURLY_RATES.length)}])::hourly_rate,
      (array[${sql.raw(BUDGETS.join(","))}])[1 + (g * 17) % ${n(BUDGETS.length)}],
      1990 + (g * 7) % 35,
      g % 5 <> 0,
      -- Confirmed 0 to 249 days ago: every stage of the freshness clock (extensions §6) and every
      -- freshness score, as a catalogue whose sweep has not run yet.
      now() - make_interval(days => (g * 37) % ${n(CONFIRMED_SPREAD_DAYS)}, secs => (g * 7919) % 86400)
    from (
      select g,
        (g * 7) % 100 >= 15 as published,
        (g * 13) % 100 < 5 as pending,
        now() - make_interval(secs => ((g::bigint * 2654435761) % ${n(THREE_YEARS_SECONDS)})::double precision) as at
      from generate_series(${from}::int, ${to}::int) as g
    ) as rows`;
}

export interface BulkSeedResult {
  inserted: number;
  firstSlug: string;
  lastSlug: string;
  elapsedMs: number;
  /** Listed providers whose score was computed (sort=recommended reads it). */
  ranked: number;
}

/** Inserts `count` providers slugged bench-<n>, numbered on from any bench providers already there. */
export async function seedBulkProviders(
  db: Db,
  params: { count: number; batchSize?: number },
): Promise<BulkSeedResult> {
  const started = performance.now();
  const batchSize = params.batchSize ?? DEFAULT_BATCH_SIZE;
  const [row] = await db
    .select({
      last: sql<number>`coalesce(max(substring(${providers.slug} from ${n(BULK_SLUG_PREFIX.length + 1)})::int), 0)`.mapWith(Number),
    })
    .from(providers)
    .where(sql`${providers.slug} ~ ${`^${BULK_SLUG_PREFIX}[0-9]+$`}`);
  const first = (row?.last ?? 0) + 1;
  const last = first + params.count - 1;
  for (let from = first; from <= last; from += batchSize) {
    await db.execute(insertRange(from, Math.min(last, from + batchSize - 1)));
  }
  // Scores as the hourly ranking job leaves them, so sort=recommended reads a catalogue in its steady state.
  const { changed: ranked } = await refreshAllProviderRanks(db, { now: new Date() });
  // Fresh statistics for the planner: right after a bulk load autovacuum has not run yet, and with the
  // old row counts Postgres sorted every listed provider on disk instead of reading the order index.
  await db.execute(sql`analyze providers`);
  return {
    ranked,
    inserted: params.count,
    firstSlug: `${BULK_SLUG_PREFIX}${first}`,
    lastSlug: `${BULK_SLUG_PREFIX}${last}`,
    elapsedMs: Math.round(performance.now() - started),
  };
}

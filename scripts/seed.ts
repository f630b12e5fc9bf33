// `npm run db:seed [-- --providers N]`: demo data (once), and optionally N benchmark providers.
import { parseArgs } from "node:util";
import { env } from "@/lib/config/env";
import { withDatabase } from "@/scripts/cli/open-database";
import { seedBulkProviders } from "./seed/bulk";
import { DEMO_PROVIDER_SLUG, NORTHWIND_TEAM, PLATFORM_ADMIN } from "./seed/demo-data";
import { seedDemo } from "./seed/demo";

const MAX_BULK = 10_000_000;
const USAGE = "usage: npm run db:seed [-- --providers <N>]";

function parseCount(): number | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        providers: { type: "string" },
        "embedded-only": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  if (values.help) {
    console.log(`${USAGE}\n\nLoads the demo data once; --providers N also inserts N benchmark providers (bench-<n>).`);
    process.exit(0);
  }
  // `npm run dev` seeds the embedded database on its own, but never a Postgres database it was pointed at.
  if (values["embedded-only"] && process.env.DATABASE_URL) {
    console.log("DATABASE_URL is set: demo data is not loaded automatically (run `npm run db:seed` to load it).");
    process.exit(0);
  }
  if (values.providers === undefined) return null;
  const n = Number(values.providers);
  if (!/^\d+$/.test(values.providers) || n < 1 || n > MAX_BULK) usageError(`--providers must be a whole number from 1 to ${MAX_BULK}`);
  return n;
}

function usageError(message: string): never {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= "warn";
  const bulk = parseCount();
  await withDatabase(async ({ db, kind }) => {
    const demo = await seedDemo(db);
    if (demo.status === "already-seeded") {
      console.log(`already seeded (provider "${DEMO_PROVIDER_SLUG}" exists); demo data left as it is`);
    } else {
      console.log(
        [
          `Seeded ${demo.providers} providers, ${demo.users} users and ${demo.applications} interest applications.`,
          `  platform admin:  ${PLATFORM_ADMIN.email}`,
          `  demo provider:   ${DEMO_PROVIDER_SLUG} (owner ${NORTHWIND_TEAM.owner.email})`,
          "",
          `API key for ${DEMO_PROVIDER_SLUG} (OWNER). It is shown only this once: copy it now.`,
          "",
          `  ${demo.apiKey.key}`,
          "",
          `Try: curl -H "Authorization: Bearer ${demo.apiKey.key}" ${env().APP_URL.replace(/\/+$/, "")}/api/provider/studio/members`,
          `Lost it? npm run cli -- apikey:create --provider ${DEMO_PROVIDER_SLUG}`,
        ].join("\n"),
      );
    }
    if (bulk !== null) {
      console.log(`Inserting ${bulk} benchmark providers into ${kind === "postgres" ? "Postgres" : "PGlite"}...`);
      const result = await seedBulkProviders(db, { count: bulk });
      console.log(
        `Inserted ${result.inserted} providers (${result.firstSlug} .. ${result.lastSlug}) in ${(result.elapsedMs / 1000).toFixed(1)} s`,
      );
    }
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

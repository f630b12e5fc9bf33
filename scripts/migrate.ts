// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite database.
import { withDatabase } from "@/scripts/cli/open-database";

process.env.LOG_LEVEL ??= "warn";

// withDatabase migrates before it calls back; nothing else to do.
withDatabase(async ({ kind }) => kind).then(
  (kind) => {
    console.log(`migrations applied (${kind === "postgres" ? "Postgres at DATABASE_URL" : "embedded PGlite"})`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);

// `npm run db:functions`: writes db/functions/<name>.sql, the current definition of each SQL function
// the migrations define, from a freshly migrated in-memory database (db/sql-functions.ts says why).
import fs from "node:fs";
import path from "node:path";
import { createDatabase } from "@/db/client";
import { currentSqlFunctionFiles, FUNCTIONS_FOLDER, writtenSqlFunctionFiles } from "@/db/sql-functions";

process.env.LOG_LEVEL ??= "warn";

async function main(): Promise<void> {
  const handle = createDatabase({ pgliteDataDir: "memory://" });
  try {
    await handle.migrate();
    const current = await currentSqlFunctionFiles(handle.db);
    fs.mkdirSync(FUNCTIONS_FOLDER, { recursive: true });
    for (const stale of writtenSqlFunctionFiles().keys()) {
      if (!current.has(stale)) fs.rmSync(path.join(FUNCTIONS_FOLDER, stale));
    }
    for (const [file, text] of current) fs.writeFileSync(path.join(FUNCTIONS_FOLDER, file), text);
    console.log(`${current.size} functions written to db/functions/`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

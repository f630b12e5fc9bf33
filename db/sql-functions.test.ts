import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { currentSqlFunctionFiles, writtenSqlFunctionFiles } from "./sql-functions";

// db/functions/ is where a reader finds each SQL function's current body; the migrations replace
// bodies file after file. This keeps the two the same, on PGlite and on Postgres.
describe("db/functions/", () => {
  it("holds the current definition of every SQL function the migrations leave, and nothing else", async () => {
    const current = await currentSqlFunctionFiles(getDb());
    expect(current.size).toBeGreaterThan(10);
    const written = writtenSqlFunctionFiles();
    expect([...written.keys()], "files in db/functions/ (npm run db:functions writes them)").toEqual([...current.keys()].sort());
    for (const [file, text] of current) expect(written.get(file), `db/functions/${file}: run npm run db:functions`).toBe(text);
  });
});

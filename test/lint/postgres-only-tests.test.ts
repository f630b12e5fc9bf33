import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postgresOnlySummary, POSTGRES_COMMAND } from "@/test/support/race-reporter";
import { POSTGRES_TAG, RACE_TAG } from "@/test/support/races";

const root = path.resolve(import.meta.dirname, "..", "..");

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true }).flatMap((entry) =>
    entry.isFile() && entry.name.endsWith(".test.ts") ? [path.relative(root, path.join(entry.parentPath, entry.name))] : [],
  );
}

const race = { tags: [RACE_TAG] };
const needsServer = { tags: [POSTGRES_TAG] };
const plain = { tags: [] };

describe("the Postgres-only summary printed after the unit tests", () => {
  it("counts every Postgres-only test skipped on PGlite, race tests and the others, and says how to run them", () => {
    const lines = postgresOnlySummary(
      [
        { ...race, skipped: true },
        { ...race, skipped: true },
        { ...needsServer, skipped: true },
        { ...plain, skipped: false },
      ],
      false,
    );
    expect(lines[0]).toMatch(/^\[postgres-only\] 3 tests SKIPPED \(2 race tests and 1 that needs a second session or the server's settings\): /);
    expect(lines[1]).toBe(`[postgres-only] Run them with: ${POSTGRES_COMMAND}`);
  });

  it("says how many ran on Postgres, and prints nothing for a run without any", () => {
    const lines = postgresOnlySummary([{ ...race, skipped: false }, { ...needsServer, skipped: false }, { ...needsServer, skipped: false }], true);
    expect(lines).toEqual(["[postgres-only] 3 tests ran on Postgres (1 race test and 2 that need a second session or the server's settings)."]);
    expect(postgresOnlySummary([{ ...plain, skipped: false }], false)).toEqual([]);
  });

  it("is the line the README quotes, where the README says it is", () => {
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    expect(readme).toContain("`[postgres-only] N tests SKIPPED");
    expect(readme).toMatch(/vitest's summary/);
  });

  it("misses no Postgres-only test: none skips itself with skipIf/runIf, where the summary cannot see why", () => {
    const files = ["app", "components", "lib", "db", "scripts", "test"].flatMap(testFiles).concat("instrumentation.test.ts");
    const selfSkipping = files.filter((file) => /\b(?:skipIf|runIf)\s*\(/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(selfSkipping, "tag the test with raceTest or postgresOnlyTest (test/support/races.ts) instead").toEqual([]);
  });
});

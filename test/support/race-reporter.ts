import type { Reporter, TestModule } from "vitest/node";
import { onPostgres, RACE_TAG } from "./races";

/**
 * Prints, after vitest's own summary, how many race tests ran or were skipped and why, so a PGlite
 * run (`npm test`) never passes them silently.
 */
export default class RaceReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let ran = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        if (!test.tags.includes(RACE_TAG)) continue;
        if (test.result().state === "skipped") skipped += 1;
        else ran += 1;
      }
    }
    if (ran + skipped === 0) return;
    if (skipped > 0 && !onPostgres) {
      console.log(
        `\n[races] ${skipped} race test${skipped === 1 ? "" : "s"} SKIPPED: they need Postgres. PGlite is one connection, ` +
          `so "simultaneous" calls run one after another there and cannot race.\n` +
          `[races] Run them with: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test\n`,
      );
    } else {
      console.log(`\n[races] ${ran} race test${ran === 1 ? "" : "s"} ran on Postgres${skipped ? `, ${skipped} skipped` : ""}.\n`);
    }
  }
}

import type { Reporter, TestCase, TestModule, Vitest } from "vitest/node";
import { onPostgres, POSTGRES_TAG, RACE_TAG } from "./races";

/** What the summary needs of one test: its tags, and whether it ran. */
export interface TestOutcome {
  tags: readonly string[];
  skipped: boolean;
}

export const POSTGRES_COMMAND = "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The lines printed after vitest's own summary: how many Postgres-only tests (race tests and the
 * others that need a Postgres server) were skipped on PGlite, or ran on Postgres. None when the run
 * held no such test.
 */
export function postgresOnlySummary(tests: Iterable<TestOutcome>, postgres: boolean): string[] {
  const count = { race: { ran: 0, skipped: 0 }, other: { ran: 0, skipped: 0 } };
  for (const test of tests) {
    const kind = test.tags.includes(RACE_TAG) ? count.race : test.tags.includes(POSTGRES_TAG) ? count.other : null;
    if (kind) kind[test.skipped ? "skipped" : "ran"] += 1;
  }
  const skipped = count.race.skipped + count.other.skipped;
  const ran = count.race.ran + count.other.ran;
  if (ran + skipped === 0) return [];
  const split = (n: { race: number; other: number }) =>
    [n.race ? plural(n.race, "race test") : "", n.other ? `${n.other} that need${n.other === 1 ? "s" : ""} a second session or the server's settings` : ""]
      .filter(Boolean)
      .join(" and ");
  if (skipped > 0 && !postgres) {
    return [
      `[postgres-only] ${plural(skipped, "test")} SKIPPED (${split({ race: count.race.skipped, other: count.other.skipped })}): ` +
        `PGlite is one in-process connection, so "simultaneous" calls run one after another there, and it has no second session or server settings.`,
      `[postgres-only] Run them with: ${POSTGRES_COMMAND}`,
    ];
  }
  return [`[postgres-only] ${plural(ran, "test")} ran on Postgres (${split({ race: count.race.ran, other: count.other.ran })})${skipped ? `, ${skipped} skipped` : ""}.`];
}

/** The name vitest's `-t` pattern is matched against: the file's, each suite's and the test's, spaced. */
function filterName(test: TestCase): string {
  const names = [test.name];
  let parent = test.parent;
  while (parent.type === "suite") {
    names.unshift(parent.name);
    parent = parent.parent;
  }
  return [parent.relativeModuleId, ...names].join(" ");
}

/**
 * Prints, after vitest's own summary (so last in the output of `npm run test:unit`, before `npm test`
 * goes on to the browser tests), how many Postgres-only tests ran or were skipped and why, so a PGlite
 * run never passes them silently.
 */
export default class RaceReporter implements Reporter {
  private namePattern: RegExp | undefined;

  onInit(vitest: Vitest): void {
    const pattern = vitest.config.testNamePattern;
    this.namePattern = pattern ? new RegExp(pattern) : undefined;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const outcomes: TestOutcome[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        // A test that `-t` left out was not skipped for want of Postgres.
        if (this.namePattern && !this.namePattern.test(filterName(test))) continue;
        outcomes.push({ tags: test.tags, skipped: test.result().state === "skipped" });
      }
    }
    const lines = postgresOnlySummary(outcomes, onPostgres);
    if (lines.length > 0) console.log(`\n${lines.join("\n")}\n`);
  }
}

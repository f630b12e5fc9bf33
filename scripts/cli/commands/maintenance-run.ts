import { env } from "@/lib/config/env";
import { MAINTENANCE_JOBS } from "@/lib/maintenance/maintenance-jobs";
import { runDueMaintenanceJobs } from "@/lib/maintenance/run-due-jobs";
import { defineCommand, optionalString, UsageError } from "../command";
import { table } from "../format";

const JOB_NAMES = MAINTENANCE_JOBS.map((job) => job.name);

export const maintenanceRun = defineCommand({
  name: "maintenance:run",
  summary: `Run every periodic job that is due once, as the app's timer does, and print what each did; with --only, the named jobs now, due or not (jobs: ${JOB_NAMES.join(", ")})`,
  synopsis: "[--only <job>[,<job>…]]",
  options: {
    only: {
      type: "string",
      value: "<job>[,<job>…]",
      description: `Run just these jobs, whether due or not: ${JOB_NAMES.join(", ")}`,
    },
  },
  parse: (args) => {
    const only = optionalString(args, "only");
    if (only === undefined) return { only: undefined };
    const names = [...new Set(only.split(",").map((name) => name.trim()))];
    const unknown = names.filter((name) => !JOB_NAMES.includes(name));
    if (unknown.length > 0 || names.length === 0) {
      throw new UsageError(`--only names no job "${unknown.join(", ")}": the jobs are ${JOB_NAMES.join(", ")}`);
    }
    return { only: names };
  },
  run: async (db, input) => {
    const outcomes = await runDueMaintenanceJobs(db, { now: new Date(), env: env(), only: input.only });
    // --json prints this: a failed job's error as its message.
    return {
      jobs: outcomes.map((o) =>
        !o.ran && o.reason === "failed" ? { ...o, error: o.error instanceof Error ? o.error.message : String(o.error) } : o,
      ),
    };
  },
  sendsEmail: true,
  failed: (result) => result.jobs.some((o) => !o.ran && o.reason === "failed"),
  render: ({ jobs }) => {
    const rows = jobs.map((outcome) => {
      if (outcome.ran) {
        const did = Object.entries(outcome.result)
          .filter(([, n]) => n !== 0)
          .map(([what, n]) => `${what} ${n}`)
          .join(", ");
        return [outcome.job, `ran in ${outcome.durationMs} ms`, did || "nothing to do"];
      }
      if (outcome.reason === "not due") return [outcome.job, "not due", `next at ${outcome.nextDueAt.toISOString()}`];
      if (outcome.reason === "failed") {
        return [outcome.job, "FAILED", outcome.error];
      }
      return [outcome.job, "skipped", outcome.reason];
    });
    return table(["JOB", "OUTCOME", "DID"], rows);
  },
});

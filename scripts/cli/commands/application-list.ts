import { APPLICATION_STAGES, type ApplicationStage } from "@/db/enums";
import { listApplications, MAX_APPLICATION_PAGE } from "@/lib/applications/list-applications";
import { defineCommand, optionalString, UsageError } from "../command";
import { formatDate, table, truncate } from "../format";

function parseStage(value: string | undefined): ApplicationStage | undefined {
  if (value === undefined) return undefined;
  const stage = APPLICATION_STAGES.find((s) => s === value.trim().toUpperCase());
  if (!stage) throw new UsageError(`--stage must be one of ${APPLICATION_STAGES.join(", ")}`);
  return stage;
}

function parseCount(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} must be a whole number of ${min} or more`);
  return Number(value);
}

export const applicationList = defineCommand({
  name: "application:list",
  summary: "List interest applications, oldest first",
  synopsis: `[--stage ${APPLICATION_STAGES.join("|")}] [--limit <n>] [--offset <n>]`,
  options: {
    stage: { type: "string", value: "<stage>", description: "Only applications in this stage" },
    limit: { type: "string", value: "<n>", description: `At most this many (default 50, max ${MAX_APPLICATION_PAGE})` },
    offset: { type: "string", value: "<n>", description: "Skip this many" },
  },
  parse: (args) => ({
    stage: parseStage(optionalString(args, "stage")),
    limit: parseCount(optionalString(args, "limit"), "limit", 1),
    offset: parseCount(optionalString(args, "offset"), "offset", 0),
  }),
  run: async (db, input) => ({ applications: await listApplications(db, input) }),
  render: ({ applications }) => {
    if (applications.length === 0) return ["No applications."];
    return table(
      ["ID", "STAGE", "CREATED", "EMAIL", "APPLICANT", "PRIOR"],
      applications.map((a) => [
        a.id,
        a.stage,
        formatDate(a.createdAt),
        a.email,
        truncate(a.companyName ? `${a.fullName} (${a.companyName})` : a.fullName, 48),
        String(a.priorApplications),
      ]),
    );
  },
});

import { z } from "zod";
import { env } from "@/lib/config/env";
import { canReadMailbox, presentedMailboxSecret } from "@/lib/email/mailbox-access";
import { AppError } from "@/lib/errors";
import { MAINTENANCE_JOBS } from "@/lib/maintenance/maintenance-jobs";
import { runDueMaintenanceJobs } from "@/lib/maintenance/run-due-jobs";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";

// The maintenance runner beside the local mailbox, for the browser tests and demos: runs the named
// jobs now, as `npm run cli -- maintenance:run --only …` does, optionally at another clock time
// (`at`), so a test sees what the timer does days later (a review published after its cool-off)
// without waiting. The same gate as the mailbox (lib/email/mailbox-access.ts): whoever may read the
// mailbox can sign in as anyone already; everyone else finds no such path (404).

const JOB_NAMES = MAINTENANCE_JOBS.map((job) => job.name) as [string, ...string[]];

const bodySchema = z.strictObject({
  jobs: z.array(z.enum(JOB_NAMES)).min(1).max(JOB_NAMES.length),
  // The clock the jobs run at; now when absent.
  at: z.iso.datetime({ offset: true }).optional(),
});

const runRoute = apiRoute({ auth: "public", body: bodySchema }, async ({ db, body }) => {
  const outcomes = await runDueMaintenanceJobs(db, { now: body.at ? new Date(body.at) : new Date(), env: env(), only: body.jobs });
  return json({
    jobs: outcomes.map((o) =>
      o.ran ? { job: o.job, ran: true, result: o.result } : { job: o.job, ran: false, reason: o.reason },
    ),
  });
});

const absentRoute = apiRoute({ auth: "public" }, async () => {
  throw new AppError("NOT_FOUND", "Not found.");
});

export async function POST(...args: Parameters<typeof runRoute>): Promise<Response> {
  const [request] = args;
  const secret = presentedMailboxSecret(request.headers, new URL(request.url).searchParams);
  return canReadMailbox(secret) ? runRoute(...args) : absentRoute(...args);
}

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);

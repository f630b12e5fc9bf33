import { z } from "zod";
import { retryDeadOutboxEmails, retryOutboxEmail } from "@/lib/email/retry-outbox";
import { defineCommand, flag, UsageError } from "../command";

export const emailRetry = defineCommand({
  name: "email:retry",
  summary: "Send an unsent email again now with a fresh attempt budget (or every dead one), then run one send pass",
  synopsis: "<email-id> | --all-dead",
  options: { "all-dead": { type: "boolean", description: "Every email given up on (status dead)" } },
  maxPositionals: 1,
  parse: (args) => {
    const id = args.positionals[0];
    const allDead = flag(args, "all-dead");
    if (allDead === (id !== undefined)) throw new UsageError("give one email id, or --all-dead");
    if (id !== undefined && !z.uuid().safeParse(id).success) throw new UsageError(`"${id}" is not an email id (a UUID)`);
    return allDead ? { allDead: true as const } : { id: id! };
  },
  run: (db, input) => ("allDead" in input ? retryDeadOutboxEmails(db) : retryOutboxEmail(db, { id: input.id })),
  render: ({ ids }) => (ids.length === 0 ? ["No dead emails to retry."] : [`Retrying ${ids.length} email(s): ${ids.join(", ")}`]),
  sendsEmail: true,
});

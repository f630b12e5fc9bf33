import { listOutbox, OUTBOX_STATES, type OutboxState } from "@/lib/email/list-outbox";
import { defineCommand, optionalString, UsageError } from "../command";
import { formatDate, table, truncate } from "../format";

export const emailList = defineCommand({
  name: "email:list",
  summary: "List outbox emails (default: every one not sent), without their bodies",
  synopsis: `[--status ${OUTBOX_STATES.join("|")}] [--limit <n>]`,
  options: {
    status: { type: "string", value: "<status>", description: "queued (never tried), failed (to retry), dead (given up), sent" },
    limit: { type: "string", value: "<n>", description: "At most this many (default 50, max 1000)" },
  },
  parse: (args) => {
    const status = optionalString(args, "status");
    const state = status === undefined ? undefined : OUTBOX_STATES.find((s) => s === status.trim().toLowerCase());
    if (status !== undefined && !state) throw new UsageError(`--status must be one of ${OUTBOX_STATES.join(", ")}`);
    const limit = optionalString(args, "limit");
    if (limit !== undefined && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000)) {
      throw new UsageError("--limit must be a whole number from 1 to 1000");
    }
    return { state: state as OutboxState | undefined, limit: limit === undefined ? undefined : Number(limit) };
  },
  run: async (db, input) => ({ emails: await listOutbox(db, input) }),
  render: ({ emails }) => {
    if (emails.length === 0) return ["No emails."];
    return table(
      ["ID", "STATUS", "KIND", "TO", "ATTEMPTS", "CREATED", "NEXT ATTEMPT", "LAST ERROR"],
      emails.map((e) => [
        e.id,
        e.state,
        e.kind,
        e.to,
        String(e.attempts),
        formatDate(e.createdAt),
        formatDate(e.nextAttemptAt),
        truncate(e.lastError ?? "-", 60),
      ]),
    );
  },
});

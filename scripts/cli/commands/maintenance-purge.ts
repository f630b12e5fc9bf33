import { env } from "@/lib/config/env";
import { runMaintenance } from "@/lib/maintenance/run-maintenance";
import { defineCommand, optionalString, UsageError } from "../command";
import { table } from "../format";

export const maintenancePurge = defineCommand({
  name: "maintenance:purge",
  summary:
    "Delete expired rate-limit hits, sign-in tokens and sessions, old sent emails and mailbox copies, accounts of expired never-used invitations, and applications, inquiries and invitations whose links expired over 30 days ago (what the app runs hourly)",
  synopsis: "[--sent-email-days <n>]",
  options: {
    "sent-email-days": {
      type: "string",
      value: "<n>",
      description: "Keep sent emails and the local mailbox's copies this many days (default SENT_EMAIL_RETENTION_DAYS, 30)",
    },
  },
  parse: (args) => {
    const days = optionalString(args, "sent-email-days");
    if (days !== undefined && !/^\d+$/.test(days)) throw new UsageError("--sent-email-days must be a whole number of 0 or more");
    return { sentEmailRetentionDays: days === undefined ? env().SENT_EMAIL_RETENTION_DAYS : Number(days) };
  },
  run: (db, input) => runMaintenance(db, input),
  render: (result) => {
    if (!result.ran) return [`Nothing purged: ${result.reason}; try again later.`];
    const rows = Object.entries(result.purged).map(([kind, { deleted, more }]) => [
      kind,
      String(deleted),
      more ? "yes: run again" : "no",
    ]);
    return table(["ROWS", "DELETED", "MORE LEFT"], rows);
  },
});

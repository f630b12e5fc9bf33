import { env, RETENTION_DAYS } from "@/lib/config/env";
import { runMaintenance } from "@/lib/maintenance/run-maintenance";
import { defineCommand, optionalString, UsageError } from "../command";
import { table } from "../format";

export const maintenancePurge = defineCommand({
  name: "maintenance:purge",
  summary:
    "Delete expired rate-limit hits, sign-in tokens and sessions, old sent emails and mailbox copies, accounts of expired never-used invitations, and applications, inquiries and invitations whose links expired over 30 days ago; erase the sender IP of inquiries over 30 days old (what the app runs hourly)",
  synopsis: "[--sent-email-days <n>]",
  options: {
    "sent-email-days": {
      type: "string",
      value: "<n>",
      description: `Keep sent emails and the local mailbox's copies this many days, ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max} (default SENT_EMAIL_RETENTION_DAYS, 30)`,
    },
  },
  parse: (args) => {
    const days = optionalString(args, "sent-email-days");
    if (days === undefined) return { sentEmailRetentionDays: env().SENT_EMAIL_RETENTION_DAYS };
    const n = /^\d{1,9}$/.test(days) ? Number(days) : NaN;
    if (!(n >= RETENTION_DAYS.min && n <= RETENTION_DAYS.max)) {
      throw new UsageError(
        `--sent-email-days must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}, not "${days}"`,
      );
    }
    return { sentEmailRetentionDays: n };
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

import { approveApplication } from "@/lib/applications/approve-application";
import { rejectApplication } from "@/lib/applications/reject-application";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { defineCommand, requiredPositional, requiredString } from "../command";
import { fields } from "../format";

export const applicationApprove = defineCommand({
  name: "application:approve",
  summary: "Approve an application in review: creates the user, the provider and the approval email",
  synopsis: "<application-id>",
  options: {},
  maxPositionals: 1,
  sendsEmail: true,
  parse: (args) => ({ applicationId: requiredPositional(args, "application id") }),
  run: (db, input) => approveApplication(db, { ...input, actor: CLI_ACTOR }),
  render: (r) => [
    "Approved application",
    ...fields([
      ["application", r.applicationId],
      ["provider", r.providerSlug],
      ["provider id", r.providerId],
    ]),
  ],
});

export const applicationReject = defineCommand({
  name: "application:reject",
  summary: "Reject an application in review and email the applicant the reason",
  synopsis: '<application-id> --reason "..."',
  options: { reason: { type: "string", value: '"..."', description: "Why (1-1000 characters; quoted in the email)" } },
  maxPositionals: 1,
  sendsEmail: true,
  parse: (args) => ({
    applicationId: requiredPositional(args, "application id"),
    reason: requiredString(args, "reason"),
  }),
  run: (db, input) => rejectApplication(db, { ...input, actor: CLI_ACTOR }),
  render: (r) => [
    "Rejected application",
    ...fields([
      ["application", r.applicationId],
      ["reason", r.rejectionReason],
    ]),
  ],
});

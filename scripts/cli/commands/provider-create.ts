import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { createProvider } from "@/lib/providers/create-provider";
import { defineCommand, flag, optionalString, requiredString } from "../command";
import { fields, formatDate } from "../format";

export const providerCreate = defineCommand({
  name: "provider:create",
  summary: "Create a provider owned by an existing user",
  synopsis: "--name <name> --owner <email> [--slug <slug>] [--approved] [--published]",
  options: {
    name: { type: "string", value: "<name>", description: "Provider name" },
    owner: { type: "string", value: "<email>", description: "Email of the existing user who becomes OWNER" },
    slug: { type: "string", value: "<slug>", description: "URL slug (default: derived from the name)" },
    approved: { type: "boolean", description: "Approve the provider at once" },
    published: { type: "boolean", description: "Publish the listing at once (public only when also approved)" },
  },
  parse: (args) => ({
    name: requiredString(args, "name"),
    ownerEmail: requiredString(args, "owner"),
    slug: optionalString(args, "slug"),
    approved: flag(args, "approved"),
    published: flag(args, "published"),
  }),
  run: (db, input) => createProvider(db, { ...input, actor: CLI_ACTOR }),
  render: (p) => [
    "Created provider",
    ...fields([
      ["id", p.id],
      ["slug", p.slug],
      ["name", p.name],
      ["approval", p.approvalStatus],
      ["published", p.publicProfile ? `yes (${formatDate(p.publishedAt)})` : "no"],
      ["owner member", p.ownerMemberId],
    ]),
  ],
});

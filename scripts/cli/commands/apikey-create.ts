import { createApiKey } from "@/lib/api-keys/create-api-key";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { defineCommand, optionalString, requiredString } from "../command";
import { fields, formatDate } from "../format";
import { providerBySlug } from "../lookups";

const WARNING = "Store this key now: it is shown only once and cannot be recovered.";

export const apikeyCreate = defineCommand({
  name: "apikey:create",
  summary: "Issue an OWNER API key for a provider (the key is shown once)",
  synopsis: "--provider <slug> [--name <name>]",
  options: {
    provider: { type: "string", value: "<slug>", description: "Slug of the provider" },
    name: { type: "string", value: "<name>", description: 'Label for the key (default "CLI key")' },
  },
  parse: (args) => ({
    providerSlug: requiredString(args, "provider"),
    name: optionalString(args, "name") ?? "CLI key",
  }),
  async run(db, input) {
    const provider = await providerBySlug(db, input.providerSlug);
    const key = await createApiKey(db, { providerId: provider.id, name: input.name, role: "OWNER", actor: CLI_ACTOR });
    return { ...key, provider: provider.slug, warning: WARNING };
  },
  render: (k) => [
    `API key for ${k.provider}:`,
    "",
    `  ${k.key}`,
    "",
    `WARNING: ${WARNING}`,
    ...fields([
      ["id", k.id],
      ["prefix", k.prefix],
      ["name", k.name],
      ["role", k.role],
      ["created", formatDate(k.createdAt)],
    ]),
  ],
});

import { z } from "zod";
import { API_KEY_PREFIX, checkKeyShape, displayPrefix } from "@/lib/api-keys/key-format";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { CLI_CALLER } from "@/lib/auth/caller";
import { defineCommand, optionalString, UsageError } from "../command";
import { fields, formatDate } from "../format";

export const apikeyRevoke = defineCommand({
  name: "apikey:revoke",
  summary: "Revoke an API key by id or prefix (it fails on its next request)",
  synopsis: "<key-id-or-prefix> | --id <key-id>",
  options: { id: { type: "string", value: "<key-id>", description: "Id of the key" } },
  maxPositionals: 1,
  parse(args) {
    const byId = optionalString(args, "id");
    const given = args.positionals[0];
    if (byId && given) throw new UsageError("give the key either as an argument or with --id, not both");
    const value = (byId ?? given)?.trim();
    if (!value) throw new UsageError("give the key id or its prefix (prk_...)");
    if (z.guid().safeParse(value).success) return { keyId: value };
    if (byId) throw new UsageError("--id must be a key id (a UUID)");
    if (!value.startsWith(API_KEY_PREFIX)) throw new UsageError(`expected a key id (UUID) or a key prefix (${API_KEY_PREFIX}...)`);
    // A whole key pasted by mistake still names its key: its visible start is the stored prefix.
    return { prefix: checkKeyShape(value) === "ok" ? displayPrefix(value) : value };
  },
  run: (db, input) => revokeApiKey(db, { ...input, caller: CLI_CALLER }),
  render: (r) => [
    r.alreadyRevoked ? "API key was already revoked" : "Revoked API key",
    ...fields([
      ["id", r.id],
      ["prefix", r.prefix],
      ["name", r.name],
      ["revoked", formatDate(r.revokedAt)],
    ]),
  ],
});

import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import { createUser } from "@/lib/users/create-user";
import { defineCommand, flag, requiredString } from "../command";
import { fields, formatDate } from "../format";

export const userCreate = defineCommand({
  name: "user:create",
  summary: "Create a platform user",
  synopsis: "--email <email> --name <name> [--admin]",
  options: {
    email: { type: "string", value: "<email>", description: "Email address (stored lower-cased)" },
    name: { type: "string", value: "<name>", description: "Display name" },
    admin: { type: "boolean", description: "Make the user a platform admin" },
  },
  parse: (args) => ({
    email: requiredString(args, "email"),
    name: requiredString(args, "name"),
    isAdmin: flag(args, "admin"),
  }),
  run: (db, input) => createUser(db, { ...input, actor: CLI_ACTOR }),
  render: (user) => [
    "Created user",
    ...fields([
      ["id", user.id],
      ["email", user.email],
      ["name", user.name],
      ["admin", user.isAdmin ? "yes" : "no"],
      ["created", formatDate(user.createdAt)],
    ]),
  ],
});

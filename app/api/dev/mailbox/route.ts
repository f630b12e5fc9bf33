import { z } from "zod";
import { apiRoute, json, methodsNotAllowed } from "@/lib/api/route";
import { isMailboxActive, listMailbox } from "@/lib/email/list-mailbox";
import { AppError } from "@/lib/errors";
import { emailSchema } from "@/lib/validation/primitives";

// The local mailbox: what the mailbox transport "delivered" (development, tests, demos).

const querySchema = z.object({ to: emailSchema.optional() });

const listRoute = apiRoute({ auth: "public", query: querySchema }, async ({ db, query }) =>
  json(await listMailbox(db, { to: query.to })),
);

// Checked before the query is parsed: without the mailbox transport the path does not exist at all.
const absentRoute = apiRoute({ auth: "public" }, async () => {
  throw new AppError("NOT_FOUND", "The local mailbox exists only while the mailbox email transport is active.");
});

export async function GET(...args: Parameters<typeof listRoute>): Promise<Response> {
  return isMailboxActive() ? listRoute(...args) : absentRoute(...args);
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);

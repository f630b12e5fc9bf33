import { z } from "zod";
import { apiRoute, json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { listMailbox } from "@/lib/email/list-mailbox";
import { canReadMailbox, MAILBOX_SECRET_PARAM, presentedMailboxSecret } from "@/lib/email/mailbox-access";
import { AppError } from "@/lib/errors";
import { emailSchema } from "@/lib/validation/primitives";

// The local mailbox: what the mailbox transport "delivered" (development, tests, demos), for one
// address at a time. In a production build it needs MAILBOX_SECRET (lib/email/mailbox-access.ts).

const querySchema = z.object({
  // Required: one address at a time, never everyone's mail.
  to: emailSchema,
  [MAILBOX_SECRET_PARAM]: z.string().optional(),
});

const listRoute = apiRoute({ auth: "public", query: querySchema }, async ({ db, query }) =>
  json(await listMailbox(db, { to: query.to })),
);

// Checked before the query is parsed: to anyone who may not read it, the path does not exist at all.
const absentRoute = apiRoute({ auth: "public" }, async () => {
  throw new AppError("NOT_FOUND", "Not found.");
});

export async function GET(...args: Parameters<typeof listRoute>): Promise<Response> {
  const [request] = args;
  const secret = presentedMailboxSecret(request.headers, new URL(request.url).searchParams);
  return canReadMailbox(secret) ? listRoute(...args) : absentRoute(...args);
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);

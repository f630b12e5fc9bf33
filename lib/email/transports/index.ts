import type { Db } from "@/db/client";
import { env } from "@/lib/config/env";
import { createMailboxTransport } from "./mailbox";
import { createResendTransport } from "./resend";
import type { EmailTransport } from "./types";

export type { EmailTransport } from "./types";
export { createMailboxTransport } from "./mailbox";

/**
 * The transport configured by env().emailTransport, or null when delivery is disabled (production
 * without a provider): emails then stay queued in the outbox until one is configured.
 */
export function createEmailTransport(db: Db): EmailTransport | null {
  const e = env();
  switch (e.emailTransport) {
    case "mailbox":
      return createMailboxTransport(db);
    case "resend":
      if (!e.RESEND_API_KEY) throw new Error("EMAIL_TRANSPORT is resend but RESEND_API_KEY is not set");
      return createResendTransport({ apiKey: e.RESEND_API_KEY });
    case "disabled":
      return null;
  }
}

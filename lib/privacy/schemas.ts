import { z } from "@/lib/validation/zod";
import { PRIVACY_REQUEST_KINDS } from "@/db/enums";
import { emailSchema } from "@/lib/validation/primitives";

/**
 * Body of POST /public/studio/privacy-requests, the /privacy/request form and its action: the
 * address the request is about and what to do. Nothing else is read.
 */
export const privacyRequestSubmissionSchema = z
  .object({
    email: emailSchema,
    kind: z
      .enum(PRIVACY_REQUEST_KINDS, { error: "Choose what you want: a copy of your data, or its erasure" })
      .meta({ description: "ACCESS: email me a copy of what you hold. ERASE: erase it." }),
    turnstileToken: z.string().max(4096).nullish().transform((v) => v ?? undefined),
  })
  .meta({ id: "PrivacyRequestSubmission" });
export type PrivacyRequestSubmission = z.output<typeof privacyRequestSubmissionSchema>;

/** The 202's body: the same bytes whatever is or is not held for the address. */
export const privacyRequestAcceptedSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: "PrivacyRequestAccepted" });

// Anything else than a token we sent is 400 TOKEN_INVALID from the domain, a missing one included.
const tokenField = z
  .string()
  .optional()
  .transform((v) => (v && v.length <= 200 ? v : undefined))
  .meta({ description: "The token from the emailed link" });

/** Query of POST /public/studio/privacy-requests/confirm, and the confirm page's button (hidden field). */
export const privacyConfirmQuerySchema = z.object({ token: tokenField });

/** The download page's button (hidden field). */
export const privacyDownloadFormSchema = z.object({ token: tokenField });

export const privacyConfirmResultSchema = z
  .object({ status: z.literal("COMPLETED"), kind: z.enum(PRIVACY_REQUEST_KINDS) })
  .meta({ id: "PrivacyRequestConfirmation" });
export type PrivacyConfirmResult = z.output<typeof privacyConfirmResultSchema>;

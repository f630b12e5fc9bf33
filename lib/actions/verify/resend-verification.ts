"use server";

import { defineAction } from "@/lib/actions/define-action";
import { resendVerification } from "@/lib/applications/resend-verification";
import { verifyQuerySchema } from "@/lib/applications/schemas";

/** "Send me a new link" on an expired verification link (the token arrives in a hidden field). */
export const resendVerificationAction = defineAction({ name: "verify.resend", input: verifyQuerySchema }, ({ db, input }) =>
  resendVerification(db, { token: input.token }),
);

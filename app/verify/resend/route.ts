import type { VerifyOutcomeKind } from "@/components/verify/verify-outcome";
import { resendVerificationAction } from "@/lib/actions/verify/resend-verification";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/**
 * "Send me a new link" on the verify page: a plain form post, so it works with or without JavaScript
 * and from the no-referrer page (see lib/route-wrappers/token-form-route.ts). It needs the expired token.
 */
export const POST = tokenFormRoute<unknown, VerifyOutcomeKind>({
  action: (form) => resendVerificationAction(form),
  outcome: (result) => {
    if (result?.ok) return "resent";
    if (result?.code === "RATE_LIMITED") return "resend-limited";
    if (result?.code === "CONFLICT") return "decided";
    return tokenRefusal(result);
  },
  outcomePath: "/verify/outcome",
});

import type { ConfirmOutcomeKind } from "@/components/inquiries/confirm-outcome";
import { renewInquiryLinkAction } from "@/lib/actions/inquiries/renew-inquiry-link";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/**
 * "Send me a new link" on the inquiry confirmation page: a plain form post, so it works with or without
 * JavaScript and from the no-referrer page (see lib/route-wrappers/token-form-route.ts). It needs the expired token.
 */
export const POST = tokenFormRoute<unknown, ConfirmOutcomeKind>({
  action: (form) => renewInquiryLinkAction(form),
  outcome: (result) => {
    if (result?.ok) return "renewed";
    if (result?.code === "RATE_LIMITED") return "renew-limited";
    if (result?.code === "CONFLICT") return "delivered";
    if (result?.code === "NOT_FOUND") return "unlisted";
    return tokenRefusal(result);
  },
  outcomePath: "/inquiries/confirm/outcome",
});

import type { ConfirmOutcomeKind } from "@/components/inquiries/confirm-outcome";
import { confirmInquiry } from "@/lib/actions/inquiries/confirm-inquiry";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/** The inquiry confirmation page's button without JavaScript (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<unknown, ConfirmOutcomeKind>({
  action: (form) => confirmInquiry(null, form),
  outcome: (result) => {
    if (result?.ok) return "delivered";
    if (result?.code === "NOT_FOUND") return "unlisted";
    if (result?.code === "RATE_LIMITED") return "held";
    return tokenRefusal(result);
  },
  outcomePath: "/inquiries/confirm/outcome",
});

import type { PrivacyOutcomeKind } from "@/components/privacy/privacy-confirm-outcome";
import { confirmPrivacyFromForm } from "@/lib/actions/privacy/confirm-privacy-request";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/** The privacy confirm page's button without JavaScript (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<{ kind: "ACCESS" | "ERASE" }, PrivacyOutcomeKind>({
  action: (form) => confirmPrivacyFromForm(null, form),
  outcome: (result) => {
    if (result?.ok) return result.data.kind === "ACCESS" ? "access" : "erased";
    return tokenRefusal(result);
  },
  outcomePath: "/privacy/confirm/outcome",
});

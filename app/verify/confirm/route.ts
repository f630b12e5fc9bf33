import type { VerifyOutcomeKind } from "@/components/verify/verify-outcome";
import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/** The verify page's confirm button without JavaScript (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<{ status: string }, VerifyOutcomeKind>({
  action: (form) => confirmEmail(null, form),
  outcome: (result) => (result?.ok ? (result.data.status === "IN_REVIEW" ? "in-review" : "decided") : tokenRefusal(result)),
  outcomePath: "/verify/outcome",
});

import type { ConfirmLinkOutcomeKind } from "@/components/freshness/confirm-link-outcome";
import { confirmListingByLink } from "@/lib/actions/listing/confirm-by-link";
import { tokenFormRoute, tokenRefusal } from "@/lib/route-wrappers/token-form-route";

/** The confirm-link page's button without JavaScript (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<{ restored: boolean }, ConfirmLinkOutcomeKind>({
  action: (form) => confirmListingByLink(null, form),
  outcome: (result) => {
    if (result?.ok) return result.data.restored ? "restored" : "confirmed";
    if (result?.code === "CONFLICT") return "used";
    if (result?.code === "PROVIDER_SUSPENDED") return "suspended";
    return tokenRefusal(result);
  },
  outcomePath: "/listing/confirm/outcome",
});

import { refusalKind, type InvitationOutcomeKind } from "@/components/reviews/invitation/invitation-outcome";
import { optOutOfReviews } from "@/lib/actions/reviews/opt-out";
import { tokenFormRoute } from "@/lib/route-wrappers/token-form-route";

/** The opt-out page's button (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<unknown, InvitationOutcomeKind>({
  action: (form) => optOutOfReviews(null, form),
  outcome: (result) => (result?.ok ? "opted-out" : refusalKind(result?.code)),
  outcomePath: "/reviews/opt-out/outcome",
});

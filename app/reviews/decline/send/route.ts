import type { InvitationOutcomeKind } from "@/components/reviews/invitation/invitation-outcome";
import { refusalKind } from "@/components/reviews/invitation/invitation-outcome";
import { declineInvitation } from "@/lib/actions/reviews/decline-invitation";
import { tokenFormRoute } from "@/lib/route-wrappers/token-form-route";

/** The decline page's form (see lib/route-wrappers/token-form-route.ts). */
export const POST = tokenFormRoute<unknown, InvitationOutcomeKind>({
  action: (form) => declineInvitation(null, form),
  outcome: (result) => (result?.ok ? "declined" : refusalKind(result?.code)),
  outcomePath: "/reviews/decline/outcome",
});

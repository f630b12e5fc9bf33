import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";

/** Every finished state of the decline and opt-out pages; their script-less outcome pages accept these. */
export const INVITATION_OUTCOME_KINDS = ["declined", "opted-out", "reviewed", "expired", "invalid"] as const;
export type InvitationOutcomeKind = (typeof INVITATION_OUTCOME_KINDS)[number];

const TITLES: Record<InvitationOutcomeKind, string> = {
  declined: "Thank you, we have noted it",
  "opted-out": "No more review emails",
  reviewed: "You already wrote a review",
  expired: "This review link no longer works",
  invalid: "This review link does not work",
};

const MESSAGES: Record<InvitationOutcomeKind, string> = {
  declined: "We will not ask you about this provider again. Your answer stays private: the provider does not see it and it is not counted anywhere public.",
  "opted-out": "We will not send review invitations or reminders to this address again.",
  reviewed: "A review was already written with this invitation, so there is nothing more to do here.",
  expired: "The invitation expired or was closed. There is nothing more to do here.",
  invalid: "The link is incomplete or not one we sent. If it came from a reminder, use the newest email.",
};

/** One finished state of a page opened from a review invitation's link. */
export function InvitationOutcome({ kind }: { kind: InvitationOutcomeKind }) {
  return (
    <TokenOutcome
      id="invitation-outcome-heading"
      tone={kind === "declined" || kind === "opted-out" || kind === "reviewed" ? "success" : "problem"}
      title={TITLES[kind]}
      message={MESSAGES[kind]}
    >
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}

/** The outcome a refused invitation token leads to (lib/reviews/find-invitation-by-token.ts). */
export function refusalKind(code: string | undefined): InvitationOutcomeKind | "retry" {
  if (code === "REVIEW_ALREADY_SUBMITTED") return "reviewed";
  if (code === "TOKEN_EXPIRED") return "expired";
  if (code === "TOKEN_INVALID" || code === "VALIDATION_FAILED") return "invalid";
  return "retry";
}

import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";
import type { ErrorCode } from "@/lib/errors";

const TITLES: Partial<Record<ErrorCode, string>> = {
  TOKEN_INVALID: "This link does not work",
  TOKEN_EXPIRED: "This link has expired",
  REVIEW_ALREADY_SUBMITTED: "This invitation was already answered",
  REVIEW_CONFLICT: "We cannot accept a review from this address",
};

const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  TOKEN_INVALID: "Open the link from the email again; copying it by hand can cut it short.",
  TOKEN_EXPIRED: "Nothing was lost. If you need a review removed, you can make a privacy request.",
  REVIEW_ALREADY_SUBMITTED: "To change a review you wrote, use the private edit link from the email we sent when you wrote it.",
};

/** A review link (write or edit) that cannot be used, said plainly: never an error page. */
export function ReviewLinkProblem({ code, message }: { code: ErrorCode; message: string }) {
  return (
    <TokenOutcome id="review-link-heading" tone="problem" title={TITLES[code] ?? "This link cannot be used"} message={message}>
      {NEXT_STEP[code] ? <p>{NEXT_STEP[code]}</p> : null}
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}

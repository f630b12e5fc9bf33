import Link from "next/link";
import type { Ref } from "react";
import { TokenOutcome } from "@/components/ui/token-outcome";

/** Every finished state of the confirm-link page; its script-less outcome page accepts these. */
export const CONFIRM_LINK_OUTCOME_KINDS = ["confirmed", "restored", "used", "expired", "invalid", "suspended"] as const;
export type ConfirmLinkOutcomeKind = (typeof CONFIRM_LINK_OUTCOME_KINDS)[number];

const TITLES: Record<ConfirmLinkOutcomeKind, string> = {
  confirmed: "Thank you: the details are confirmed",
  restored: "Confirmed: the listing is public again",
  used: "This link was already used",
  expired: "This confirm link has expired",
  invalid: "This confirm link does not work",
  suspended: "This listing cannot be confirmed now",
};

const MESSAGES: Record<ConfirmLinkOutcomeKind, string> = {
  confirmed: "The listing counts as current from today. We will ask again in about five months.",
  restored: "The listing is back in the directory exactly as it was, and counts as current from today.",
  used: "Someone already confirmed the details with this link, so there is nothing more to do.",
  expired: "Confirm links work for 30 days.",
  invalid: "The link is incomplete or not one we sent.",
  suspended: "The registry has suspended this provider, so its listing is read-only until it is reinstated.",
};

const NEXT_STEP: Record<ConfirmLinkOutcomeKind, string> = {
  confirmed: "If anything has changed, update the listing in the studio: saving counts as confirming too.",
  restored: "If anything has changed, update the listing in the studio: saving counts as confirming too.",
  used: "To change the listing or confirm it again, sign in to the studio.",
  expired: "Sign in to the studio and press \u201cConfirm details are current\u201d on the listing page.",
  invalid: "Use the link from the latest email, or sign in to the studio and confirm the details there.",
  suspended: "Contact the registry if you think this is a mistake.",
};

/** One finished state of the confirm-link page, rendered on the server or after the button's answer. */
export function ConfirmLinkOutcome({
  kind,
  message,
  headingRef,
}: {
  kind: ConfirmLinkOutcomeKind;
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const success = kind === "confirmed" || kind === "restored" || kind === "used";
  return (
    <TokenOutcome
      id="confirm-link-outcome-heading"
      tone={success ? "success" : "problem"}
      title={TITLES[kind]}
      message={message ?? MESSAGES[kind]}
      headingRef={headingRef}
    >
      <p>{NEXT_STEP[kind]}</p>
      <p>
        <Link href="/studio/listing">Open the listing in the studio</Link>
      </p>
    </TokenOutcome>
  );
}

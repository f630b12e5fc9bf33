import Link from "next/link";
import type { Ref } from "react";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { INQUIRY_HELD_DETAIL } from "@/lib/inquiries/inquiry-fields";

/** Every finished state of the inquiry confirmation page; its script-less outcome page accepts these. */
export const CONFIRM_OUTCOME_KINDS = ["delivered", "held", "expired", "invalid", "unlisted"] as const;
export type ConfirmOutcomeKind = (typeof CONFIRM_OUTCOME_KINDS)[number];

const TITLES: Record<ConfirmOutcomeKind, string> = {
  delivered: "Your message is on its way",
  held: "Your message is kept for now",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
  unlisted: "This provider is no longer listed",
};

const defaultMessage = (kind: ConfirmOutcomeKind, linkLifetimeHours: number): string =>
  ({
    delivered: "Your email is confirmed and the provider has your message.",
    held: INQUIRY_HELD_DETAIL,
    expired: `This confirmation link is too old to use (links last ${linkLifetimeHours} hours).`,
    invalid: "The link is incomplete or not one we sent.",
    unlisted: "The provider left the directory after you wrote, so your message was not sent.",
  })[kind];

const NEXT_STEP: Record<ConfirmOutcomeKind, string> = {
  delivered: "The provider's team answers you by email, from their own address. There is nothing more to do here.",
  held: "Nothing was lost and nothing was sent yet. Open the link from the email again later and press the button once more.",
  expired: "Open the provider's profile again and send your message once more to get a new link.",
  invalid: "Open the provider's profile again and send your message once more to get a new link.",
  unlisted: "Nothing was shared with them. You can look for another provider in the directory.",
};

/**
 * One finished state of the inquiry confirmation page. The link's lifetime comes from the server page
 * (VERIFICATION_TTL_HOURS), as this component also runs in the browser.
 */
export function ConfirmOutcome({
  kind,
  linkLifetimeHours,
  message,
  headingRef,
}: {
  kind: ConfirmOutcomeKind;
  linkLifetimeHours: number;
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <TokenOutcome
      id="confirm-outcome-heading"
      tone={kind === "delivered" ? "success" : "problem"}
      title={TITLES[kind]}
      message={message ?? defaultMessage(kind, linkLifetimeHours)}
      headingRef={headingRef}
    >
      <p>{NEXT_STEP[kind]}</p>
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}

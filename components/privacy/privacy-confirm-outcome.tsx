import Link from "next/link";
import type { Ref } from "react";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { PRIVACY_CONFIRM_TTL_HOURS } from "@/lib/privacy/privacy-rules";

/** Every finished state of the privacy confirm page; its script-less outcome page accepts these. */
export const PRIVACY_OUTCOME_KINDS = ["access", "erased", "expired", "invalid"] as const;
export type PrivacyOutcomeKind = (typeof PRIVACY_OUTCOME_KINDS)[number];

const TITLES: Record<PrivacyOutcomeKind, string> = {
  access: "Your copy is on its way",
  erased: "Your data is erased",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
};

const MESSAGES: Record<PrivacyOutcomeKind, string> = {
  access: "We emailed you a link that downloads the file once.",
  erased: "Everything we held for your email address is erased. Each provider you wrote to was told which inquiries, without your details.",
  expired: `This confirmation link is too old to use (links last ${PRIVACY_CONFIRM_TTL_HOURS} hours). Nothing was done.`,
  invalid: "The link is incomplete or not one we sent. Nothing was done.",
};

/** One finished state of the privacy confirm page. */
export function PrivacyConfirmOutcome({ kind, headingRef }: { kind: PrivacyOutcomeKind; headingRef?: Ref<HTMLHeadingElement> }) {
  const done = kind === "access" || kind === "erased";
  return (
    <TokenOutcome id="privacy-outcome-heading" tone={done ? "success" : "problem"} title={TITLES[kind]} message={MESSAGES[kind]} headingRef={headingRef}>
      <p>{done ? "There is nothing more to do here." : <Link href="/privacy/request">Send a new request</Link>}</p>
    </TokenOutcome>
  );
}

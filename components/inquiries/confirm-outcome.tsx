import Link from "next/link";
import type { Ref } from "react";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { TokenPostForm } from "@/components/ui/token-post-form";
import { INQUIRY_HELD_DETAIL } from "@/lib/inquiries/inquiry-fields";

/** Every finished state of the inquiry confirmation page; its script-less outcome page accepts these. */
export const CONFIRM_OUTCOME_KINDS = ["delivered", "held", "expired", "invalid", "unlisted", "renewed", "renew-limited"] as const;
export type ConfirmOutcomeKind = (typeof CONFIRM_OUTCOME_KINDS)[number];

const TITLES: Record<ConfirmOutcomeKind, string> = {
  delivered: "Your message is on its way",
  held: "Your message is kept for now",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
  unlisted: "This provider is no longer listed",
  renewed: "A new link is on its way",
  "renew-limited": "We cannot send another link just now",
};

const defaultMessage = (kind: ConfirmOutcomeKind, linkLifetimeHours: number): string =>
  ({
    delivered: "Your email is confirmed and the provider has your message.",
    held: INQUIRY_HELD_DETAIL,
    expired: `This confirmation link is too old to use (links last ${linkLifetimeHours} hours). Your message is kept: we can send you a new link, and you do not need to write it again.`,
    invalid: "The link is incomplete or not one we sent.",
    unlisted: "The provider left the directory after you wrote, so your message was not sent.",
    renewed: `Your message is kept. We sent a new confirmation link to the address you wrote from; it works for ${linkLifetimeHours} hours, and the old one no longer does.`,
    "renew-limited": "Too many links were sent to this address in the last hour. Your message is kept: open the old link again in an hour and ask once more.",
  })[kind];

const NEXT_STEP: Record<ConfirmOutcomeKind, string> = {
  delivered: "The provider's team answers you by email, from their own address. There is nothing more to do here.",
  held: "Nothing was lost and nothing was sent yet. Open the link from the email again later and press the button once more.",
  expired: "Press the button below: the new link arrives by email, and your message goes once you open it and confirm.",
  invalid: "Open the provider's profile again and send your message once more to get a new link.",
  unlisted: "Nothing was shared with them. You can look for another provider in the directory.",
  renewed: "Open the new link soon after it arrives, and press “Confirm and send my message”.",
  "renew-limited": "Nothing was lost and nothing was sent yet.",
};

/**
 * One finished state of the inquiry confirmation page. The link's lifetime comes from the server page
 * (VERIFICATION_TTL_HOURS), as this component also runs in the browser. An expired link given its
 * `token` offers "Send me a new link" (app/inquiries/confirm/renew), which keeps the message.
 */
export function ConfirmOutcome({
  kind,
  linkLifetimeHours,
  message,
  headingRef,
  token,
}: {
  kind: ConfirmOutcomeKind;
  linkLifetimeHours: number;
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  token?: string;
}) {
  // Without the token (the script-less outcome page) the old email's link is the way back to the button.
  const nextStep =
    kind === "expired" && !token ? "Open the link from the email again: the page offers to send you a new one." : NEXT_STEP[kind];
  return (
    <TokenOutcome
      id="confirm-outcome-heading"
      tone={kind === "delivered" || kind === "renewed" ? "success" : "problem"}
      title={TITLES[kind]}
      message={message ?? defaultMessage(kind, linkLifetimeHours)}
      headingRef={headingRef}
    >
      <p>{nextStep}</p>
      {kind === "expired" && token ? <TokenPostForm action="/inquiries/confirm/renew" fields={{ token }} label="Send me a new link" /> : null}
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}

import Link from "next/link";
import type { Ref } from "react";
import styles from "@/components/verify/verify.module.css";

export type ConfirmOutcomeKind = "delivered" | "expired" | "invalid" | "unlisted";

const TITLES: Record<ConfirmOutcomeKind, string> = {
  delivered: "Your message is on its way",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
  unlisted: "This provider is no longer listed",
};

const defaultMessage = (kind: ConfirmOutcomeKind, linkLifetimeHours: number): string =>
  ({
    delivered: "Your email is confirmed and the provider has your message.",
    expired: `This confirmation link is too old to use (links last ${linkLifetimeHours} hours).`,
    invalid: "The link is incomplete or not one we sent.",
    unlisted: "The provider left the directory after you wrote, so your message was not sent.",
  })[kind];

const NEXT_STEP: Record<ConfirmOutcomeKind, string> = {
  delivered: "The provider's team answers you by email, from their own address. There is nothing more to do here.",
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
    <section className={kind === "delivered" ? styles.success : styles.problem} aria-labelledby="confirm-outcome-heading">
      <h1 id="confirm-outcome-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {TITLES[kind]}
      </h1>
      <p className="lede">{message ?? defaultMessage(kind, linkLifetimeHours)}</p>
      <p>{NEXT_STEP[kind]}</p>
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </section>
  );
}

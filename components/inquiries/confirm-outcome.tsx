import Link from "next/link";
import type { Ref } from "react";
import styles from "@/components/verify/verify.module.css";

export type ConfirmOutcomeKind = "delivered" | "expired" | "invalid";

const TITLES: Record<ConfirmOutcomeKind, string> = {
  delivered: "Your message is on its way",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
};

const DEFAULT_MESSAGES: Record<ConfirmOutcomeKind, string> = {
  delivered: "Your email is confirmed and the provider has your message.",
  expired: "This confirmation link is too old to use (links last 24 hours).",
  invalid: "The link is incomplete or not one we sent.",
};

/** One finished state of the inquiry confirmation page. */
export function ConfirmOutcome({
  kind,
  message,
  headingRef,
}: {
  kind: ConfirmOutcomeKind;
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className={kind === "delivered" ? styles.success : styles.problem} aria-labelledby="confirm-outcome-heading">
      <h1 id="confirm-outcome-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {TITLES[kind]}
      </h1>
      <p className="lede">{message ?? DEFAULT_MESSAGES[kind]}</p>
      {kind === "delivered" ? (
        <p>The provider&apos;s team answers you by email, from their own address. There is nothing more to do here.</p>
      ) : (
        <p>Open the provider&apos;s profile again and send your message once more to get a new link.</p>
      )}
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </section>
  );
}

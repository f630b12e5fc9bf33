import Link from "next/link";
import type { Ref } from "react";
import styles from "./verify.module.css";

export type VerifyOutcomeKind = "in-review" | "decided" | "expired" | "invalid";

interface VerifyOutcomeProps {
  kind: VerifyOutcomeKind;
  /** The server's own sentence for this outcome, when there is one. */
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}

const TITLES: Record<VerifyOutcomeKind, string> = {
  "in-review": "Your application is in review",
  decided: "Your email is already confirmed",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
};

const DEFAULT_MESSAGES: Record<VerifyOutcomeKind, string> = {
  "in-review": "Your email is confirmed and your application is in review.",
  decided: "Your email is already confirmed.",
  expired: "This confirmation link is too old to use.",
  invalid: "The link is incomplete or not one we sent.",
};

/** One finished state of the verify page; renders on the server (bad link) and in the confirm panel. */
export function VerifyOutcome({ kind, message, headingRef }: VerifyOutcomeProps) {
  const good = kind === "in-review" || kind === "decided";
  return (
    <section className={good ? styles.success : styles.problem} aria-labelledby="verify-outcome-heading">
      <h1 id="verify-outcome-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {TITLES[kind]}
      </h1>
      <p className="lede">{message ?? DEFAULT_MESSAGES[kind]}</p>
      {kind === "in-review" ? (
        <p>
          Our team reviews every application by hand and emails you the decision. There is nothing more to do for now;
          you can close this page.
        </p>
      ) : null}
      {kind === "decided" ? <p>Your application has already been reviewed, and we emailed you the decision.</p> : null}
      {kind === "expired" ? (
        <p>
          Please <Link href="/apply">apply again</Link> to get a new link, and open it soon after it arrives.
        </p>
      ) : null}
      {kind === "invalid" ? (
        <p>
          Open the link straight from the email, or copy the whole address into your browser. If it still does not
          work, <Link href="/apply">apply again</Link> to get a new link.
        </p>
      ) : null}
      {good ? (
        <p>
          <Link href="/providers">Browse the provider directory</Link>
        </p>
      ) : null}
    </section>
  );
}

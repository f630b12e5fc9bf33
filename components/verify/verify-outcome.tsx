import Link from "next/link";
import type { Ref } from "react";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { TokenPostForm } from "@/components/ui/token-post-form";
import styles from "@/components/ui/token-confirmation.module.css";
import { STATUS_VISIBLE_DAYS_AFTER_DECISION } from "@/lib/applications/status-visibility";
import { SUBMISSION_WINDOW_HOURS, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-rules";

/** Every finished state of the verify page; the script-less outcome page (/verify/outcome) accepts these. */
export const VERIFY_OUTCOME_KINDS = ["in-review", "decided", "expired", "invalid", "closed", "resent", "resend-limited"] as const;
export type VerifyOutcomeKind = (typeof VERIFY_OUTCOME_KINDS)[number];

interface VerifyOutcomeProps {
  kind: VerifyOutcomeKind;
  /** The server's own sentence for this outcome, when there is one. */
  message?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** An expired link's token: the "Send me a new link" button sends it back (app/verify/resend). */
  token?: string;
  /**
   * The confirmed link's own address (/verify?token=…), which from now on opens the status view. Only
   * the panel has it; the script-less outcome page is reached without the token.
   */
  statusHref?: string;
}

const TITLES: Record<VerifyOutcomeKind, string> = {
  "in-review": "Your application is in review",
  decided: "Your email is already confirmed",
  expired: "This confirmation link has expired",
  invalid: "This confirmation link does not work",
  closed: "This link no longer shows an application",
  resent: "A new link is on its way",
  "resend-limited": "We cannot send another link today",
};

const DEFAULT_MESSAGES: Record<VerifyOutcomeKind, string> = {
  "in-review": "Your email is confirmed and your application is in review.",
  decided: "Your email is already confirmed.",
  expired: "This confirmation link is too old to use. Your application is kept: we can send a new link.",
  invalid: "The link is incomplete or not one we sent.",
  closed: `The link shows an application's status until ${STATUS_VISIBLE_DAYS_AFTER_DECISION} days after the decision, which we emailed you.`,
  resent: `We sent a new confirmation link to the address you applied with. It works for ${VERIFICATION_TTL_HOURS} hours; the old one no longer does.`,
  "resend-limited": `Too many links were asked for just now. Try again later, at the latest in ${SUBMISSION_WINDOW_HOURS} hours.`,
};

/** One finished state of the verify page; renders on the server (bad or expired link) and in the confirm panel. */
export function VerifyOutcome({ kind, message, headingRef, token, statusHref }: VerifyOutcomeProps) {
  const good = kind === "in-review" || kind === "decided" || kind === "resent";
  return (
    <TokenOutcome
      id="verify-outcome-heading"
      tone={good ? "success" : "problem"}
      title={TITLES[kind]}
      message={message ?? DEFAULT_MESSAGES[kind]}
      headingRef={headingRef}
    >
      {kind === "in-review" ? (
        <>
          <h2 className={styles.subheading}>What happens next</h2>
          <ol className={styles.next}>
            <li>Our team reads every application by hand, usually within two working days.</li>
            <li>We email you the decision at the address you applied with.</li>
            <li>
              If it is approved, the email has a link that signs you in to your new studio, where you complete your
              listing and publish it.
            </li>
          </ol>
          <p>There is nothing more to do for now.</p>
          <h2 className={styles.subheading}>See its status later</h2>
          <p>
            Keep the confirmation email: its link now shows your application&apos;s status (pending review, approved
            or rejected) instead of this button.
          </p>
          {statusHref ? (
            <p>
              <Link href={statusHref}>See your application&apos;s status</Link>
            </p>
          ) : null}
        </>
      ) : null}
      {kind === "decided" ? (
        <p>
          If your application has been reviewed, we emailed you the decision; otherwise it is in review, and the
          decision follows by email, usually within two working days.
        </p>
      ) : null}
      {kind === "expired" && token ? (
        <TokenPostForm action="/verify/resend" fields={{ token }} label="Send me a new link" />
      ) : null}
      {kind === "expired" && !token ? (
        <p>Open the link from the email again: the page offers to send you a new one.</p>
      ) : null}
      {kind === "resent" ? <p>Open the new link soon after it arrives, and press “Confirm my email”.</p> : null}
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
    </TokenOutcome>
  );
}

"use client";

import { useEffect, useRef } from "react";
import styles from "./apply-form.module.css";

interface ConfirmationProps {
  email: string;
  linkLifetimeHours: number;
  onEdit: () => void;
}

/** Replaces the form once the application is stored and the confirmation email is on its way. */
export function Confirmation({ email, linkLifetimeHours, onEdit }: ConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the applicant was in is gone: put them at the start of what replaced it.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="apply-sent-heading" className={styles.confirmation}>
      <h1 id="apply-sent-heading" ref={heading} tabIndex={-1} className={styles.focusTarget}>
        Check your email
      </h1>
      <p className="lede">
        We sent a link to confirm your address to <strong className={styles.address}>{email}</strong>.
      </p>
      <h2>What happens next</h2>
      <ol className={styles.steps}>
        <li>
          Open the email from Provider Registry and choose <strong>Confirm my email</strong>. The link works for{" "}
          {linkLifetimeHours} hours.
        </li>
        <li>Once your address is confirmed, our team reviews your application.</li>
        <li>We email you the decision. If you are approved, you can sign in and set up your public listing.</li>
      </ol>
      <p>
        No email after a few minutes? Look in your spam folder. Wrong address?{" "}
        <button type="button" className={styles.linkButton} onClick={onEdit}>
          Go back to your application
        </button>{" "}
        to correct it and send it again.
      </p>
    </section>
  );
}

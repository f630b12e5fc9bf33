"use client";

import { useEffect, useId, useRef } from "react";
import { ShownOnceField } from "@/components/ui/shown-once-field";
import ui from "@/components/ui/ui.module.css";
import styles from "./webhooks.module.css";

/**
 * The one showing of a signing secret, after creating an endpoint or rotating its secret. It lives in
 * this component's state only; the server keeps it encrypted and never sends it again.
 */
export function SecretReveal(props: { secret: string; title: string; note?: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className={ui.card} aria-labelledby={`${id}-title`}>
      <div className={ui.stack}>
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} style={{ margin: 0 }}>
          {props.title}
        </h2>
        <p className={ui.noticeError}>
          <strong>Copy the signing secret now.</strong> It is shown only this once. Your receiver needs it to check that
          messages come from us; if you lose it, rotate the secret.
        </p>
        <ShownOnceField
          id={`${id}-secret`}
          label="Signing secret"
          value={props.secret}
          copyLabel="Copy secret"
          selectedMessage="the secret is selected, press Ctrl+C (⌘C on a Mac)."
          classNames={{ row: styles.secretRow!, input: styles.secretInput!, status: styles.status! }}
        />
        {props.note ? <p className={ui.muted}>{props.note}</p> : null}
        <div>
          <button type="button" className={ui.buttonSecondary} onClick={props.onDone}>
            Done, I have stored it
          </button>
        </div>
      </div>
    </section>
  );
}

"use client";

import { useEffect, useId, useRef, useState } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./webhooks.module.css";

/**
 * The one showing of a signing secret, after creating an endpoint or rotating its secret. It lives in
 * this component's state only; the server keeps it encrypted and never sends it again.
 */
export function SecretReveal(props: { secret: string; title: string; note?: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState("");
  const id = useId();
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied("Copied to the clipboard.");
    } catch {
      fieldRef.current?.select();
      setCopied("Could not copy automatically: the secret is selected, press Ctrl+C (⌘C on a Mac).");
    }
  }

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
        <label className={ui.label} htmlFor={`${id}-secret`}>
          Signing secret
        </label>
        <div className={styles.secretRow}>
          <input
            ref={fieldRef}
            id={`${id}-secret`}
            className={`${ui.input} ${styles.secretInput}`}
            readOnly
            value={props.secret}
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className={ui.button} onClick={copy}>
            Copy secret
          </button>
        </div>
        <p className={styles.status} role="status">
          {copied}
        </p>
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

"use client";

import { useEffect, useId, useRef, useState } from "react";
import ui from "@/components/ui/ui.module.css";
import styles from "./api-keys.module.css";

/**
 * The one and only showing of a new key. It lives in this component's state alone: leaving the page
 * or pressing "Done" drops it, and the server never sends it again.
 */
export function NewKeyPanel(props: { apiKey: string; name: string; expiresAtLabel: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState("");
  const id = useId();

  // Screen-reader and keyboard users land on the panel instead of staying on the reset form.
  useEffect(() => headingRef.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.apiKey);
      setCopyStatus("Copied to the clipboard.");
    } catch {
      inputRef.current?.focus();
      inputRef.current?.select();
      setCopyStatus("Could not copy automatically: the key is selected, press Ctrl+C (⌘C on a Mac) to copy it.");
    }
  }

  return (
    <section className={ui.card} aria-labelledby={`${id}-heading`}>
      <div className={ui.stack}>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} style={{ margin: 0 }}>
          Your new key “{props.name}”
        </h2>
        <p className={ui.noticeError}>
          <strong>Copy the key now.</strong> This is the only time it is shown: the registry keeps only a fingerprint of it,
          so nobody can show it to you again. If you lose it, revoke it and create a new one.
        </p>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-key`}>
            New API key
          </label>
          <div className={styles.keyRow}>
            <input
              ref={inputRef}
              id={`${id}-key`}
              className={`${ui.input} ${styles.keyInput}`}
              type="text"
              readOnly
              value={props.apiKey}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className={ui.button} onClick={copy}>
              Copy key
            </button>
          </div>
          <p className={styles.copyStatus} role="status">
            {copyStatus}
          </p>
        </div>
        <p className={ui.muted} style={{ margin: 0 }}>
          Send it with each request as <code>Authorization: Bearer &lt;key&gt;</code>. Expires: {props.expiresAtLabel}.
        </p>
        <div>
          <button type="button" className={ui.buttonSecondary} onClick={props.onDone}>
            Done, I have stored it
          </button>
        </div>
      </div>
    </section>
  );
}

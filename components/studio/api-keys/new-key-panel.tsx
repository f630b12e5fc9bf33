"use client";

import { useEffect, useId, useRef } from "react";
import { ShownOnceField } from "@/components/ui/shown-once-field";
import ui from "@/components/ui/ui.module.css";
import styles from "./api-keys.module.css";

/**
 * The one and only showing of a new key. It lives in this component's state alone: leaving the page
 * or pressing "Done" drops it, and the server never sends it again.
 */
export function NewKeyPanel(props: { apiKey: string; name: string; expiresAtLabel: string; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();

  // Screen-reader and keyboard users land on the panel instead of staying on the reset form.
  useEffect(() => headingRef.current?.focus(), []);

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
          <ShownOnceField
            id={`${id}-key`}
            label="New API key"
            value={props.apiKey}
            copyLabel="Copy key"
            selectedMessage="the key is selected, press Ctrl+C (⌘C on a Mac) to copy it."
            classNames={{ row: styles.keyRow!, input: styles.keyInput!, status: styles.copyStatus! }}
          />
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

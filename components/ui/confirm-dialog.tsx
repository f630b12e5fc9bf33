"use client";

import { useId, useRef, useState, type ReactNode } from "react";
import styles from "./ui.module.css";

/**
 * A button that asks before doing something that cannot be undone (remove a member, revoke a key).
 * Uses the native <dialog>, so focus is trapped and Escape cancels without any library.
 */
export function ConfirmDialog(props: {
  /** The button that opens the dialog. */
  triggerLabel: ReactNode;
  /** Accessible name of the trigger when its label alone is ambiguous (e.g. "Remove Mira Santos"). */
  triggerAriaLabel?: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  /** The trigger's look (default: a secondary button). */
  triggerClassName?: string;
  /** Answers false to keep the dialog open: a field in it needs correcting first (its error says why). */
  onConfirm: () => Promise<void | false> | void | false;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const confirmClass = props.tone === "primary" ? styles.button : styles.buttonDanger;
  return (
    <>
      <button
        type="button"
        className={props.triggerClassName ?? styles.buttonSecondary}
        aria-label={props.triggerAriaLabel}
        onClick={() => dialog.current?.showModal()}
      >
        {props.triggerLabel}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{props.title}</h2>
        <div>{props.children}</div>
        <div className={styles.row} style={{ marginTop: "1.25rem", justifyContent: "flex-end" }}>
          <button type="button" className={styles.buttonSecondary} onClick={() => dialog.current?.close()} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className={confirmClass}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              let keepOpen = false;
              try {
                keepOpen = (await props.onConfirm()) === false;
              } finally {
                setBusy(false);
                if (!keepOpen) dialog.current?.close();
              }
            }}
          >
            {props.confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

"use client";

import { useRef, useState } from "react";
import ui from "./ui.module.css";

/**
 * A credential shown once (a new API key, a webhook signing secret): a read-only field that selects
 * itself, a copy button, and a status line saying whether the copy worked. Where the clipboard is
 * refused, the value is selected so the person can copy it by hand.
 */
export function ShownOnceField(props: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  /** What the status says when the clipboard refuses, e.g. "the key is selected, press Ctrl+C…". */
  selectedMessage: string;
  classNames: { row: string; input: string; status: string };
}) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");

  async function copy() {
    try {
      await navigator.clipboard.writeText(props.value);
      setStatus("Copied to the clipboard.");
    } catch {
      fieldRef.current?.focus();
      fieldRef.current?.select();
      setStatus(`Could not copy automatically: ${props.selectedMessage}`);
    }
  }

  return (
    <>
      <label className={ui.label} htmlFor={props.id}>
        {props.label}
      </label>
      <div className={props.classNames.row}>
        <input
          ref={fieldRef}
          id={props.id}
          className={`${ui.input} ${props.classNames.input}`}
          type="text"
          readOnly
          value={props.value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className={ui.button} onClick={copy}>
          {props.copyLabel}
        </button>
      </div>
      <p className={props.classNames.status} role="status">
        {status}
      </p>
    </>
  );
}

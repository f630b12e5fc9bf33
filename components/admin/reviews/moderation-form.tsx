"use client";

import { useState, type ReactNode } from "react";
import { useFlash } from "@/components/admin/flash";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import type { ActionResult } from "@/lib/actions/define-action";

/**
 * One moderation decision as a form: the fields are rendered by the page (children), the server
 * action is passed in. A decision someone else already took answers CONFLICT, shown here as such;
 * success is said above the list (FlashProvider), since the decided item leaves it.
 */
export function ModerationForm(props: {
  action: (form: FormData) => Promise<ActionResult<unknown>>;
  label: string;
  success: string;
  children: ReactNode;
}) {
  const flash = useFlash();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function send(form: FormData) {
    setPending(true);
    setError(null);
    try {
      const result = await props.action(form);
      if (result.ok) flash("success", props.success);
      else if (result.code === "CONFLICT") setError(`Already decided: ${result.message}`);
      else setError([result.message, ...Object.values(result.fieldErrors ?? {})].join(" "));
    } finally {
      setPending(false);
    }
  }

  return (
    <form action={send} aria-label={props.label} aria-busy={pending} className={ui.stack}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <fieldset disabled={pending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} className={ui.stack}>
        {props.children}
      </fieldset>
    </form>
  );
}

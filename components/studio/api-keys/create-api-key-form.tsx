"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { createApiKeyAction, type NewApiKey } from "@/lib/actions/studio/api-keys";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { API_KEY_EXPIRY_CHOICES, API_KEY_EXPIRY_LABELS, createApiKeySchema } from "@/lib/api-keys/schemas";
import styles from "./api-keys.module.css";
import { NewKeyPanel } from "./new-key-panel";
import { useActionFailure } from "./use-action-failure";

type FormValues = z.input<typeof createApiKeySchema>;
type FormOutput = z.output<typeof createApiKeySchema>;
const FIELDS = ["name", "expiry", "expiresOn"] as const;

/** Names a new key and its expiry; the key itself is shown once, below, by NewKeyPanel. */
export function CreateApiKeyForm({ role }: { role: "OWNER" | "ADMIN" }) {
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "", expiry: "90", expiresOn: "" },
  });
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const describeFailure = useActionFailure();
  const expiry = useWatch({ control: form.control, name: "expiry" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    setCreated(null);
    const result = await createApiKeyAction(input);
    if (!result.ok) {
      for (const field of FIELDS) {
        const message = result.fieldErrors?.[field];
        if (message) form.setError(field, { type: "server", message });
      }
      setError(describeFailure(result));
      return;
    }
    form.reset({ name: "", expiry: input.expiry, expiresOn: "" });
    setCreated(result.data);
  });

  return (
    <div className={ui.stack}>
      <form className={ui.stack} onSubmit={onSubmit} noValidate aria-labelledby="create-key-heading">
        <h2 id="create-key-heading" style={{ margin: 0 }}>
          Create a key
        </h2>
        <p className={ui.muted} style={{ margin: 0 }}>
          The key acts as you: with your role ({role.toLowerCase()}) for as long as you are on the team. It stops working
          when it expires, when it is revoked, or when you leave the team.
        </p>
        <div className={styles.formRow}>
          <Field id="key-name" label="Name" hint="What uses the key, e.g. “Website deploys”." error={errors.name?.message}>
            {(a11y) => <input {...a11y} {...form.register("name")} className={ui.input} type="text" autoComplete="off" maxLength={100} />}
          </Field>
          <Field id="key-expiry" label="Expires" error={errors.expiry?.message}>
            {(a11y) => (
              <select {...a11y} {...form.register("expiry")} className={ui.select}>
                {API_KEY_EXPIRY_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {API_KEY_EXPIRY_LABELS[choice]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {expiry === "date" ? (
            <Field
              id="key-expires-on"
              label="Expiry date"
              hint="The key stops working at 00:00 UTC on this date."
              error={errors.expiresOn?.message}
            >
              {(a11y) => <input {...a11y} {...form.register("expiresOn")} className={ui.input} type="date" />}
            </Field>
          ) : null}
        </div>
        {error ? <Notice tone="error">{error}</Notice> : null}
        <div>
          <button type="submit" className={ui.button} disabled={isSubmitting}>
            {isSubmitting ? "Creating…" : "Create key"}
          </button>
        </div>
      </form>
      {created ? (
        <NewKeyPanel
          key={created.id}
          apiKey={created.key}
          name={created.name}
          expiresAtLabel={created.expiresAt ? formatDateTime(created.expiresAt) : "never"}
          onDone={() => setCreated(null)}
        />
      ) : null}
    </div>
  );
}

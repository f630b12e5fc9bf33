"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { createChangeRequestAction } from "@/lib/actions/studio/listing";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { changeRequestSchema, type ChangeRequestInput } from "@/lib/change-requests/change-request-schema";
import { useActionFailure } from "./use-action-failure";

type FormValues = z.input<typeof changeRequestSchema>;

/** Asks an admin for a new name or slug. */
export function ChangeRequestForm() {
  const form = useForm<FormValues, unknown, ChangeRequestInput>({
    resolver: zodResolver(changeRequestSchema),
    defaultValues: { field: "NAME", value: "" },
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const describeFailure = useActionFailure();
  const field = useWatch({ control: form.control, name: "field" });

  const onSubmit = form.handleSubmit(async (input) => {
    setMessage(null);
    const result = await createChangeRequestAction(input);
    if (!result.ok) {
      const valueError = result.fieldErrors?.value;
      if (valueError) form.setError("value", { message: valueError });
      setMessage({ tone: "error", text: describeFailure(result) });
      return;
    }
    form.reset({ field: input.field, value: "" });
    setMessage({
      tone: "success",
      text: `Requested: ${input.field === "NAME" ? "name" : "slug"} "${result.data.requestedValue}". An admin will review it.`,
    });
  });

  return (
    <form className={ui.stack} onSubmit={onSubmit} noValidate aria-label="Request a name or slug change">
      <Field id="change-field" label="What to change" error={form.formState.errors.field?.message}>
        {(a11y) => (
          <select {...a11y} {...form.register("field")} className={ui.select}>
            <option value="NAME">Name</option>
            <option value="SLUG">Slug (the address of the public profile)</option>
          </select>
        )}
      </Field>
      <Field
        id="change-value"
        label={field === "SLUG" ? "New slug" : "New name"}
        hint={
          field === "SLUG"
            ? "Lower-case letters and digits joined by single dashes, e.g. northwind-studio. Old links will forward to the new address."
            : "Up to 200 characters."
        }
        error={form.formState.errors.value?.message}
      >
        {(a11y) => <input {...a11y} {...form.register("value")} className={ui.input} type="text" autoComplete="off" />}
      </Field>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      <div>
        <button type="submit" className={ui.button} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending…" : "Request the change"}
        </button>
      </div>
    </form>
  );
}

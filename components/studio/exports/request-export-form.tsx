"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { requestExportAction } from "@/lib/actions/studio/exports";
import { providerExportRequestSchema } from "@/lib/provider-exports/schemas";

type FormValues = z.input<typeof providerExportRequestSchema>;
type FormOutput = z.output<typeof providerExportRequestSchema>;

const FORMAT_LABELS = {
  csv: "CSV (spreadsheets)",
  json: "JSON (programs)",
} as const;

/** Chooses the tables' format and asks for an export; the page's history shows it as it is built. */
export function RequestExportForm() {
  const router = useRouter();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(providerExportRequestSchema),
    defaultValues: { format: "csv" },
  });
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const { isSubmitting, errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setOutcome(null);
    const result = await requestExportAction(input);
    if (!result.ok) {
      if (result.code === "UNAUTHENTICATED") router.push(`/signin?callbackUrl=${encodeURIComponent("/studio/export")}`);
      const text =
        result.code === "RATE_LIMITED"
          ? "One export a day: the last one is listed below. You can start another after the time it says."
          : result.message;
      setOutcome({ tone: "error", text });
      return;
    }
    setOutcome({ tone: "success", text: "Export requested. It is usually ready within a minute or two; we email you when it is." });
    router.refresh();
  });

  return (
    <form className={ui.stack} onSubmit={onSubmit} noValidate aria-labelledby="request-export-heading">
      <h2 id="request-export-heading" style={{ margin: 0 }}>
        Export your data
      </h2>
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={errors.format ? "export-format-error" : undefined}>
        <legend className={ui.label}>Format of the tables</legend>
        {(Object.keys(FORMAT_LABELS) as (keyof typeof FORMAT_LABELS)[]).map((format) => (
          <label key={format} style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
            <input type="radio" value={format} {...form.register("format")} />
            {FORMAT_LABELS[format]}
          </label>
        ))}
        {errors.format ? (
          <p id="export-format-error" className={ui.fieldError}>
            {errors.format.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className={ui.button} disabled={isSubmitting}>
          {isSubmitting ? "Requesting…" : "Request export"}
        </button>
      </div>
      {outcome ? <Notice tone={outcome.tone}>{outcome.text}</Notice> : null}
    </form>
  );
}

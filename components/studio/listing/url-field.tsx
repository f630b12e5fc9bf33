"use client";

import { useWatch, type UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import ui from "@/components/ui/ui.module.css";
import type { ListingUpdate } from "@/lib/providers/schemas";
import type { ListingFormValues, URL_FIELDS } from "./listing-form-model";
import styles from "./listing.module.css";

/** A URL box with a Clear button: an empty box saves as "no URL". */
export function UrlField(props: {
  form: UseFormReturn<ListingFormValues, unknown, ListingUpdate>;
  name: (typeof URL_FIELDS)[number];
  label: string;
  hint: string;
}) {
  const { form, name, label } = props;
  const id = `listing-${name}`;
  const value = useWatch({ control: form.control, name });
  return (
    <Field id={id} label={label} hint={`${props.hint} Leave empty for none.`} error={form.formState.errors[name]?.message}>
      {(a11y) => (
        <div className={styles.urlRow}>
          <input {...a11y} {...form.register(name)} className={ui.input} type="url" inputMode="url" autoComplete="url" />
          <button
            type="button"
            className={ui.buttonSecondary}
            aria-label={`Clear ${label.toLowerCase()}`}
            disabled={!value}
            onClick={() => form.setValue(name, "", { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
          >
            Clear
          </button>
        </div>
      )}
    </Field>
  );
}

"use client";

import { useEffect, useRef, useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { updateListingAction } from "@/lib/actions/studio/listing";
import { SPECIALTY_LABELS } from "@/components/directory/specialty-labels";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { SPECIALTIES } from "@/db/enums";
import type { ListingUpdate } from "@/lib/providers/schemas";
import type { Listing } from "@/lib/providers/serialize";
import { ListingPreview } from "./listing-preview";
import { FactsFields } from "./facts-fields";
import {
  changedFields,
  DESCRIPTION_MAX,
  HEADLINE_MAX,
  hourlyRateOrNull,
  isFieldName,
  listingResolver,
  teamSizeOrNull,
  toFormValues,
  wholeNumberOrNull,
  type ListingFieldName,
  type ListingFormValues,
} from "./listing-form-model";
import styles from "./listing.module.css";
import { PortfolioField } from "./portfolio-field";
import { UrlField } from "./url-field";
import { useActionFailure } from "./use-action-failure";

/** The listing form and, beside it, the public profile as it would look with the form's values. */
export function ListingEditor({ listing, name, featured }: { listing: Listing; name: string; featured: boolean }) {
  const form = useForm<ListingFormValues, unknown, ListingUpdate>({
    resolver: listingResolver,
    defaultValues: toFormValues(listing),
  });
  const { register, formState, setError } = form;
  const values = useWatch({ control: form.control });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const notice = useRef<HTMLDivElement>(null);
  // The Save button is disabled while saving, which drops focus to <body>: the result takes it instead,
  // so a keyboard or screen-reader user lands on what happened (success, or the errors to fix).
  useEffect(() => {
    if (message) notice.current?.focus();
  }, [message]);
  const describeFailure = useActionFailure();
  const errorOf = (field: ListingFieldName) => formState.errors[field]?.message as string | undefined;

  const onSubmit = form.handleSubmit(async (parsed) => {
    setMessage(null);
    // Only what changed, so the audit trail names the fields someone actually edited.
    const changed = new Set<string>(changedFields(form.getValues(), formState.defaultValues as ListingFormValues));
    const changes = Object.fromEntries(Object.entries(parsed).filter(([key]) => changed.has(key))) as ListingUpdate;
    if (Object.keys(changes).length === 0) {
      setMessage({ tone: "success", text: "Nothing to save: the listing already has these values." });
      return;
    }
    const result = await updateListingAction(changes);
    if (!result.ok) {
      for (const [path, text] of Object.entries(result.fieldErrors ?? {})) {
        if (isFieldName(path)) setError(path as FieldPath<ListingFormValues>, { message: text });
      }
      setMessage({ tone: "error", text: describeFailure(result) });
      return;
    }
    form.reset(toFormValues(result.data));
    setMessage({
      tone: "success",
      text: result.data.publicProfile ? "Saved. The public profile shows the changes now." : "Saved.",
    });
  });

  const headline = values.headline ?? "";
  const description = values.description ?? "";
  return (
    <div className={styles.workspace}>
      <section aria-labelledby="listing-edit-heading" className={styles.editor}>
        <h2 id="listing-edit-heading">Edit the listing</h2>
        <form className={ui.stack} onSubmit={onSubmit} noValidate aria-label="Listing">
          <Field
            id="listing-headline"
            label="Headline"
            hint={<Counter id="listing-headline-count" length={headline.length} max={HEADLINE_MAX} />}
            error={errorOf("headline")}
          >
            {(a11y) => <input {...a11y} {...register("headline")} className={ui.input} type="text" />}
          </Field>
          <Field
            id="listing-description"
            label="Description"
            hint={
              <>
                Plain text; a blank line starts a new paragraph.{" "}
                <Counter id="listing-description-count" length={description.length} max={DESCRIPTION_MAX} />
              </>
            }
            error={errorOf("description")}
          >
            {(a11y) => <textarea {...a11y} {...register("description")} className={ui.textarea} rows={8} />}
          </Field>
          <fieldset className={styles.fieldset} aria-describedby={errorOf("specialties") ? "listing-specialties-error" : undefined}>
            <legend className={ui.label}>Specialties</legend>
            <div className={styles.checkboxes}>
              {SPECIALTIES.map((s) => (
                <label key={s} className={styles.checkbox}>
                  <input type="checkbox" value={s} {...register("specialties")} /> {SPECIALTY_LABELS[s]}
                </label>
              ))}
            </div>
            {errorOf("specialties") ? (
              <p className={ui.fieldError} id="listing-specialties-error">
                {errorOf("specialties")}
              </p>
            ) : null}
          </fieldset>
          <UrlField form={form} name="websiteUrl" label="Website" hint="Your own site, starting with https://." />
          <UrlField form={form} name="logoUrl" label="Logo URL" hint="A square image works best." />
          <UrlField form={form} name="bannerUrl" label="Banner URL" hint="A wide image, about 4 : 1." />
          <FactsFields form={form} />
          <PortfolioField form={form} />
          {message ? (
            <Notice tone={message.tone} ref={notice}>
              {message.text}
            </Notice>
          ) : null}
          <div className={ui.row}>
            <button type="submit" className={ui.button} disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving…" : "Save changes"}
            </button>
            {formState.isDirty ? (
              <>
                <button type="button" className={ui.buttonSecondary} onClick={() => form.reset()}>
                  Discard changes
                </button>
                <span className={ui.muted}>Unsaved changes. Publishing uses the saved listing.</span>
              </>
            ) : null}
          </div>
        </form>
      </section>
      {/* Focusable: on a desktop the preview scrolls on its own, and a keyboard must be able to scroll it. */}
      <section aria-labelledby="listing-preview-heading" className={styles.previewColumn} tabIndex={0}>
        <h2 id="listing-preview-heading">Preview</h2>
        <p className={ui.muted}>How the public profile looks with the values in the form, saved or not.</p>
        <ListingPreview
          content={{
            name,
            featured,
            headline,
            description,
            specialties: Array.isArray(values.specialties) ? values.specialties.filter((s) => s !== undefined) : [],
            websiteUrl: values.websiteUrl ?? null,
            logoUrl: values.logoUrl ?? null,
            bannerUrl: values.bannerUrl ?? null,
            countryCode: values.countryCode || null,
            city: values.city?.trim() || null,
            remote: values.remote ?? true,
            languages: (values.languages ?? []).filter((code) => code !== undefined),
            teamSize: teamSizeOrNull(values.teamSize),
            hourlyRate: hourlyRateOrNull(values.hourlyRate),
            minProjectBudget: wholeNumberOrNull(values.minProjectBudget),
            foundedYear: wholeNumberOrNull(values.foundedYear),
            acceptingClients: values.acceptingClients ?? true,
            portfolio: (values.portfolio ?? []).flatMap((item) =>
              item?.title?.trim() && item.url
                ? [{ title: item.title, url: item.url.trim(), summary: item.summary?.trim() || null, imageUrl: item.imageUrl?.trim() || null }]
                : [],
            ),
          }}
        />
      </section>
    </div>
  );
}

function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  return (
    <span id={id} className={over ? styles.counterOver : styles.counter}>
      {length} of {max} characters{over ? ` (${length - max} too many)` : ""}
    </span>
  );
}

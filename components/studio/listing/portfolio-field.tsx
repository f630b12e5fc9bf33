"use client";

import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Field } from "@/components/ui/field";
import ui from "@/components/ui/ui.module.css";
import { PORTFOLIO_MAX } from "@/lib/providers/profile-facts-schema";
import type { ListingUpdate } from "@/lib/providers/schemas";
import { EMPTY_PORTFOLIO_ITEM, type ListingFormValues } from "./listing-form-model";
import styles from "./listing.module.css";

type ListingForm = UseFormReturn<ListingFormValues, unknown, ListingUpdate>;

/** Past projects, in the order the profile shows them: added, edited, moved up and down, removed. */
export function PortfolioField({ form }: { form: ListingForm }) {
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: "portfolio" });
  const errors = form.formState.errors.portfolio;
  const listError = errors?.message ?? errors?.root?.message;
  const itemError = (index: number, key: "title" | "url" | "summary" | "imageUrl") => errors?.[index]?.[key]?.message;
  const full = fields.length >= PORTFOLIO_MAX;

  return (
    <fieldset className={styles.group} aria-describedby="listing-portfolio-hint">
      <legend className={styles.groupLegend}>Portfolio</legend>
      <p className={ui.hint} id="listing-portfolio-hint">
        Up to {PORTFOLIO_MAX} projects, shown in this order. A title and a link are needed; a summary and an image
        (https) are optional.
      </p>
      {fields.length === 0 ? <p className={ui.muted}>No projects yet.</p> : null}
      <ol className={styles.portfolioList}>
        {fields.map((field, index) => {
          const n = index + 1;
          const id = (key: string) => `listing-portfolio-${index}-${key}`;
          return (
            <li key={field.id} className={styles.portfolioItem}>
              <fieldset className={styles.fieldset}>
                <legend className={ui.label}>Project {n}</legend>
                <Field id={id("title")} label="Title" error={itemError(index, "title")}>
                  {(a11y) => <input {...a11y} {...form.register(`portfolio.${index}.title`)} className={ui.input} type="text" />}
                </Field>
                <Field id={id("url")} label="Link" error={itemError(index, "url")}>
                  {(a11y) => (
                    <input {...a11y} {...form.register(`portfolio.${index}.url`)} className={ui.input} type="url" inputMode="url" />
                  )}
                </Field>
                <Field id={id("summary")} label="Summary" hint="Optional, one paragraph." error={itemError(index, "summary")}>
                  {(a11y) => <textarea {...a11y} {...form.register(`portfolio.${index}.summary`)} className={ui.textarea} rows={3} />}
                </Field>
                <Field id={id("imageUrl")} label="Image URL" hint="Optional." error={itemError(index, "imageUrl")}>
                  {(a11y) => (
                    <input {...a11y} {...form.register(`portfolio.${index}.imageUrl`)} className={ui.input} type="url" inputMode="url" />
                  )}
                </Field>
                <div className={ui.row}>
                  <button
                    type="button"
                    className={ui.buttonSecondary}
                    aria-label={`Move up project ${n}`}
                    disabled={index === 0}
                    onClick={() => swap(index, index - 1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className={ui.buttonSecondary}
                    aria-label={`Move down project ${n}`}
                    disabled={index === fields.length - 1}
                    onClick={() => swap(index, index + 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className={ui.buttonSecondary}
                    aria-label={`Remove project ${n}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError ? <p className={ui.fieldError}>{listError}</p> : null}
      <div>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={full}
          onClick={() => append({ ...EMPTY_PORTFOLIO_ITEM }, { focusName: `portfolio.${fields.length}.title` })}
        >
          Add a project
        </button>
        {full ? <span className={ui.muted}> The portfolio is full ({PORTFOLIO_MAX} projects).</span> : null}
      </div>
    </fieldset>
  );
}

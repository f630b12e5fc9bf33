"use client";

import { useFieldArray, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { inputId, type ApplyControl, type ApplyFormValues } from "./form-model";
import { describedBy, FieldError } from "./fields";
import styles from "./apply-form.module.css";
import ui from "@/components/ui/ui.module.css";

interface PortfolioLinksFieldProps {
  control: ApplyControl;
  register: UseFormRegister<ApplyFormValues>;
  errors: FieldErrors<ApplyFormValues>["portfolioLinks"];
  /** How many links the schema accepts (ApplyFormLimits). */
  maxLinks: number;
}

export const ADD_LINK_BUTTON_ID = "apply-portfolioLinks-add";

export function PortfolioLinksField({ control, register, errors, maxLinks }: PortfolioLinksFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "portfolioLinks" });
  const id = inputId("portfolioLinks");
  const listError = errors?.root?.message ?? errors?.message;
  const canAdd = fields.length < maxLinks;

  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(id, { hint: true, error: listError })}>
      <legend className={styles.label}>
        Portfolio links<span className={styles.optional}> (optional)</span>
      </legend>
      <p id={`${id}-hint`} className={styles.hint}>
        Web addresses of work you are proud of, starting with https://.
      </p>
      {fields.length > 0 ? (
        <ol className={styles.linkList}>
          {fields.map((field, index) => {
            const linkId = inputId(`portfolioLinks.${index}`);
            const error = errors?.[index]?.url?.message;
            return (
              <li key={field.id} className={styles.linkRow}>
                <label htmlFor={linkId} className={ui.visuallyHidden}>
                  Portfolio link {index + 1}
                </label>
                <input
                  id={linkId}
                  className={styles.input}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(linkId, { error })}
                  {...register(`portfolioLinks.${index}.url`)}
                />
                <button
                  type="button"
                  className={styles.secondaryButton}
                  onClick={() => {
                    remove(index);
                    // The removed row took the focus with it; the add button is a stable place to land.
                    document.getElementById(ADD_LINK_BUTTON_ID)?.focus();
                  }}
                  aria-label={`Remove portfolio link ${index + 1}`}
                >
                  Remove
                </button>
                <FieldError id={linkId} message={error} />
              </li>
            );
          })}
        </ol>
      ) : null}
      <button
        id={ADD_LINK_BUTTON_ID}
        type="button"
        className={styles.secondaryButton}
        disabled={!canAdd}
        onClick={() => append({ url: "" }, { shouldFocus: true })}
      >
        Add a portfolio link
      </button>
      {!canAdd ? <p className={styles.hint}>That is the most links one application can list.</p> : null}
      <FieldError id={id} message={listError} />
    </fieldset>
  );
}

"use client";

import { useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import ui from "@/components/ui/ui.module.css";
import { LANGUAGES_MAX } from "@/lib/providers/profile-facts-schema";
import type { ListingUpdate } from "@/lib/providers/schemas";
import { LANGUAGE_CODES, languageName } from "@/lib/validation/iso-codes";
import type { ListingFormValues } from "./listing-form-model";
import styles from "./listing.module.css";

/**
 * The languages a provider works in: a list of chosen languages, each removable, and a picker with
 * an Add button. Not a <select multiple> (hard to use on phones and with a keyboard), and the
 * picker does not add on change, so arrowing through it adds nothing by accident.
 */
export function LanguagesField({ form }: { form: UseFormReturn<ListingFormValues, unknown, ListingUpdate> }) {
  const chosen = useWatch({ control: form.control, name: "languages" }) ?? [];
  const [pick, setPick] = useState("");
  const error = form.formState.errors.languages;
  const message = error?.message ?? (Array.isArray(error) ? error.find((e) => e?.message)?.message : undefined);
  const full = chosen.length >= LANGUAGES_MAX;

  const set = (next: string[]) =>
    form.setValue("languages", next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  return (
    <fieldset className={styles.group} aria-describedby={message ? "listing-languages-error" : "listing-languages-hint"}>
      <legend className={styles.groupLegend}>Languages</legend>
      <p className={ui.hint} id="listing-languages-hint">
        The languages you work with clients in, at most {LANGUAGES_MAX}.
      </p>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label="Chosen languages">
          {chosen.map((code) => (
            <li key={code} className={styles.chip}>
              {languageName(code)}
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Remove ${languageName(code)}`}
                onClick={() => set(chosen.filter((c) => c !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>No languages chosen.</p>
      )}
      <div className={styles.urlRow}>
        <label htmlFor="listing-language-pick" className={ui.visuallyHidden}>
          Language to add
        </label>
        <select
          id="listing-language-pick"
          className={ui.select}
          value={pick}
          onChange={(e) => setPick(e.target.value)}
          disabled={full}
        >
          <option value="">Choose a language…</option>
          {LANGUAGE_CODES.filter((code) => !chosen.includes(code)).map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={ui.buttonSecondary}
          disabled={!pick || full}
          onClick={() => {
            set([...chosen, pick]);
            setPick("");
          }}
        >
          Add language
        </button>
      </div>
      {message ? (
        <p className={ui.fieldError} id="listing-languages-error">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

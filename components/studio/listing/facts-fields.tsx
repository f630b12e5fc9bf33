"use client";

import type { UseFormReturn } from "react-hook-form";
import { HOURLY_RATE_LABELS, TEAM_SIZE_LABELS } from "@/components/directory/fact-labels";
import { Field } from "@/components/ui/field";
import ui from "@/components/ui/ui.module.css";
import { HOURLY_RATES, TEAM_SIZES } from "@/db/enums";
import { FOUNDED_YEAR_MIN, MIN_PROJECT_BUDGET_MAX } from "@/lib/providers/profile-facts-schema";
import type { ListingUpdate } from "@/lib/providers/schemas";
import { COUNTRY_CODES, countryName } from "@/lib/validation/iso-codes";
import { LanguagesField } from "./languages-field";
import type { ListingFieldName, ListingFormValues } from "./listing-form-model";
import styles from "./listing.module.css";

type ListingForm = UseFormReturn<ListingFormValues, unknown, ListingUpdate>;

/** The profile facts a client chooses by: where, which languages, how big, how much, since when, and whether taking clients. */
export function FactsFields({ form }: { form: ListingForm }) {
  const { register } = form;
  const errorOf = (field: ListingFieldName) => form.formState.errors[field]?.message as string | undefined;
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>Where you work</legend>
        <Field id="listing-countryCode" label="Country" error={errorOf("countryCode")}>
          {(a11y) => (
            <select {...a11y} {...register("countryCode")} className={ui.select} autoComplete="country">
              <option value="">Not stated</option>
              {COUNTRY_CODES.map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="listing-city" label="City" hint="Optional." error={errorOf("city")}>
          {(a11y) => <input {...a11y} {...register("city")} className={ui.input} type="text" autoComplete="address-level2" />}
        </Field>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register("remote")} /> We work with clients remotely
        </label>
      </fieldset>
      <LanguagesField form={form} />
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>Size and prices</legend>
        <Field id="listing-teamSize" label="Team size" error={errorOf("teamSize")}>
          {(a11y) => (
            <select {...a11y} {...register("teamSize")} className={ui.select}>
              <option value="">Not stated</option>
              {TEAM_SIZES.map((band) => (
                <option key={band} value={band}>
                  {TEAM_SIZE_LABELS[band]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="listing-hourlyRate" label="Hourly rate" hint="In US dollars." error={errorOf("hourlyRate")}>
          {(a11y) => (
            <select {...a11y} {...register("hourlyRate")} className={ui.select}>
              <option value="">Not stated</option>
              {HOURLY_RATES.map((band) => (
                <option key={band} value={band}>
                  {HOURLY_RATE_LABELS[band]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="listing-minProjectBudget"
          label="Minimum project budget"
          hint={`Whole US dollars, 0 for no minimum, at most ${MIN_PROJECT_BUDGET_MAX.toLocaleString("en-US")}. Leave empty to not say.`}
          error={errorOf("minProjectBudget")}
        >
          {(a11y) => <input {...a11y} {...register("minProjectBudget")} className={ui.input} type="text" inputMode="numeric" />}
        </Field>
        <Field
          id="listing-foundedYear"
          label="Founded"
          hint={`The year, from ${FOUNDED_YEAR_MIN}.`}
          error={errorOf("foundedYear")}
        >
          {(a11y) => <input {...a11y} {...register("foundedYear")} className={ui.input} type="text" inputMode="numeric" />}
        </Field>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupLegend}>New clients</legend>
        <label className={styles.checkbox}>
          <input type="checkbox" {...register("acceptingClients")} aria-describedby="listing-acceptingClients-hint" /> Accepting
          new clients
        </label>
        <p className={ui.hint} id="listing-acceptingClients-hint">
          When off, the profile says you are not taking new clients at the moment.
        </p>
      </fieldset>
    </>
  );
}

"use client";

import type { ReactNode } from "react";
import type { UseFormRegister } from "react-hook-form";
import { FieldError } from "@/components/apply/fields";
import apply from "@/components/apply/apply-form.module.css";
import styles from "./review-form.module.css";

export type ReviewFormFields = Record<string, string | boolean>;

/**
 * A radio group with its question as the legend and every answer as a visible label; the error sits
 * under the legend and the group is described by it. Works as a plain form field without JavaScript.
 */
export function ChoiceGroup(props: {
  name: string;
  legend: string;
  hint?: string;
  optional?: boolean;
  choices: { value: string; label: ReactNode }[];
  error?: string;
  stacked?: boolean;
  register: UseFormRegister<ReviewFormFields>;
  defaultValue: string;
}) {
  const id = `review-${props.name}`;
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className={apply.fieldset} aria-describedby={described} id={id} tabIndex={-1}>
      <legend className={styles.legend}>
        {props.legend}
        {props.optional ? <span className={apply.optional}> (optional)</span> : null}
      </legend>
      {props.hint ? (
        <p id={`${id}-hint`} className={apply.hint}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={id} message={props.error} />
      <div className={props.stacked ? styles.stacked : styles.choices}>
        {props.choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input type="radio" value={choice.value} defaultChecked={props.defaultValue === choice.value} {...props.register(props.name)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

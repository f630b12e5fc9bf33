import type { Control, FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import type { z } from "zod";
import type { Specialty } from "@/db/enums";
import type { applyFormSchema, ApplyFormInput } from "@/lib/applications/schemas";

// The apply form validates with the API's own schema, extended to require the company name
// (applyFormSchema). The only other difference is the shape of the portfolio links: useFieldArray needs a list of objects, the schema takes a list of strings.
// The schema (and zod with it, about 45 KB gzipped) is loaded after the page has shown
// (loadSchemaResolver), not with the page: nothing needs it before the first validation. What the
// form shows of its limits comes from the same schema, read on the server (form-limits.ts).

export interface ApplyFormValues {
  fullName: string;
  email: string;
  companyName: string;
  specialties: Specialty[];
  description: string;
  portfolioLinks: { url: string }[];
  referralSource: string;
}

export type ApplyFieldName = keyof ApplyFormValues;
export type ApplyControl = Control<ApplyFormValues, unknown, ApplyFormInput>;

/** Form order: the first invalid field in this order gets the focus. */
export const FIELD_ORDER: ApplyFieldName[] = [
  "fullName",
  "email",
  "companyName",
  "specialties",
  "description",
  "portfolioLinks",
  "referralSource",
];

export const EMPTY_FORM: ApplyFormValues = {
  fullName: "",
  email: "",
  companyName: "",
  specialties: [],
  description: "",
  portfolioLinks: [],
  referralSource: "",
};

/** The schema's limits that the form shows as it is filled in (see form-limits.ts). */
export interface ApplyFormLimits {
  descriptionMin: number;
  descriptionMax: number;
  maxPortfolioLinks: number;
}

export function toSchemaInput(values: ApplyFormValues): z.input<typeof applyFormSchema> {
  return { ...values, portfolioLinks: values.portfolioLinks.map((link) => link.url) };
}

let schemaResolverModule: Promise<typeof import("./schema-resolver")> | undefined;

/** Loads the schema's resolver once; the form starts this when it mounts, so it is there by the first validation. */
export function loadSchemaResolver(): Promise<typeof import("./schema-resolver")> {
  schemaResolverModule ??= import("./schema-resolver");
  return schemaResolverModule;
}

export const applyResolver: Resolver<ApplyFormValues, unknown, ApplyFormInput> = async (
  values,
  context,
  options,
) => {
  const { schemaResolver } = await loadSchemaResolver();
  const result = await schemaResolver(toSchemaInput(values), context, {
    ...options,
    // Field refs are looked up by the form's names, which differ for links; focusing goes by name anyway.
    fields: {},
    names: undefined,
    shouldUseNativeValidation: false,
  });
  if (Object.keys(result.errors).length === 0) {
    return { values: result.values as ApplyFormInput, errors: {} };
  }
  const { portfolioLinks, ...rest } = result.errors as Record<string, unknown>;
  const errors = rest as FieldErrors<ApplyFormValues>;
  const links = linkErrors(portfolioLinks);
  if (links) errors.portfolioLinks = links;
  const failed: ResolverResult<ApplyFormValues, ApplyFormInput> = { values: {}, errors };
  return failed;
};

type LinkError = { type: string; message?: string };

/** Errors of "portfolioLinks.N" move to "portfolioLinks.N.url"; list-level errors to "portfolioLinks.root". */
function linkErrors(raw: unknown): FieldErrors<ApplyFormValues>["portfolioLinks"] | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const out: Record<string, unknown> & { root?: LinkError } = [] as unknown as Record<string, unknown>;
  let any = false;
  for (const [key, value] of Object.entries(raw)) {
    if (/^\d+$/.test(key) && value) {
      out[key] = { url: { type: (value as LinkError).type, message: (value as LinkError).message } };
      any = true;
    }
  }
  const listLevel = (raw as { root?: LinkError }).root ?? ((raw as LinkError).message ? (raw as LinkError) : undefined);
  if (listLevel) {
    out.root = { type: listLevel.type, message: listLevel.message };
    any = true;
  }
  return any ? (out as FieldErrors<ApplyFormValues>["portfolioLinks"]) : undefined;
}

/**
 * The form field a server-side error path belongs to: "portfolioLinks.2" is the third link's input,
 * "specialties.0" the specialties group. Unknown paths (none expected) return null.
 */
export function formPathFor(path: string): `portfolioLinks.${number}.url` | "portfolioLinks.root" | ApplyFieldName | null {
  const [head, index] = path.split(".");
  if (head === "portfolioLinks") return index !== undefined && /^\d+$/.test(index) ? `portfolioLinks.${Number(index)}.url` : "portfolioLinks.root";
  return FIELD_ORDER.includes(head as ApplyFieldName) ? (head as ApplyFieldName) : null;
}

/** The element id of a form path, so focus and aria-describedby agree everywhere. */
export function inputId(path: string): string {
  return `apply-${path.replace(/\.(url|root)$/, "").replaceAll(".", "-")}`;
}

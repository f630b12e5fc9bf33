import { z } from "zod";
import { SPECIALTIES } from "@/db/enums";

/**
 * Emails are compared and stored in one canonical form: Unicode NFKC (so full-width look-alikes
 * collapse to ASCII), trimmed and lower-cased. Every schema that accepts an email uses this one.
 */
export function normaliseEmail(raw: string): string {
  return raw.normalize("NFKC").trim().toLowerCase();
}

export const emailSchema = z
  .string({ error: "Enter an email address" })
  .transform(normaliseEmail)
  .pipe(
    z
      .string()
      .min(1, { error: "Enter an email address" })
      .max(254, { error: "Email addresses are at most 254 characters" })
      .pipe(z.email({ error: "Enter a valid email address, like name@example.com" })),
  )
  .meta({ description: "Email address; trimmed, NFKC-normalised and lower-cased", format: "email", example: "ada@example.com" });

export const specialtySchema = z.enum(SPECIALTIES, {
  error: `Choose one of: ${SPECIALTIES.join(", ")}`,
});

export const specialtyListSchema = z
  .array(specialtySchema, { error: "Specialties must be a list" })
  .max(SPECIALTIES.length)
  .refine((list) => new Set(list).size === list.length, { error: "Each specialty may appear only once" });

/** An absolute http(s) URL with a host and no embedded credentials. */
export function isSafeHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (!url.hostname || url.username || url.password) return false;
  return true;
}

export const httpUrlSchema = z
  .string({ error: "Enter a web address" })
  .trim()
  .max(2048, { error: "Web addresses are at most 2048 characters" })
  .refine(isSafeHttpUrl, { error: "Enter a full web address starting with http:// or https://" })
  .meta({ format: "uri", example: "https://example.com" });

/** Optional free text: trimmed; null, missing and blank all mean "not given". */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

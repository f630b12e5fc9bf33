import { z } from "zod";

// Text that other people read: names, one-line labels, notes. Emails repeat names and reasons
// (lib/email/layout.ts), so none may carry a line break that starts a paragraph of its own, a
// character that reorders what a reader sees, or, for names, a web address a mail client would link.

/**
 * Control characters (line breaks and tabs included), Unicode line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates, which make text read differently than it is.
 * A character class, shared with lib/email/user-text.ts, which removes them from older rows.
 */
export const NOT_ONE_LINE_CLASS = "[\\p{Cc}\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069]";
const NOT_ONE_LINE = new RegExp(NOT_ONE_LINE_CLASS, "u");
/** As NOT_ONE_LINE, but a line break (LF or CRLF) is allowed: notes and reasons may have paragraphs. */
const NOT_MULTI_LINE = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]|\r(?!\n)/u;

/**
 * The parts of text a mail client would turn into a link: a scheme ("https://", "ftp://"), "www.", a
 * dotted host name ending in a top-level domain ("evil.example", "login.bank.com"), or an IPv4 address
 * ("192.0.2.1/login"), with any of the dots a host name may be written with, and with characters that
 * show as nothing (a zero-width space) next to the dots and the "://". Deliberately broad: "Acme.io"
 * counts too. lib/email/user-text.ts rewrites exactly these parts so they are not links (in every
 * email, whatever the text).
 */
export const WEB_ADDRESS_PARTS = {
  /**
   * The dots a host name may be written with: the full stop, and what browsers (IDNA) or Unicode
   * compatibility read as one: full-width, ideographic and half-width ideographic, small (U+FE52) and
   * the one dot leader (U+2024).
   */
  dot: "[.\\uFF0E\\u3002\\uFF61\\uFE52\\u2024]",
  /** A run of characters that show as nothing: zero-width space and joiners, soft hyphen, word joiner, ... */
  invisible: "\\p{Default_Ignorable_Code_Point}*",
  /** A scheme's name; followed by "://" it makes a link. */
  scheme: "[a-z][a-z0-9+.-]*",
  /** What follows a host name's dot when it ends in a top-level domain. */
  topLevelDomain: "\\p{L}{2,63}(?![\\p{L}\\p{N}])",
  /** A letter or digit before that dot. */
  beforeDot: "[\\p{L}\\p{N}]",
} as const;
const P = WEB_ADDRESS_PARTS;

/**
 * What a name may not hold: an explicit link, a scheme ("https://", "hxxp://") or "www.". A bare
 * dotted name ("Acme.io", "Booking.com", "Mr.Smith") is a real company's or person's name and is
 * accepted: emails defang it (lib/email/user-text.ts), so no mail program makes it a link.
 */
export const EXPLICIT_LINK = new RegExp(`${P.scheme}${P.invisible}:${P.invisible}\\/${P.invisible}\\/|\\bwww${P.invisible}${P.dot}`, "iu");

export function isOneLineText(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

export function hasExplicitLink(value: string): boolean {
  return EXPLICIT_LINK.test(value);
}

const NAME_RULE = (length: string) =>
  `One line, ${length} characters; no tabs, control or text-direction characters, and no link (such as \`https://…\` or \`www.…\`)`;
const ONE_LINE_MESSAGE = (label: string) => `${label} must be one line, without tabs or control characters`;
const NO_LINK_MESSAGE = (label: string) =>
  `${label} cannot contain a link (https://… or www.…): emails repeat it, and mail programs would make it a link`;

/**
 * A name people and emails show (a person, a company, a provider): trimmed, one line, no control or
 * direction characters and no explicit link. The one rule for every name, so form, action, API and
 * OpenAPI document agree.
 */
export function nameSchema(params: { label: string; max: number; required?: string }) {
  const required = params.required ?? `Enter ${params.label.toLowerCase()}`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(params.max, { error: `${params.label} must be at most ${params.max} characters` })
    .refine(isOneLineText, { error: ONE_LINE_MESSAGE(params.label) })
    .refine((v) => !hasExplicitLink(v), { error: NO_LINK_MESSAGE(params.label) })
    .meta({ description: NAME_RULE(`1–${params.max}`) });
}

/** An optional name: as nameSchema; null, missing and blank all mean "not given". */
export function optionalNameSchema(params: { label: string; max: number }) {
  return z
    .string({ error: `${params.label} must be text` })
    .trim()
    .max(params.max, { error: `${params.label} must be at most ${params.max} characters` })
    .refine(isOneLineText, { error: ONE_LINE_MESSAGE(params.label) })
    .refine((v) => !hasExplicitLink(v), { error: NO_LINK_MESSAGE(params.label) })
    .meta({ description: NAME_RULE(`at most ${params.max}`) })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

/** Optional one-line text that may name a web address (e.g. where someone heard of us). */
export function optionalOneLineText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(isOneLineText, { error: ONE_LINE_MESSAGE(label) })
    .meta({ description: `One line, at most ${max} characters; no tabs or control characters` })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

/** Refinement for notes and reasons: paragraphs allowed, other control and direction characters not. */
export function isMultiLineText(value: string): boolean {
  return !NOT_MULTI_LINE.test(value);
}

export const MULTI_LINE_MESSAGE = (label: string) => `${label} may have line breaks but no tabs or other control characters`;

import { z } from "@/lib/validation/zod";
import { SPECIALTIES } from "@/db/enums";
import { isPublicAddress } from "@/lib/validation/public-address";

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
function isHttpUrlShape(value: string): boolean {
  const url = parseUrl(value);
  if (!url) return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return Boolean(url.hostname) && !url.username && !url.password;
}

/**
 * An http(s) URL that points at the public internet: not at this machine, a private or link-local
 * network (cloud metadata at 169.254.169.254 included) or a local-only name. Listings and portfolio
 * links are shown to every visitor, so such a link would make their browsers probe their own networks.
 * The check reads the address as written; a public name that resolves to a private address is
 * caught only where something fetches it (nothing on the server does).
 */
/** Whether a path or query value is a well-formed id (UUID) at all, before it reaches a uuid column. */
export function isUuid(value: string): boolean {
  return z.guid().safeParse(value).success;
}

export function isSafeHttpUrl(value: string): boolean {
  if (!isHttpUrlShape(value)) return false;
  return isPublicHostname(parseUrl(value)!.hostname);
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".localdomain"];

/**
 * `hostname` as the WHATWG URL parser gives it: lower-case, IPv4 in dotted decimal (so `2130706433` and
 * `0x7f.1` arrive as `127.0.0.1`), IPv6 in brackets. An IP literal is judged by the one address rule
 * (public-address.ts); a name must have a dot and no local-only suffix.
 */
export function isPublicHostname(hostname: string): boolean {
  const host = hostname.replace(/\.$/, "");
  if (host.startsWith("[")) return host.endsWith("]") && isPublicAddress(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return isPublicAddress(host);
  // A single label ("localhost", "intranet") only resolves inside a network.
  if (!host.includes(".")) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

const HTTP_URL_MESSAGE = "Enter a full web address starting with http:// or https://";

export const httpUrlSchema = z
  .string({ error: "Enter a web address" })
  .trim()
  .max(2048, { error: "Web addresses are at most 2048 characters" })
  .refine(isHttpUrlShape, { error: HTTP_URL_MESSAGE, abort: true })
  .refine(isSafeHttpUrl, { error: "Enter a public web address, not a local or private network one" })
  .meta({ format: "uri", example: "https://example.com" });

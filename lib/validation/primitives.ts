import { z } from "@/lib/validation/zod";
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

/** `hostname` as the WHATWG URL parser gives it: lower-case, IPv4 in dotted decimal, IPv6 in brackets. */
export function isPublicHostname(hostname: string): boolean {
  const host = hostname.replace(/\.$/, "");
  if (host.startsWith("[")) return isPublicIpv6(host.slice(1, -1));
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return isPublicIpv4(host.split(".").map(Number));
  // A single label ("localhost", "intranet") only resolves inside a network.
  if (!host.includes(".")) return false;
  return !LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

function isPublicIpv4([a = 0, b = 0, c = 0]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast/reserved
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 192 && b === 0 && c === 0) return false;
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking
  return true;
}

function isPublicIpv6(address: string): boolean {
  // IPv4-mapped (::ffff:7f00:1 after normalisation): judge the IPv4 address it carries.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return isPublicIpv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  }
  // Only global unicast (2000::/3) is public; loopback, unspecified, unique-local and link-local are not.
  return /^[23][0-9a-f]{0,3}:/.test(address);
}

const HTTP_URL_MESSAGE = "Enter a full web address starting with http:// or https://";

export const httpUrlSchema = z
  .string({ error: "Enter a web address" })
  .trim()
  .max(2048, { error: "Web addresses are at most 2048 characters" })
  .refine(isHttpUrlShape, { error: HTTP_URL_MESSAGE, abort: true })
  .refine(isSafeHttpUrl, { error: "Enter a public web address, not a local or private network one" })
  .meta({ format: "uri", example: "https://example.com" });

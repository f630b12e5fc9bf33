// The one rule for what never leaves the process in clear: every log line (log.ts) and every span
// exported to a tracing backend (lib/tracing/redacted-span.ts) passes through `redact`.
//
// Addresses carry secrets and personal data in their query strings: verification and sign-in tokens
// (`?token=`), the mailbox secret (`?secret=`), API keys, and email addresses (`/signin/confirm?email=`,
// `/api/dev/mailbox?to=`). A query string may also sit inside another one, percent-encoded (a
// `callbackUrl=`), so `%3F`, `%26` and `%3D` count as `?`, `&` and `=`.

const SEPARATOR = String.raw`(?:[?&]|%3F|%26)`;
const EQUALS = String.raw`(?:=|%3D)`;
/** One character of a query value: up to `&`, `#`, white space, a quote, or their encoded forms. */
const VALUE_CHAR = String.raw`(?:(?!%26|%23)[^&#\s"])`;

/** Parameters whose value is a secret or an address, whatever it looks like. */
const SECRET_QUERY = new RegExp(`(${SEPARATOR}(?:token|key|api_key|secret|email|to)${EQUALS})${VALUE_CHAR}*`, "gi");
/** Any other parameter whose value holds an email address (`@`, or `%40` encoded). */
const ADDRESS_QUERY = new RegExp(`(${SEPARATOR}[\\w.\\-\\[\\]]+${EQUALS})${VALUE_CHAR}*?(?:@|%40)${VALUE_CHAR}*`, "gi");
const BEARER = /(bearer\s+)[A-Za-z0-9_\-.]+/gi;
const API_KEY = /\bprk_[A-Za-z0-9]{10,}/g;

export const REDACTED = "[redacted]";

export function redact(text: string): string {
  return text
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(ADDRESS_QUERY, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(API_KEY, `prk_${REDACTED}`);
}

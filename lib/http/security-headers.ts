// The security headers of every answer, and the content security policy. No imports: next.config.ts
// reads this file too, and its loader knows no path aliases.

export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** A script source that allows one inline script by its SHA-256 digest. */
export const SCRIPT_HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/**
 * The policy of one answer. Inline scripts run only when `scriptSources` names them: the request's
 * nonce for a page rendered for this request, the digests of its scripts for a page served from the
 * cache (see request-guard.ts). With no source at all, no inline script runs. Images come from this
 * site or over HTTPS only. Development keeps 'unsafe-eval', which React's development build needs to
 * show server errors.
 */
export function contentSecurityPolicy(options: { scriptSources: readonly string[]; development: boolean }): string {
  const script = ["'self'", ...options.scriptSources, TURNSTILE_ORIGIN, ...(options.development ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${TURNSTILE_ORIGIN}`,
    `frame-src ${TURNSTILE_ORIGIN}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** Every answer's headers but the policy, which depends on the answer (request-guard.ts sets it). */
export const SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/config/log";
import type { TurnstileAction } from "./turnstile-actions";

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Cloudflare's documented test secret keys (always passes, always fails, token already spent). They
 * answer for any token with the hostname `example.com` and no action of ours, so with one of them
 * there is no hostname or action to check (docs/decisions/rate-limits-and-captcha.md, "Turnstile").
 */
const TEST_SECRET_KEYS = new Set([
  "1x0000000000000000000000000000000AA",
  "2x0000000000000000000000000000000AA",
  "3x0000000000000000000000000000000AA",
]);

interface SiteverifyOutcome {
  success?: boolean;
  "error-codes"?: string[];
  /** Where the widget was solved: the page's hostname. */
  hostname?: string;
  /** The action the widget declared (turnstile-actions.ts). */
  action?: string;
}

/**
 * Server-side Turnstile check. Off (always passes) when no secret is configured; the start-up log says so.
 * Missing or rejected token -> 400 CAPTCHA_FAILED; so is a token solved on another site (its hostname is not
 * APP_URL's) or for another form (its action is not `action`). Cloudflare unreachable -> 503, since the
 * applicant did nothing wrong.
 */
export async function assertCaptcha(params: { token: string | undefined; clientIp: string | null; action: TurnstileAction }): Promise<void> {
  const { TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: verifyUrl, APP_URL: appUrl } = env();
  if (!secret) return;
  if (!params.token) throw new AppError("CAPTCHA_FAILED", "Complete the CAPTCHA challenge and try again.");

  const form = new URLSearchParams({ secret, response: params.token });
  if (params.clientIp) form.set("remoteip", params.clientIp);
  let outcome: SiteverifyOutcome;
  try {
    const response = await fetch(verifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = (await response.json()) as SiteverifyOutcome;
  } catch (error) {
    log.error("captcha.verify_unavailable", { error });
    throw new AppError("SERVICE_UNAVAILABLE", "The CAPTCHA could not be checked just now. Try again shortly.", {
      headers: { "Retry-After": "5" },
    });
  }
  if (outcome.success !== true) {
    log.info("captcha.rejected", { codes: outcome["error-codes"] ?? [] });
    throw new AppError("CAPTCHA_FAILED", "The CAPTCHA challenge was not accepted. Complete it again and resubmit.");
  }
  if (TEST_SECRET_KEYS.has(secret)) return;
  const expectedHostname = new URL(appUrl).hostname;
  const hostname = normalisedHostname(outcome.hostname);
  if (hostname !== expectedHostname || outcome.action !== params.action) {
    log.warn("captcha.mismatch", { hostname: outcome.hostname, expectedHostname, action: outcome.action, expectedAction: params.action });
    throw new AppError("CAPTCHA_FAILED", "The CAPTCHA challenge was not accepted. Complete it again and resubmit.");
  }
}

/** A hostname as URL parsing writes it (lower case, IDN as punycode), so it compares with APP_URL's; null when it is none. */
function normalisedHostname(value: string | undefined): string | null {
  if (!value || /[/?#@:\s]/.test(value)) return null;
  try {
    return new URL(`http://${value}`).hostname;
  } catch {
    return null;
  }
}

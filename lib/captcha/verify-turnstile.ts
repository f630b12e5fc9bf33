import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/config/log";

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Server-side Turnstile check. Off (always passes) when no secret is configured; the start-up log says so.
 * Missing or rejected token -> 400 CAPTCHA_FAILED; Cloudflare unreachable -> 503, since the applicant did nothing wrong.
 */
export async function assertCaptcha(params: { token: string | undefined; clientIp: string | null }): Promise<void> {
  const { TURNSTILE_SECRET_KEY: secret, TURNSTILE_VERIFY_URL: verifyUrl } = env();
  if (!secret) return;
  if (!params.token) throw new AppError("CAPTCHA_FAILED", "Complete the CAPTCHA challenge and try again.");

  const form = new URLSearchParams({ secret, response: params.token });
  if (params.clientIp) form.set("remoteip", params.clientIp);
  let outcome: { success?: boolean; "error-codes"?: string[] };
  try {
    const response = await fetch(verifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = (await response.json()) as typeof outcome;
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
}

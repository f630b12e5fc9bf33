import { Resend, type ErrorResponse } from "resend";
import { sendFailure, withTimeout, type EmailTransport } from "./types";

export const RESEND_SEND_TIMEOUT_MS = 10_000;

// 4xx answers that describe our configuration rather than the message: retrying gives the operator
// time to fix the key or sender instead of dead-lettering every email queued meanwhile.
const CONFIGURATION_ERRORS = new Set<string>([
  "missing_api_key",
  "invalid_api_key",
  "restricted_api_key",
  "invalid_from_address",
  "invalid_access",
  "not_found",
  "method_not_allowed",
  "security_error",
]);
// The provider is still working on an earlier request with this idempotency key.
const TRANSIENT_ERRORS = new Set<string>([
  "concurrent_idempotent_requests",
  "rate_limit_exceeded",
  "daily_quota_exceeded",
  "monthly_quota_exceeded",
  "application_error",
  "internal_server_error",
]);

function isRetryable(error: ErrorResponse): boolean {
  const status = error.statusCode;
  if (status === null || status === undefined) return true; // no answer: network failure or abort
  if (status === 429 || status >= 500) return true;
  if (CONFIGURATION_ERRORS.has(error.name) || TRANSIENT_ERRORS.has(error.name)) return true;
  return false;
}

/**
 * Delivery through Resend. The SDK reads RESEND_BASE_URL when the client is built (tests point it
 * at a local stand-in). Each email is sent with its outbox id as idempotency key, so a retry after a
 * lost answer is delivered once by the provider.
 */
export function createResendTransport(params: { apiKey: string; timeoutMs?: number }): EmailTransport {
  const client = new Resend(params.apiKey);
  const timeoutMs = params.timeoutMs ?? RESEND_SEND_TIMEOUT_MS;
  return {
    name: "resend",
    async send(msg, options) {
      const result = await withTimeout(
        timeoutMs,
        (signal) => {
          const combined = options?.signal ? AbortSignal.any([signal, options.signal]) : signal;
          return client.emails.send(
            {
              from: msg.from,
              to: msg.to,
              ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
              subject: msg.subject,
              text: msg.text,
              ...(msg.html ? { html: msg.html } : {}),
            },
            { idempotencyKey: msg.id, signal: combined },
          );
        },
        () => sendFailure(true, `resend: no answer within ${timeoutMs} ms`),
      );
      if (result.error) {
        const { statusCode, name, message } = result.error;
        const detail = `resend ${statusCode ?? "network"} ${name}: ${String(message ?? "").slice(0, 160)}`;
        throw sendFailure(isRetryable(result.error), detail);
      }
      return { providerMessageId: result.data?.id ?? null };
    },
  };
}

import { AppError } from "@/lib/errors";
import { redact } from "@/lib/config/redact";

export interface OutgoingEmail {
  /** The outbox id: also the provider idempotency key, so a retried send is delivered once. */
  id: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string | null;
}

export interface SendOptions {
  /** Aborted when the dispatcher gives up waiting; a transport should stop its request then. */
  signal?: AbortSignal;
}

export interface EmailTransport {
  name: string;
  send(msg: OutgoingEmail, options?: SendOptions): Promise<{ providerMessageId: string | null }>;
}

/**
 * Transport failures are AppErrors (the product's one error type); the status says whether a later
 * attempt can succeed: 429 and 5xx are worth retrying, a rejected message (400/422) is not.
 */
export function sendFailure(retryable: boolean, detail: string, cause?: unknown): AppError {
  return new AppError(retryable ? "SERVICE_UNAVAILABLE" : "VALIDATION_FAILED", detail, { cause });
}

export function isRetryableSendError(error: unknown): boolean {
  // Anything not classified by a transport (a bug, a database hiccup in the mailbox) may pass next time.
  if (!(error instanceof AppError)) return true;
  return error.status === 429 || error.status >= 500;
}

/**
 * The text stored in email_outbox.last_error: our own messages only, short. A library error is
 * reduced to its name and code, because driver messages can echo query parameters (the email body).
 */
export function describeSendError(error: unknown): string {
  let text: string;
  if (error instanceof AppError) {
    text = error.message;
  } else if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text = typeof code === "string" ? `${error.name} (${code})` : error.name;
  } else {
    text = "Unknown error";
  }
  text = redact(text);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** Rejects with `onTimeout()` after `ms` and aborts the signal handed to `run`, whichever comes first. */
export async function withTimeout<T>(
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => Error,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = onTimeout();
      reject(error);
      controller.abort(error);
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } catch (error) {
    // Whatever the aborted operation rejected with, the cause is the timeout.
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

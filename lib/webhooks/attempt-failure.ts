/**
 * How a delivery attempt fails: the closed list of attempt errors the API shows providers, and the
 * plumbing that turns socket events and the attempt's deadline into one of them.
 *
 * Each failure also carries a short `detail` for logs and operators: a Node.js error code
 * (`ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`), a proxy status, or the phase a timeout hit. It never
 * holds an address the name resolved to: which private addresses our resolver returns is our
 * network's business, not the endpoint owner's.
 */
import type { WebhookAttemptError } from "@/db/enums";

export type DeliveryError = WebhookAttemptError;

/** Where an attempt was when it stopped: named in a TIMEOUT's detail. */
export type AttemptPhase = "RESOLVE" | "CONNECT" | "PROXY" | "TLS" | "RESPONSE";

export class AttemptFailure extends Error {
  constructor(
    readonly error: DeliveryError,
    readonly detail: string,
  ) {
    super(`${error}: ${detail}`);
    this.name = "AttemptFailure";
  }
}

/** The `code` of a Node.js error (`ECONNRESET`, `ERR_TLS_CERT_ALTNAME_INVALID`), or a fallback. */
export function errorCode(error: unknown, fallback: string): string {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return fallback;
}

/**
 * Settles with `promise`, or rejects with a TIMEOUT naming `phase` once `signal` aborts. The work
 * itself is stopped by whoever owns it (the sender destroys its sockets when the attempt ends); a
 * late rejection of `promise` is absorbed here, never left unhandled.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, phase: AttemptPhase): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AttemptFailure("TIMEOUT", phase));
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

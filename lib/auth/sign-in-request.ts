import { AsyncLocalStorage } from "node:async_hooks";

// What Auth.js does not pass on to the email provider's sendVerificationRequest: who is asking (the
// client IP, for the per-client sign-in limits) and the Turnstile token the sign-in form sent. The
// route (app/api/auth/[...nextauth]/route.ts) reads both from the request and runs Auth.js inside
// withSignInRequest, as it does with the browser binding (sign-in-binding.ts).

export interface SignInRequest {
  /** The validated client IP (lib/http/client-ip.ts), or null when unknown. */
  clientIp: string | null;
  /** The `turnstileToken` field of the sign-in form, if any. */
  turnstileToken: string | undefined;
}

const context = new AsyncLocalStorage<SignInRequest>();

/** Runs Auth.js's sign-in request with what the route knows of the requester. */
export function withSignInRequest<T>(request: SignInRequest, fn: () => Promise<T>): Promise<T> {
  return context.run(request, fn);
}

/**
 * The requester of the sign-in link being sent. Outside withSignInRequest (nothing but the route asks
 * Auth.js for links) it is an unknown client without a token, which a configured CAPTCHA refuses.
 */
export function currentSignInRequest(): SignInRequest {
  return context.getStore() ?? { clientIp: null, turnstileToken: undefined };
}

import { AppError } from "@/lib/errors";

/**
 * The one detail of every 429 a limit answers, whichever limit refused: a per-client, per-mailbox or
 * per-provider refusal must not tell a requester which one it was (someone else's activity with an
 * address must not show through it). Only `Retry-After` differs, and it says when, not why.
 */
export const RATE_LIMITED_DETAIL = "Too many requests just now. Try again later.";

/** 429 RATE_LIMITED with Retry-After and the neutral detail (or one of its own, equally neutral). */
export function rateLimitedError(retryAfterSeconds: number, detail: string = RATE_LIMITED_DETAIL): AppError {
  return new AppError("RATE_LIMITED", detail, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

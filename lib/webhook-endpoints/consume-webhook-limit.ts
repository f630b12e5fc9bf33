import type { Db } from "@/db/client";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { rateLimitedError } from "@/lib/rate-limit/rate-limited-error";
import { HOUR_SECONDS } from "./rules";

/**
 * One hourly limit of the webhook buttons (test, replay, recover), counted in the caller's transaction:
 * a request refused for another reason afterwards rolls its hit back and costs nothing.
 */
export async function consumeWebhookLimit(tx: Db, params: { scope: string; subject: string; limit: number }): Promise<void> {
  const result = await consumeRateLimit(tx, { ...params, windowSeconds: HOUR_SECONDS });
  if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
}

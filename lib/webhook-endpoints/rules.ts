/** The limits of extensions §8 for a provider's webhook endpoints, as named constants. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/**
 * lib/webhooks/destination.ts's WEBHOOK_URL_MAX_LENGTH, for the form's schema: that module resolves
 * names (node:dns), which no browser bundle can hold. rules.test.ts holds the two equal.
 */
export const WEBHOOK_URL_MAX_CHARS = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const ROTATION_OVERLAP_MAX_HOURS = 168;
export const ROTATION_OVERLAP_DEFAULT_HOURS = 24;
/** Deliveries are listed, shown, replayed and recovered for this long after their message. */
export const DELIVERY_HISTORY_DAYS = 30;
export const TEST_SENDS_PER_ENDPOINT_PER_HOUR = 10;
export const REPLAYS_PER_PROVIDER_PER_HOUR = 100;
export const RECOVERIES_PER_PROVIDER_PER_HOUR = 3;
export const HOUR_SECONDS = 3600;
export const DAY_MS = 24 * 3600 * 1000;

/** The oldest message time still inside the delivery history. */
export function historyStart(now: Date): Date {
  return new Date(now.getTime() - DELIVERY_HISTORY_DAYS * DAY_MS);
}

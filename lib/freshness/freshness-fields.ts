// The freshness clock (extensions §6): days since a listing's details were last confirmed, and what
// each boundary does. Pure constants and arithmetic, read by the sweep, the pages, the API and the
// ranking's freshness component (lib/ranking), so the label and the score step at the same day.
import { FRESHNESS_ZERO_AFTER_DAYS } from "@/lib/ranking/ranking-formula";

/** First reminder to OWNERs and ADMINs, with a confirm link. */
export const CONFIRM_REMINDER_DAYS = 150;
/** Second reminder ("hidden in 37 days"). */
export const SECOND_REMINDER_DAYS = 173;
/** Public label "Details not confirmed since {date}"; the ranking's freshness is 0 from here. */
export const STALE_AFTER_DAYS = FRESHNESS_ZERO_AFTER_DAYS;
/** The listing is hidden until the provider confirms. */
export const HIDE_AFTER_DAYS = 210;

/** An emailed confirm link works this long, once. */
export const CONFIRM_TOKEN_TTL_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whole days from `confirmedAt` to `now` (a day counts once it has fully passed). */
export function daysSinceConfirmed(confirmedAt: Date, now: Date): number {
  return Math.floor((now.getTime() - confirmedAt.getTime()) / DAY_MS);
}

/** When the public "not confirmed since" label appears. */
export function staleAt(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + STALE_AFTER_DAYS * DAY_MS);
}

/** When the listing is hidden unless confirmed before. */
export function hideAt(confirmedAt: Date): Date {
  return new Date(confirmedAt.getTime() + HIDE_AFTER_DAYS * DAY_MS);
}

/** True when the public label shows: `STALE_AFTER_DAYS` full days have passed. */
export function isStale(confirmedAt: Date, now: Date): boolean {
  return now.getTime() >= staleAt(confirmedAt).getTime();
}

// The weekly tie-break of extensions §5: the first 8 bytes of SHA-256(provider id ‖ ISO date of the
// current UTC Monday), an unsigned 64-bit integer, ordered ascending. providers.rank_rotation is a
// signed bigint holding (2^63 − 1) − key: every key fits, and the key ascending is the column
// DESCENDING, the same direction as the score, so the recommended order (score desc, key asc) is one
// direction and a deep page seeks from a fence with one row comparison on the index
// (docs/decisions/ranking.md "The order and its index").
import { createHash } from "node:crypto";

const DAY_MS = 86_400_000;

/** The ISO date (YYYY-MM-DD) of the Monday, UTC, of the week holding `now`. */
export function rotationMonday(now: Date): string {
  const midnight = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The unsigned key. */
export function rotationKey(providerId: string, now: Date): bigint {
  return createHash("sha256").update(`${providerId}${rotationMonday(now)}`).digest().readBigUInt64BE(0);
}

/** The key as providers.rank_rotation stores it: (2^63 − 1) − key, so the key ascending is the column descending. */
export function storedRotation(providerId: string, now: Date): bigint {
  return 2n ** 63n - 1n - rotationKey(providerId, now);
}

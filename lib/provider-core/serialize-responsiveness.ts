import type { Responsiveness } from "./responsiveness-schema";

export const RESPONSIVENESS_MIN_SAMPLE = 5;

/** The public responsiveness: null while fewer than 5 inquiries were delivered in the window. */
export function serializeResponsiveness(
  row: { sample: number; responded: number; medianHours: number | null } | null | undefined,
): Responsiveness {
  // With a sample, the median always has values to work on (unanswered inquiries count their wait).
  if (!row || row.sample < RESPONSIVENESS_MIN_SAMPLE || row.medianHours === null) return null;
  return {
    medianHours: Math.round(row.medianHours * 10) / 10,
    respondedShare: Math.round((row.responded / row.sample) * 1000) / 1000,
    sample: row.sample,
  };
}

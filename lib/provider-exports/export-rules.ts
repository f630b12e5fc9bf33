// The numbers of provider exports (extensions §9), named once for the domain, the job, the studio and
// the OpenAPI text.

/** Bumped when a file's columns change, so a reader of an old archive knows which layout it has. */
export const EXPORT_SCHEMA_VERSION = 1;

/** A READY or PENDING export blocks the next request for this long; a FAILED one does not. */
export const EXPORT_COOLDOWN_HOURS = 24;

/** A READY archive can be downloaded this long, then the job clears it (EXPIRED). */
export const EXPORT_LIFETIME_DAYS = 7;

/** The largest archive the job stores (bytes); a larger one ends FAILED with EXPORT_TOO_LARGE. */
export const EXPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The synchronous inquiries CSV answers up to this many rows; beyond, 413 (use the archive). */
export const INQUIRIES_CSV_MAX_ROWS = 10_000;

/** audit_events of the last this many months go into the archive. */
export const EXPORT_AUDIT_MONTHS = 12;

/** Exports one maintenance run builds at most; the rest wait for the next run. */
export const EXPORTS_PER_RUN = 3;

export const HOUR_MS = 3600 * 1000;
export const DAY_MS = 24 * HOUR_MS;

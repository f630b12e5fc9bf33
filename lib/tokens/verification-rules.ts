// The applicant-facing numbers of verification, in a module without server imports, so the verify
// page's client components can say them too.

/** How long an emailed confirmation link works. */
export const VERIFICATION_TTL_HOURS = 24;

/** The sliding window of the per-mailbox limit on applications and new confirmation links. */
export const SUBMISSION_WINDOW_HOURS = 24;

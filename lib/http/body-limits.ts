// How many bytes each kind of endpoint reads from a request body, in one place. No imports: the
// Next.js config (next.config.ts) reads these too, and its loader knows no path aliases.

/** JSON bodies of the API (lib/http/request.ts) and the arguments of a server action. */
export const API_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Everything posted to a page address: server actions (Next.js's `serverActions.bodySizeLimit`) and
 * the forms of route handlers outside /api. The same bound as the API, since actions take the same
 * inputs; the request guard (request-guard.ts) refuses a larger declared body before Next.js reads it.
 */
export const PAGE_BODY_LIMIT_BYTES = 100 * 1024;

/** The analytics beacon (/api/public/studio/events): one event, a search page's 100 slugs at most. */
export const BEACON_BODY_LIMIT_BYTES = 4 * 1024;

/** The confirm buttons' forms without JavaScript (app/verify/confirm, app/inquiries/confirm/send and /renew): one token. */
export const VERIFY_FORM_LIMIT_BYTES = 4 * 1024;

/** Auth.js's own endpoints (/api/auth/*): an email address, a CSRF token and a return address. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

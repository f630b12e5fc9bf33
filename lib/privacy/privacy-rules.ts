// The visitor privacy requests' numbers (extensions §9), in a module without server imports so the
// request page's client components can say them too. The hourly per-client limit is PRIVACY_IP_LIMIT
// (lib/config/env.ts).

/** Requests one mailbox may be sent per sliding 24 hours, from every client together. */
export const PRIVACY_REQUESTS_PER_MAILBOX = 3;
export const PRIVACY_MAILBOX_WINDOW_HOURS = 24;

/** How long the emailed confirmation link works. */
export const PRIVACY_CONFIRM_TTL_HOURS = 24;

/** How long the access file's one-time download link works. */
export const PRIVACY_DOWNLOAD_TTL_DAYS = 7;

/** Days past a link's expiry before an unconfirmed request's row goes (its link answers 410 until then). */
export const PRIVACY_UNCONFIRMED_GRACE_DAYS = 30;

/** What the provider's studio and API show in place of an erased inquiry's texts. */
export const ERASED_LABEL = "Erased at the sender's request";

/** The one answer to every accepted request, whether or not anything is held for the address. */
export const PRIVACY_REQUEST_ACCEPTED_MESSAGE =
  "Thank you. If the address is yours, check your email for a link to confirm the request. Nothing happens until you confirm it.";

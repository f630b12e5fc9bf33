// The `action` each form's Turnstile widget declares. Cloudflare signs it into the token and
// siteverify reports it back, so the server can tell a token solved on the apply form from one solved
// on a provider's contact form, and refuse a token spent on the wrong one. No imports: the client
// components that render the widgets read it too.

export const TURNSTILE_ACTIONS = {
  /** The interest form (/apply), its server action and POST /api/public/studio/providers/interest. */
  apply: "apply",
  /** A provider's contact form, its server action and POST /api/public/studio/providers/:slug/inquiries. */
  inquiry: "inquiry",
  /** A profile's report form, its server action and POST /api/public/studio/providers/:slug/reports. */
  report: "report",
  /** The privacy request form (/privacy/request), its server action and POST /api/public/studio/privacy-requests. */
  privacy: "privacy",
  /** The studio sign-in form (/signin) and Auth.js's email sign-in request. */
  signIn: "signin",
} as const;

export type TurnstileAction = (typeof TURNSTILE_ACTIONS)[keyof typeof TURNSTILE_ACTIONS];

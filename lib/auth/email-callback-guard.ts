import { REGISTRY_LINK_PARAMS } from "./registry-link";
import { isTokenBoundTo } from "./sign-in-binding";

// What happens to a request for Auth.js's email callback (/api/auth/callback/email?token=…&email=…),
// before Auth.js sees it. The callback uses up the token and starts a session, so:
// - GET never reaches it (a GET changes nothing: mail scanners, prefetchers, and a crafted link an
//   attacker sends a victim to). It is sent to /signin/confirm, which changes nothing either.
// - POST reaches it only from this site (Fetch Metadata, else Origin): a form on another site cannot
//   sign a browser in.
// - and only for the browser the link was made for (sign-in-binding.ts), or after the person has
//   seen, on the confirm page, which account it signs into and pressed "Sign in as <email>", which
//   sends that address back as `acknowledge`.

export const ACKNOWLEDGE_FIELD = "acknowledge";

export type EmailCallbackDecision =
  | { kind: "continue" }
  | { kind: "confirm"; location: string }
  | { kind: "refuse"; detail: string };

export interface EmailCallbackRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** This browser's sign-in binding cookie, if any. */
  bindingCookie: string | undefined;
  /** The `acknowledge` field of a POST form, if any. */
  acknowledged: string | null;
  appOrigin: string;
  secret: string;
}

/** The confirm page for the same link: the same parameters, on a page that changes nothing. */
export function confirmPageFor(url: URL): string {
  const confirm = new URLSearchParams();
  for (const name of ["callbackUrl", "token", "email", ...REGISTRY_LINK_PARAMS]) {
    const value = url.searchParams.get(name);
    if (value !== null) confirm.set(name, value);
  }
  return `/signin/confirm?${confirm.toString()}`;
}

export function decideEmailCallback(req: EmailCallbackRequest): EmailCallbackDecision {
  if (req.method !== "POST") return { kind: "confirm", location: confirmPageFor(req.url) };
  const token = req.url.searchParams.get("token") ?? "";
  const email = req.url.searchParams.get("email") ?? "";
  const bound = isTokenBoundTo(req.secret, token, req.bindingCookie);
  const site = sameSite(req.headers, req.appOrigin);
  if (site === "cross-site") return { kind: "refuse", detail: "A sign-in link can only be used from this site's own confirmation page." };
  // A browser that sends neither Fetch Metadata nor a real Origin cannot show where the post came from:
  // only its own links sign it in.
  if (site === "unknown" && !bound) return { kind: "confirm", location: confirmPageFor(req.url) };
  if (!bound && (!email || req.acknowledged !== email)) return { kind: "confirm", location: confirmPageFor(req.url) };
  return { kind: "continue" };
}

function sameSite(headers: Headers, appOrigin: string): "same-origin" | "cross-site" | "unknown" {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" ? "same-origin" : "cross-site";
  const origin = headers.get("origin");
  // The confirm page sends no Referer, so its posts carry `Origin: null`: that proves nothing.
  if (!origin || origin === "null") return "unknown";
  return origin === appOrigin ? "same-origin" : "cross-site";
}

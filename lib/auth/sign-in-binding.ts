import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";
import { SIGN_IN_LINK_MAX_AGE_SECONDS } from "./sign-in-link";

// Login CSRF: without this, anyone could ask for a sign-in link to their own address and send a
// victim's browser to it, signing the victim into the attacker's account (where anything the victim
// then types, an API key they create, a listing they edit, belongs to the attacker).
//
// A sign-in link is therefore bound to the browser that asked for it. Asking for a link sets an
// httpOnly cookie holding a random browser value, and the link's token carries an HMAC of that value:
// token = <random>.<HMAC(secret, browser value, random)>. The confirm page and the callback recompute
// it from the cookie: in the browser that asked, the link signs in with one click; anywhere else the
// page says plainly which account it would sign into and asks first (lib/auth/email-callback-guard.ts).
// Nothing is stored: the cookie and the secret are enough, and several links asked for in one
// browser all stay bound to it.

const context = new AsyncLocalStorage<{ browserValue: string }>();

/** The cookie with this browser's value; "__Host-" (Secure, whole site only) when the site is served over https. */
export function signInBindingCookieName(): string {
  return `${env().APP_URL.startsWith("https://") ? "__Host-" : ""}signin-binding`;
}

const BROWSER_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** This browser's value from its cookie, if it holds a well-formed one; otherwise a fresh one. */
export function browserValueFrom(cookie: string | undefined): { value: string; fresh: boolean } {
  if (cookie && BROWSER_VALUE.test(cookie)) return { value: cookie, fresh: false };
  return { value: randomBytes(32).toString("base64url"), fresh: true };
}

/** The Set-Cookie header that (re)stores the value for as long as a link lives. */
export function signInBindingCookie(value: string): string {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${signInBindingCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SIGN_IN_LINK_MAX_AGE_SECONDS}${secure}`;
}

/** Runs Auth.js's sign-in request with this browser's value, so the token it makes is bound to it. */
export function withBrowserValue<T>(browserValue: string, fn: () => Promise<T>): Promise<T> {
  return context.run({ browserValue }, fn);
}

function mac(secret: string, browserValue: string, random: string): string {
  return createHmac("sha256", secret).update(`signin-binding:${browserValue}:${random}`).digest("base64url");
}

/**
 * The email provider's generateVerificationToken: a bound token when Auth.js runs inside
 * withBrowserValue (every link asked for through /api/auth/signin/email), else a plain random one,
 * which no browser holds the value for, so it always gets the explicit confirmation.
 */
export function generateBoundToken(secret: string): string {
  const random = randomBytes(32).toString("base64url");
  const browserValue = context.getStore()?.browserValue;
  return browserValue ? `${random}.${mac(secret, browserValue, random)}` : random;
}

/** Whether `token` was made for the browser whose cookie holds `cookie`. */
export function isTokenBoundTo(secret: string, token: string, cookie: string | undefined): boolean {
  if (!cookie || !BROWSER_VALUE.test(cookie)) return false;
  const [random, presented, ...rest] = token.split(".");
  if (!random || !presented || rest.length > 0) return false;
  const expected = Buffer.from(mac(secret, cookie, random));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

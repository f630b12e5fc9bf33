import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { verificationTokens } from "@/db/schema";
import { env } from "@/lib/config/env";
import { authSecret } from "./auth-secret";
import { registryLinkParams, type RegistryLinkPurpose } from "./registry-link";
import { signInConfirmUrl } from "./send-sign-in-email";

/**
 * How long a sign-in link inside an approval or invitation email works. Longer than a link someone
 * asks for on /signin (30 minutes): these emails are not awaited, and may be read the next day. After
 * that, the email says to sign in on /signin with the same address, which works just as well.
 */
export const EMAILED_SIGN_IN_LINK_MAX_AGE_SECONDS = 24 * 3600;

/**
 * A one-time sign-in link for `email` that lands on `returnPath`, made the way Auth.js makes the links
 * it emails (the same verification_tokens row, the token stored as Auth.js hashes it), so Auth.js's
 * own email callback uses it up: single use, expiring. The link opens /signin/confirm, which changes
 * nothing (mail scanners), and since no browser asked for it, that page names the account and asks
 * before signing in (login CSRF, sign-in-binding.ts); with `purpose` (registry-link.ts) it asks calmly. Written in the caller's transaction, with the
 * email that carries it. Without AUTH_SECRET (sign-in is off) it is the plain sign-in page instead.
 */
export async function createSignInLink(
  tx: Db,
  params: { email: string; returnPath: string; maxAgeSeconds?: number; purpose?: RegistryLinkPurpose },
): Promise<{ url: string; expires: Date | null }> {
  const appUrl = env().APP_URL;
  const secret = authSecret();
  if (!secret) return { url: `${appUrl}/signin?${new URLSearchParams({ callbackUrl: params.returnPath })}`, expires: null };
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + (params.maxAgeSeconds ?? EMAILED_SIGN_IN_LINK_MAX_AGE_SECONDS) * 1000);
  await tx.insert(verificationTokens).values({
    identifier: params.email,
    // next-auth v4's hashToken: sha256 of the token followed by the secret.
    token: createHash("sha256").update(`${token}${secret}`).digest("hex"),
    expires,
  });
  const origin = new URL(appUrl).origin;
  const callback = new URL("/api/auth/callback/email", origin);
  callback.searchParams.set("callbackUrl", `${origin}${params.returnPath}`);
  callback.searchParams.set("token", token);
  callback.searchParams.set("email", params.email);
  // Says, signed, why the registry sent it: the confirm page then names what it opens, calmly.
  if (params.purpose) for (const [key, value] of Object.entries(registryLinkParams(secret, token, params.purpose))) callback.searchParams.set(key, value);
  return { url: signInConfirmUrl(callback.toString()), expires };
}

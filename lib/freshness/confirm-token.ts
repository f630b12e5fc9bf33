import { randomBytes } from "node:crypto";
import { hashVerificationToken } from "@/lib/tokens/verification-token";
import { CONFIRM_TOKEN_TTL_DAYS } from "./freshness-fields";

const DAY_MS = 86_400_000;

/**
 * A one-time confirm link's secret: 256 random bits, base64url, as the verification tokens
 * (lib/tokens/verification-token.ts, whose hash and shape check it shares). Only the hash is stored.
 */
export function newConfirmToken(now: Date): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashVerificationToken(token), expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_DAYS * DAY_MS) };
}

/** The address the emails carry; the page shows what it confirms and changes nothing until its button. */
export function confirmLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/listing/confirm?token=${token}`;
}

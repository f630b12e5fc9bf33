import { createHash, randomBytes } from "node:crypto";
import { VERIFICATION_TTL_HOURS } from "./verification-rules";

// 256 random bits, base64url (43 characters). Only the SHA-256 is stored.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export { VERIFICATION_TTL_HOURS };

export function createVerificationToken(): { token: string; hash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    hash: hashVerificationToken(token),
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_HOURS * 3600 * 1000),
  };
}

export function hashVerificationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

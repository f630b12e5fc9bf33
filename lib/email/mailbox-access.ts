import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/config/env";

/** Where a request presents MAILBOX_SECRET: this header (scripts, tests) or this query parameter (a browser). */
export const MAILBOX_SECRET_HEADER = "x-mailbox-secret";
export const MAILBOX_SECRET_PARAM = "secret";

/**
 * Whether the local mailbox (GET /api/dev/mailbox, /dev/mailbox) may be read by a request that
 * presented `secret` (or nothing). It holds sign-in links, so reading it is signing in as anyone:
 * - only while the mailbox transport is active;
 * - when MAILBOX_SECRET is set, only with that secret;
 * - in a production build, never without MAILBOX_SECRET (the transport may still keep emails there).
 * Outside production without a secret it is open, as the contract wants for development.
 * Everyone else finds no mailbox at all (404).
 */
export function canReadMailbox(secret: string | null | undefined): boolean {
  const e = env();
  if (e.emailTransport !== "mailbox") return false;
  if (e.MAILBOX_SECRET) return typeof secret === "string" && sameSecret(secret, e.MAILBOX_SECRET);
  return e.NODE_ENV !== "production";
}

/** The secret a request presented: the header first, else the query parameter. */
export function presentedMailboxSecret(headers: Headers, query: URLSearchParams | Record<string, unknown>): string | null {
  const header = headers.get(MAILBOX_SECRET_HEADER);
  if (header) return header;
  const value = query instanceof URLSearchParams ? query.get(MAILBOX_SECRET_PARAM) : query[MAILBOX_SECRET_PARAM];
  return typeof value === "string" && value ? value : null;
}

// Compared as digests of equal length, in constant time, so timing tells nothing about the secret.
function sameSecret(presented: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

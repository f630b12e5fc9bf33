import { env } from "@/lib/config/env";

// Development and tests sign sessions with a fixed secret so a fresh checkout works; production must set AUTH_SECRET.
const DEVELOPMENT_SECRET = "provider-registry-development-secret-not-for-production";

/**
 * The secret Auth.js signs and hashes with. Its own module, without "server-only": the CLI (plain
 * Node) approves applications and invites members, and those emails carry sign-in links made with it.
 */
export function authSecret(): string | undefined {
  const e = env();
  return e.AUTH_SECRET ?? (e.NODE_ENV === "production" ? undefined : DEVELOPMENT_SECRET);
}

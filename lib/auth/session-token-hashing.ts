import { createHash } from "node:crypto";
import type { Adapter, AdapterSession } from "next-auth/adapters";

/** Session cookies are bearer secrets: the database keeps only their SHA-256, like API keys. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/**
 * Wraps an Auth.js adapter so that session tokens are stored hashed. A dump of the sessions table
 * then cannot be replayed as cookies. Everything else passes through unchanged.
 */
export function withHashedSessionTokens(adapter: Adapter): Adapter {
  const restore = <S extends AdapterSession | null | undefined>(session: S, token: string): S =>
    session ? { ...session, sessionToken: token } : session;
  return {
    ...adapter,
    async createSession(session) {
      const created = await adapter.createSession!({ ...session, sessionToken: hashSessionToken(session.sessionToken) });
      return restore(created, session.sessionToken);
    },
    async getSessionAndUser(sessionToken) {
      const found = await adapter.getSessionAndUser!(hashSessionToken(sessionToken));
      return found ? { ...found, session: restore(found.session, sessionToken) } : null;
    },
    async updateSession(session) {
      const updated = await adapter.updateSession!({ ...session, sessionToken: hashSessionToken(session.sessionToken) });
      return restore(updated, session.sessionToken);
    },
    async deleteSession(sessionToken) {
      await adapter.deleteSession!(hashSessionToken(sessionToken));
    },
  };
}

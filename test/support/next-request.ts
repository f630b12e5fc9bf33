import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { sessions } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-token-hashing";

// A stand-in for next/headers, so server actions and pages' auth helpers run in vitest against a real
// database and a real Auth.js session. In a test file:
//   vi.mock("next/headers", () => import("@/test/support/next-request"));
// then `await signInAs(db, userId)` (or `setRequest({})` for an anonymous caller).

const state = {
  headers: new Headers(),
  cookies: new Map<string, string>(),
};

/** Replaces the current fake request: its headers and cookies. */
export function setRequest(params: { headers?: Record<string, string>; cookies?: Record<string, string> }): void {
  state.headers = new Headers(params.headers ?? {});
  state.cookies = new Map(Object.entries(params.cookies ?? {}));
}

/** Creates a database session for the user (stored hashed, as Auth.js does here) and makes it the request's cookie. */
export async function signInAs(
  db: Db,
  userId: string,
  extra: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
): Promise<string> {
  const token = randomBytes(32).toString("hex");
  await db.insert(sessions).values({
    sessionToken: hashSessionToken(token),
    userId,
    expires: new Date(Date.now() + 3600_000),
  });
  setRequest({ headers: extra.headers, cookies: { "next-auth.session-token": token, ...extra.cookies } });
  return token;
}

export async function headers(): Promise<Headers> {
  const h = new Headers(state.headers);
  const cookie = [...state.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (cookie) h.set("cookie", cookie);
  return h;
}

export async function cookies() {
  return {
    get: (name: string) => (state.cookies.has(name) ? { name, value: state.cookies.get(name)! } : undefined),
    getAll: () => [...state.cookies].map(([name, value]) => ({ name, value })),
    has: (name: string) => state.cookies.has(name),
    set: (name: string, value: string) => void state.cookies.set(name, value),
    delete: (name: string) => void state.cookies.delete(name),
  };
}

export async function draftMode() {
  return { isEnabled: false, enable() {}, disable() {} };
}

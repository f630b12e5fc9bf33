import type { Db } from "@/db/client";
import type { ActionAuth } from "@/lib/actions/define-action";
import type { ErrorCode } from "@/lib/errors";
import { PRINCIPALS, type Principal, type World } from "./authorization-world";

// The shape of an action case and the expected-outcome builders shared by the action registries.

export type Outcome = "ok" | ErrorCode;
type AnyAction = (input: never) => Promise<unknown>;

export interface ActionCase {
  name: string;
  /** The file the action lives in, for the report. */
  file: string;
  auth: ActionAuth;
  /** Makes a fresh target (a key to revoke, a token to confirm) and answers the call to make. */
  prepare: (db: Db, world: World) => Promise<() => Promise<unknown>>;
  expected: Record<Principal, Outcome>;
  /** Puts the world back after a call that changes who belongs where (leaving a team). */
  cleanup?: (db: Db, world: World) => Promise<void>;
}

export const SIGNED_OUT: Principal[] = ["anonymous", "malformed key", "bad checksum", "revoked key", "expired key"];

export function signedOut(rest: Omit<Record<Principal, Outcome>, (typeof SIGNED_OUT)[number]>): Record<Principal, Outcome> {
  const out = { ...rest } as Record<Principal, Outcome>;
  for (const p of SIGNED_OUT) out[p] = "UNAUTHENTICATED";
  return out;
}

/** studio-write: A's OWNER/ADMIN act, its MEMBER may not, B's owner acts on B, a platform admin with no provider is refused. */
export function studioWrite(roles: { "other provider": Outcome; MEMBER: Outcome; ADMIN: Outcome; OWNER: Outcome }) {
  return signedOut({ ...roles, "platform admin": "FORBIDDEN" });
}

/** admin: every non-admin is told the action does not exist. */
export function adminOnly(): Record<Principal, Outcome> {
  return signedOutAs("NOT_FOUND", { "platform admin": "ok" });
}

export function signedOutAs(code: Outcome, rest: Partial<Record<Principal, Outcome>>): Record<Principal, Outcome> {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, rest[p] ?? code])) as Record<Principal, Outcome>;
}

export const everyone = (outcome: Outcome) => signedOutAs(outcome, {});
export const call = <A extends AnyAction>(action: A, input: unknown) => action(input as never);


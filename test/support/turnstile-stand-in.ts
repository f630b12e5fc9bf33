import { startStubServer } from "./stub-server";

/** Stands for a field the answer leaves out. */
const ABSENT = "(absent)";

/**
 * A siteverify stand-in (TURNSTILE_VERIFY_URL) whose answer each token spells out: a token made by
 * `solvedToken({ hostname, action })` succeeds with that hostname and action (null leaves the field
 * out, as an answer without it would); any other token fails.
 */
export async function startTurnstileStandIn() {
  const stub = await startStubServer((req) => {
    const [verdict, hostname, action] = (new URLSearchParams(req.body).get("response") ?? "").split("|");
    if (verdict !== "solved") return { status: 200, json: { success: false, "error-codes": ["invalid-input-response"] } };
    return {
      status: 200,
      json: {
        success: true,
        "error-codes": [],
        challenge_ts: new Date().toISOString(),
        ...(hostname === ABSENT ? {} : { hostname }),
        ...(action === ABSENT ? {} : { action }),
      },
    };
  });
  return stub;
}

/** A token the stand-in accepts as solved on `hostname` by a widget that declared `action`. */
export function solvedToken(solved: { hostname: string | null; action: string | null }): string {
  return `solved|${solved.hostname ?? ABSENT}|${solved.action ?? ABSENT}`;
}

import { NextResponse } from "next/server";
import { readFormBody } from "@/lib/http/request";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";

// The target of a button on a page whose address carries a one-time token (verify an application,
// resend its link, confirm an inquiry), when the browser runs no JavaScript. Those pages are
// no-referrer (the token must not leak), so a script-less form post arrives with `Origin: null`,
// which Next.js refuses for server actions: a plain POST endpoint runs the same action instead. Each
// needs the secret token, so a cross-site post can do no harm. The form holds one token: a body over
// VERIFY_FORM_LIMIT_BYTES is refused with 413 before more of it is read. The answer is a 303 to an
// outcome page whose address carries no token.

/** What a server action answers (lib/actions/define-action.ts), as far as this route reads it. */
type Outcome<T> = { ok: true; data: T } | { ok: false; code: string };

/**
 * A POST handler that reads the form, runs `action` on it and redirects to `outcomePath?result=<kind>`,
 * `kind` being what `outcome` makes of the action's result ("retry" when nothing more precise fits).
 */
export function tokenFormRoute<T, Kind extends string>(options: {
  action: (form: FormData) => Promise<Outcome<T> | null>;
  outcome: (result: Outcome<T> | null) => Kind | "retry";
  outcomePath: string;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    let form: FormData;
    try {
      form = await readFormBody(request, VERIFY_FORM_LIMIT_BYTES);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return new Response(`${error.message}\n`, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    const kind = options.outcome(await options.action(form));
    return NextResponse.redirect(new URL(`${options.outcomePath}?result=${kind}`, env().APP_URL), 303);
  };
}

/** The outcome of a refused token, shared by every such form: expired, or not a token we know. */
export function tokenRefusal(result: { ok: false; code: string } | null): "expired" | "invalid" | "retry" {
  if (result?.code === "TOKEN_EXPIRED") return "expired";
  if (result?.code === "TOKEN_INVALID" || result?.code === "VALIDATION_FAILED") return "invalid";
  return "retry";
}

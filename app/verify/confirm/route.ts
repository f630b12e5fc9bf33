import { NextResponse } from "next/server";
import type { VerifyOutcomeKind } from "@/components/verify/verify-outcome";
import { readFormBody } from "@/lib/api/request";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";
import { confirmEmail } from "@/lib/actions/verify/confirm-email";

/**
 * The confirm button's target when the browser runs no JavaScript. The verify page is no-referrer
 * (its address carries the token), so a script-less form post arrives with `Origin: null`, which
 * Next.js refuses for server actions. This plain POST endpoint runs the same action and answers with a
 * 303 to the outcome page, whose address carries no token. Confirming is idempotent and needs the
 * secret token, so a cross-site post can do no harm. The form holds one token: a body over
 * VERIFY_FORM_LIMIT_BYTES is refused with 413 before more of it is read.
 */
export async function POST(request: Request): Promise<Response> {
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
  const result = await confirmEmail(null, form);
  let kind: VerifyOutcomeKind | "retry";
  if (result?.ok) kind = result.data.status === "IN_REVIEW" ? "in-review" : "decided";
  else if (result?.code === "TOKEN_EXPIRED") kind = "expired";
  else if (result?.code === "TOKEN_INVALID" || result?.code === "VALIDATION_FAILED") kind = "invalid";
  else kind = "retry";
  return NextResponse.redirect(new URL(`/verify/outcome?result=${kind}`, env().APP_URL), 303);
}

import { NextResponse } from "next/server";
import type { VerifyOutcomeKind } from "@/components/verify/verify-outcome";
import { readFormBody } from "@/lib/api/request";
import { resendVerificationAction } from "@/lib/actions/verify/resend-verification";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";

/**
 * "Send me a new link": a plain form post, so it works with or without JavaScript and from the
 * no-referrer verify page (see ../confirm/route.ts for why that is not a server action). It needs the
 * expired token, so a cross-site post can do no harm; it answers with a 303 to the outcome page.
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
  const result = await resendVerificationAction(form);
  let kind: VerifyOutcomeKind | "retry";
  if (result.ok) kind = "resent";
  else if (result.code === "RATE_LIMITED") kind = "resend-limited";
  else if (result.code === "CONFLICT") kind = "decided";
  else if (result.code === "TOKEN_INVALID" || result.code === "VALIDATION_FAILED") kind = "invalid";
  else kind = "retry";
  return NextResponse.redirect(new URL(`/verify/outcome?result=${kind}`, env().APP_URL), 303);
}

import { NextResponse } from "next/server";
import type { ConfirmOutcomeKind } from "@/components/inquiries/confirm-outcome";
import { confirmInquiry } from "@/lib/actions/inquiries/confirm-inquiry";
import { readFormBody } from "@/lib/api/request";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { VERIFY_FORM_LIMIT_BYTES } from "@/lib/http/body-limits";

/**
 * The confirm button's target when the browser runs no JavaScript (see app/verify/confirm/route.ts for
 * why a plain POST endpoint: the no-referrer page posts with `Origin: null`). Runs the same action and
 * answers 303 to the outcome page, whose address carries no token.
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
  const result = await confirmInquiry(null, form);
  let kind: ConfirmOutcomeKind | "retry";
  if (result?.ok) kind = "delivered";
  else if (result?.code === "TOKEN_EXPIRED") kind = "expired";
  else if (result?.code === "TOKEN_INVALID" || result?.code === "VALIDATION_FAILED") kind = "invalid";
  else if (result?.code === "NOT_FOUND") kind = "unlisted";
  else kind = "retry";
  return NextResponse.redirect(new URL(`/inquiries/confirm/outcome?result=${kind}`, env().APP_URL), 303);
}

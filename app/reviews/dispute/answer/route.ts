import { NextResponse } from "next/server";
import { answerDisputeAction } from "@/lib/actions/reviews/answer-dispute";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { readFormBody } from "@/lib/http/request";

/** The answer form's target: the token plus up to 2000 characters (each up to 4 bytes, form-encoded). */
const ANSWER_FORM_LIMIT_BYTES = 32 * 1024;

/**
 * The reviewer's answer, posted by a plain form (no JavaScript needed; the page is no-referrer, so the
 * post arrives with `Origin: null`, which server actions refuse). The token is the credential. Answers
 * 303 to an outcome page whose address holds no token.
 */
export async function POST(request: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await readFormBody(request, ANSWER_FORM_LIMIT_BYTES);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return new Response(`${error.message}\n`, { status: error.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const result = await answerDisputeAction(form);
  const kind = result.ok
    ? "saved"
    : result.code === "CONFLICT"
      ? "closed"
      : result.code === "TOKEN_INVALID"
        ? "invalid"
        : result.code === "VALIDATION_FAILED"
          ? "too-long"
          : "retry";
  return NextResponse.redirect(new URL(`/reviews/dispute/outcome?result=${kind}`, env().APP_URL), 303);
}

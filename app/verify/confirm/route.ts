import { NextResponse } from "next/server";
import type { VerifyOutcomeKind } from "@/components/verify/verify-outcome";
import { env } from "@/lib/env";
import { confirmEmail } from "../actions";

/**
 * The confirm button's target when the browser runs no JavaScript. The verify page is no-referrer
 * (its address carries the token), so a script-less form post arrives with `Origin: null`, which
 * Next.js refuses for server actions. This plain POST endpoint runs the same action and answers with a
 * 303 to the outcome page, whose address carries no token. Confirming is idempotent and needs the
 * secret token, so a cross-site post can do no harm.
 */
export async function POST(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const result = await confirmEmail(null, form);
  let kind: VerifyOutcomeKind | "retry";
  if (result?.ok) kind = result.data.status === "IN_REVIEW" ? "in-review" : "decided";
  else if (result?.code === "TOKEN_EXPIRED") kind = "expired";
  else if (result?.code === "TOKEN_INVALID" || result?.code === "VALIDATION_FAILED") kind = "invalid";
  else kind = "retry";
  return NextResponse.redirect(new URL(`/verify/outcome?result=${kind}`, env().APP_URL), 303);
}

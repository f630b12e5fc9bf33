import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { problemResponse } from "@/lib/http/problem";
import { readBodyBytes, requestIdFor } from "@/lib/http/request";
import { methodsNotAllowed } from "@/lib/route-wrappers/api-route";
import { ACKNOWLEDGE_FIELD, decideEmailCallback } from "@/lib/auth/email-callback-guard";
import { authSecret, getAuthOptions } from "@/lib/auth/options";
import { safeReturnPath } from "@/lib/auth/return-path";
import {
  browserValueFrom,
  signInBindingCookie,
  signInBindingCookieName,
  withBrowserValue,
} from "@/lib/auth/sign-in-binding";
import { withSignInRequest } from "@/lib/auth/sign-in-request";
import { env } from "@/lib/config/env";
import { AppError } from "@/lib/errors";
import { AUTH_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { clientIpFor } from "@/lib/http/client-ip";

type Context = { params: Promise<{ nextauth: string[] }> };

const runAuthJs = (request: Request, context: Context) =>
  getAuthOptions().then((options) =>
    (NextAuth as unknown as (req: Request, ctx: unknown, opts: unknown) => Promise<Response>)(request, context, options),
  );

// Auth.js (next-auth v4) serves sign-in, the email callback, sign-out, the CSRF token and the session
// here. Every request first gets a bounded body and a return address of this site; two steps then go
// through our login-CSRF checks (lib/auth/sign-in-binding.ts): asking for a link binds it to this
// browser, and using one needs that browser or an explicit confirmation.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const secret = authSecret();
  if (!secret) {
    return problemResponse(
      new AppError("SERVICE_UNAVAILABLE", "Sign-in is not configured on this server (AUTH_SECRET is not set)."),
      randomUUID(),
    );
  }
  // Auth.js answers 500 to a callbackUrl query parameter it cannot parse as a URL: it gets the
  // address our one rule (return-path.ts) makes of it, which Auth.js's redirect callback checks again.
  const url = new URL(request.url);
  const callbackUrl = url.searchParams.get("callbackUrl");
  if (callbackUrl !== null) {
    const appUrl = env().APP_URL;
    url.searchParams.set("callbackUrl", `${new URL(appUrl).origin}${safeReturnPath(callbackUrl, appUrl)}`);
  }
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (request.method === "POST") {
    // Auth.js reads the whole body with no limit of its own: read it here, within the limit (413
    // before anything is read when Content-Length says too much), and hand Auth.js that copy.
    try {
      body = new Uint8Array(await readBodyBytes(request, AUTH_BODY_LIMIT_BYTES));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return problemResponse(error, requestIdFor(request));
    }
  }
  const forwarded = new NextRequest(url, { method: request.method, headers: request.headers, body });

  const action = ((await context.params).nextauth ?? []).join("/");
  const bindingCookie = request.cookies.get(signInBindingCookieName())?.value;

  if (action === "callback/email") {
    const decision = decideEmailCallback({
      method: request.method,
      url,
      headers: request.headers,
      bindingCookie,
      acknowledged: request.method === "POST" ? acknowledgement(request.headers, body) : null,
      appOrigin: new URL(env().APP_URL).origin,
      secret,
    });
    if (decision.kind === "confirm") {
      return new Response(null, { status: 303, headers: { Location: new URL(decision.location, env().APP_URL).toString() } });
    }
    if (decision.kind === "refuse") return problemResponse(new AppError("FORBIDDEN", decision.detail), randomUUID());
  }

  if (action === "signin/email" && request.method === "POST") {
    const browser = browserValueFrom(bindingCookie);
    // Who asks and the form's CAPTCHA token, for the email provider (lib/auth/sign-in-request.ts).
    const requester = { clientIp: clientIpFor(request), turnstileToken: formField(request.headers, body, TURNSTILE_FIELD) };
    const response = await withSignInRequest(requester, () =>
      withBrowserValue(browser.value, () => runAuthJs(forwarded, context)),
    );
    response.headers.append("Set-Cookie", signInBindingCookie(browser.value));
    return response;
  }
  return runAuthJs(forwarded, context);
}

/** The sign-in form's Turnstile token travels as a form field beside the email (signIn's options). */
const TURNSTILE_FIELD = "turnstileToken";

/** The confirm page's `acknowledge` field, read from the bounded copy of the body. */
function acknowledgement(headers: Headers, body: Uint8Array<ArrayBuffer> | undefined): string | null {
  return formField(headers, body, ACKNOWLEDGE_FIELD) ?? null;
}

/** One field of a url-encoded form, read from the bounded copy of the body. */
function formField(headers: Headers, body: Uint8Array<ArrayBuffer> | undefined, name: string): string | undefined {
  if (!body || !headers.get("content-type")?.includes("application/x-www-form-urlencoded")) return undefined;
  return new URLSearchParams(new TextDecoder().decode(body)).get(name) ?? undefined;
}

export { handler as GET, handler as POST };
// Without these, Next.js answers other methods with a bare 405 instead of the API's problem+json.
export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);

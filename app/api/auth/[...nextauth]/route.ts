import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authSecret, getAuthOptions } from "@/lib/auth/options";
import { randomUUID } from "node:crypto";
import { problemResponse } from "@/lib/api/problem";
import { ACKNOWLEDGE_FIELD, decideEmailCallback } from "@/lib/auth/email-callback-guard";
import {
  browserValueFrom,
  signInBindingCookie,
  signInBindingCookieName,
  withBrowserValue,
} from "@/lib/auth/sign-in-binding";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

type Context = { params: Promise<{ nextauth: string[] }> };

const runAuthJs = (request: Request, context: Context) =>
  getAuthOptions().then((options) =>
    (NextAuth as unknown as (req: Request, ctx: unknown, opts: unknown) => Promise<Response>)(request, context, options),
  );

// Auth.js (next-auth v4) serves sign-in, the email callback, sign-out, the CSRF token and the session
// here. Two steps go through our checks first (login CSRF, lib/auth/sign-in-binding.ts): asking for a
// link binds it to this browser, and using one needs that browser or an explicit confirmation.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const secret = authSecret();
  if (!secret) {
    return problemResponse(
      new AppError("SERVICE_UNAVAILABLE", "Sign-in is not configured on this server (AUTH_SECRET is not set)."),
      randomUUID(),
    );
  }
  const action = ((await context.params).nextauth ?? []).join("/");
  const bindingCookie = request.cookies.get(signInBindingCookieName())?.value;

  if (action === "callback/email") {
    const decision = decideEmailCallback({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      bindingCookie,
      acknowledged: request.method === "POST" ? await acknowledgement(request) : null,
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
    const response = await withBrowserValue(browser.value, () => runAuthJs(request, context));
    response.headers.append("Set-Cookie", signInBindingCookie(browser.value));
    return response;
  }
  return runAuthJs(request, context);
}

/** The confirm page's `acknowledge` field, read from a copy so Auth.js can still read the body. */
async function acknowledgement(request: Request): Promise<string | null> {
  if (!request.headers.get("content-type")?.includes("application/x-www-form-urlencoded")) return null;
  const value = new URLSearchParams(await request.clone().text()).get(ACKNOWLEDGE_FIELD);
  return value;
}

export { handler as GET, handler as POST };

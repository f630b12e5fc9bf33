import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { problemResponse } from "@/lib/api/problem";
import { readBodyBytes, requestIdFor } from "@/lib/api/request";
import { methodsNotAllowed } from "@/lib/api/route";
import { authSecret, getAuthOptions } from "@/lib/auth/options";
import { safeReturnPath } from "@/lib/auth/return-path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { AUTH_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";

type Context = { params: Promise<{ nextauth: string[] }> };

// Auth.js (next-auth v4) serves sign-in, the email callback, sign-out, the CSRF token and the session here.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  if (!authSecret()) {
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
  let body: BodyInit | undefined;
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
  const options = await getAuthOptions();
  return (NextAuth as unknown as (req: Request, ctx: unknown, opts: unknown) => Promise<Response>)(forwarded, context, options);
}

export { handler as GET, handler as POST };
// Without these, Next.js answers other methods with a bare 405 instead of the API's problem+json.
export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);

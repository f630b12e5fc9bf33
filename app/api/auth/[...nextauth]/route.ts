import NextAuth from "next-auth";
import { authSecret, getAuthOptions } from "@/lib/auth/options";
import { randomUUID } from "node:crypto";
import { problemResponse } from "@/lib/api/problem";
import { AppError } from "@/lib/errors";

// Auth.js (next-auth v4) serves sign-in, the email callback, sign-out, the CSRF token and the session here.
async function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  if (!authSecret()) {
    return problemResponse(
      new AppError("SERVICE_UNAVAILABLE", "Sign-in is not configured on this server (AUTH_SECRET is not set)."),
      randomUUID(),
    );
  }
  const options = await getAuthOptions();
  return (NextAuth as unknown as (req: Request, ctx: unknown, opts: unknown) => Promise<Response>)(request, context, options);
}

export { handler as GET, handler as POST };

import "server-only";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import type { AuthOptions } from "next-auth";
import type { Adapter } from "next-auth/adapters";
import type { EmailConfig } from "next-auth/providers/email";
import { databaseReady } from "@/db";
import type { Db } from "@/db/client";
import { accounts, sessions, users, verificationTokens } from "@/db/schema";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { emailSchema } from "@/lib/validation/primitives";
import { authSecret } from "./auth-secret";
import { safeReturnPath } from "./return-path";
import { sendSignInEmail } from "./send-sign-in-email";
import { currentSignInRequest } from "./sign-in-request";
import { generateBoundToken } from "./sign-in-binding";
import { SIGN_IN_LINK_MAX_AGE_SECONDS } from "./sign-in-link";
import { withHashedSessionTokens } from "./session-token-hashing";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;
export { SIGN_IN_LINK_MAX_AGE_SECONDS } from "./sign-in-link";

export { authSecret } from "./auth-secret";

let cached: { db: Db; options: AuthOptions } | undefined;

/**
 * The next-auth (v4) configuration: passwordless email links sent through our outbox, sessions kept
 * in the database (tokens hashed), our own pages for every step. Built after the database is ready.
 */
export async function getAuthOptions(): Promise<AuthOptions> {
  const db = await databaseReady();
  if (cached?.db === db) return cached.options;
  const e = env();
  // next-auth v4 reads its public origin from NEXTAUTH_URL; ours is APP_URL, validated once.
  process.env.NEXTAUTH_URL = e.APP_URL;

  const emailProvider: EmailConfig = {
    id: "email",
    type: "email",
    name: "Email",
    server: {},
    from: e.EMAIL_FROM,
    maxAge: SIGN_IN_LINK_MAX_AGE_SECONDS,
    options: {},
    // Bound to the browser that asks for the link (sign-in-binding.ts): login CSRF protection.
    generateVerificationToken: () => generateBoundToken(authSecret()!),
    normalizeIdentifier(identifier) {
      const parsed = emailSchema.safeParse(identifier);
      if (!parsed.success) throw new Error("The email address is not valid.");
      return parsed.data;
    },
    async sendVerificationRequest({ identifier, url, expires }) {
      const { clientIp, turnstileToken } = currentSignInRequest();
      await sendSignInEmail(db, { email: identifier, callbackUrl: url, expires, clientIp, turnstileToken });
      kickEmailDispatcher();
    },
  };

  const adapter = DrizzleAdapter(db, {
    usersTable: users,
    accountsTable: accounts,
    sessionsTable: sessions,
    verificationTokensTable: verificationTokens,
  }) as unknown as Adapter;

  const options: AuthOptions = {
    adapter: withHashedSessionTokens(adapter),
    providers: [emailProvider],
    secret: authSecret(),
    // updateAge = maxAge: a session is never extended by activity; its expiry is fixed at sign-in
    // (docs/decisions/studio-sign-in.md, "Sessions"). Pages read sessions from the database, not through next-auth.
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin/error", signOut: "/signout" },
    callbacks: {
      session({ session, user }) {
        return { ...session, user: { ...session.user, id: user.id } };
      },
      // Only same-origin destinations after sign-in: a crafted callbackUrl must not send people
      // elsewhere, nor put a character into Location that fails the response (see return-path.ts).
      redirect({ url, baseUrl }) {
        return `${baseUrl}${safeReturnPath(url, baseUrl)}`;
      },
    },
    logger: {
      // Auth.js passes the error itself (`{ error, providerId }`): the log says which case refused a
      // sign-in link (RATE_LIMITED, CAPTCHA_FAILED…), which the requester is never told.
      error: (code, metadata) => {
        const m = metadata as { message?: string; error?: { message?: string; code?: string } } | undefined;
        log.warn("auth.error", { code, reason: m?.error?.code ?? null, metadata: String(m?.message ?? m?.error?.message ?? "") });
      },
      warn: (code) => log.warn("auth.warn", { code }),
      debug: () => {},
    },
  };
  cached = { db, options };
  return options;
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getCurrentUser } from "@/lib/auth/current-user";
import { safeReturnPath } from "@/lib/auth/return-path";
import { env } from "@/lib/config/env";

export const metadata: Metadata = { title: "Sign in", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const { callbackUrl } = await searchParams;
  const returnTo = safeReturnPath(callbackUrl, env().APP_URL);
  if (await getCurrentUser()) redirect(returnTo);
  return (
    <>
      <h1>Sign in to the studio</h1>
      <p className="lede">
        Provider staff manage their team, listing and API keys here. There is no password: we email you a link.
        New here? Signing in creates your account, so a provider can invite you.
      </p>
      {/* The Turnstile site key is configuration of the running server, read per request. */}
      <SignInForm callbackUrl={returnTo} siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null} />
    </>
  );
}

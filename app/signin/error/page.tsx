import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Sign-in problem", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const MESSAGES: Record<string, string> = {
  Verification: "This sign-in link has expired or was already used. Links work once: for 30 minutes when you ask for one here, for 24 hours in an approval or invitation email. Ask for a new one with the same address.",
  EmailSignin: "We could not send a sign-in link. If you asked for several in the last hour, wait a little and try again.",
  AccessDenied: "You may not sign in with this address.",
  Configuration: "Sign-in is not available on this server right now.",
};

export default async function SignInErrorPage({ searchParams }: { searchParams: SearchParams }) {
  const { error } = await searchParams;
  const message = (typeof error === "string" && MESSAGES[error]) || "Something went wrong while signing you in.";
  return (
    <>
      <h1>We could not sign you in</h1>
      <p className="lede" role="alert">
        {message}
      </p>
      <p>
        <Link href="/signin">Ask for a new sign-in link</Link>
      </p>
    </>
  );
}

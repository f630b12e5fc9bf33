import type { Metadata } from "next";
import Link from "next/link";
import { SIGN_IN_LINK_MAX_AGE_SECONDS } from "@/lib/auth/options";

export const metadata: Metadata = { title: "Check your email", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CheckEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { email } = await searchParams;
  return (
    <>
      <h1>Check your email</h1>
      <p className="lede" role="status">
        We sent a sign-in link to {typeof email === "string" && email ? <strong>{email}</strong> : "your address"}. It
        works once and expires in {SIGN_IN_LINK_MAX_AGE_SECONDS / 60} minutes.
      </p>
      <p>
        No email after a few minutes? Check your spam folder, or <Link href="/signin">ask for a new link</Link>.
      </p>
    </>
  );
}

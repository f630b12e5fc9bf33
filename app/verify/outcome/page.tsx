import type { Metadata } from "next";
import Link from "next/link";
import { VerifyOutcome, type VerifyOutcomeKind } from "@/components/verify/verify-outcome";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const KINDS: VerifyOutcomeKind[] = ["in-review", "decided", "expired", "invalid", "resent", "resend-limited"];

/** Where the script-less confirm post (app/verify/confirm/route.ts) lands. */
export default async function VerifyOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const { result } = await searchParams;
  const kind = KINDS.find((k) => k === result);
  if (kind) return <VerifyOutcome kind={kind} />;
  return (
    <section aria-labelledby="verify-retry-heading">
      <h1 id="verify-retry-heading">Your email is not confirmed yet</h1>
      <p className="lede" role="alert">
        We could not confirm it just now. Open the link from the email again and press the button in a minute.
      </p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}

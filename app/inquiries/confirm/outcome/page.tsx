import type { Metadata } from "next";
import Link from "next/link";
import { ConfirmOutcome, type ConfirmOutcomeKind } from "@/components/inquiries/confirm-outcome";
import { VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";

export const metadata: Metadata = { title: "Send your message", robots: { index: false, follow: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const KINDS: ConfirmOutcomeKind[] = ["delivered", "expired", "invalid", "unlisted"];

/** Where the script-less confirm post (app/inquiries/confirm/send/route.ts) lands. */
export default async function ConfirmInquiryOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const { result } = await searchParams;
  const kind = KINDS.find((k) => k === result);
  if (kind) return <ConfirmOutcome kind={kind} linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
  return (
    <section aria-labelledby="confirm-retry-heading">
      <h1 id="confirm-retry-heading">Your message is not sent yet</h1>
      <p className="lede" role="alert">
        We could not send it just now. Open the link from the email again and press the button in a minute.
      </p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}

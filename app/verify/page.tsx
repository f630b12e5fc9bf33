import type { Metadata } from "next";
import { VerifyOutcome } from "@/components/verify/verify-outcome";
import { VerifyPanel } from "@/components/verify/verify-panel";
import { databaseReady } from "@/db";
import { verificationLinkState } from "@/lib/applications/resend-verification";
import { isWellFormedToken } from "@/lib/applications/verification-token";

export const metadata: Metadata = {
  title: "Confirm your email",
  description: "Confirm the email address of your Provider Registry application.",
  robots: { index: false, follow: false },
  // The address carries the token: it must not travel to other sites in a Referer header.
  referrer: "no-referrer",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only shows a button: mail scanners open links, so confirming takes the button's POST. */
export default async function VerifyPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : undefined;
  if (!isWellFormedToken(value)) return <VerifyOutcome kind="invalid" />;
  // Read only: an expired link shows its way out ("Send me a new link") at once, not after a button.
  const state = await verificationLinkState(await databaseReady(), { token: value });
  if (state === "expired") return <VerifyOutcome kind="expired" token={value} />;
  return <VerifyPanel token={value} />;
}

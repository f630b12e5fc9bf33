import type { Metadata } from "next";
import { ConfirmOutcome } from "@/components/inquiries/confirm-outcome";
import { ConfirmPanel } from "@/components/inquiries/confirm-panel";
import { isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";

export const metadata: Metadata = {
  title: "Send your message",
  description: "Confirm your email to send your message to a provider.",
  robots: { index: false, follow: false },
  // The address carries the token: it must not travel to other sites in a Referer header (the response
  // header says so too, next.config.ts; this covers a copy saved without its headers).
  referrer: "no-referrer",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only shows a button: mail scanners open links, so delivering takes the button's POST. */
export default async function ConfirmInquiryPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const value = typeof token === "string" ? token : undefined;
  if (!isWellFormedToken(value)) return <ConfirmOutcome kind="invalid" linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
  return <ConfirmPanel token={value} linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
}

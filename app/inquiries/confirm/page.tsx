import { ConfirmOutcome } from "@/components/inquiries/confirm-outcome";
import { ConfirmPanel } from "@/components/inquiries/confirm-panel";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import { databaseReady } from "@/db";
import { inquiryLinkState } from "@/lib/inquiries/inquiry-link-state";
import { isWellFormedToken, VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

export const metadata = tokenPageMetadata({
  title: "Send your message",
  description: "Confirm your email to send your message to a provider.",
});

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** GET only shows a button: mail scanners open links, so delivering takes the button's POST. */
export default async function ConfirmInquiryPage({ searchParams }: { searchParams: SearchParams }) {
  const token = singleParam(await searchParams, "token");
  if (!isWellFormedToken(token)) return <ConfirmOutcome kind="invalid" linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
  // Read only: an expired link shows its way out ("Send me a new link") at once, not after a button.
  if ((await inquiryLinkState(await databaseReady(), { token })) === "expired") {
    return <ConfirmOutcome kind="expired" linkLifetimeHours={VERIFICATION_TTL_HOURS} token={token} />;
  }
  return <ConfirmPanel token={token} linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
}

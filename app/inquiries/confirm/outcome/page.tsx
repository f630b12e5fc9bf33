import { CONFIRM_OUTCOME_KINDS, ConfirmOutcome } from "@/components/inquiries/confirm-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";

export const metadata = outcomePageMetadata("Send your message");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the script-less confirm post (app/inquiries/confirm/send/route.ts) lands. */
export default async function ConfirmInquiryOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, CONFIRM_OUTCOME_KINDS);
  if (kind) return <ConfirmOutcome kind={kind} linkLifetimeHours={VERIFICATION_TTL_HOURS} />;
  return (
    <TokenRetry
      id="confirm-retry-heading"
      title="Your message is not sent yet"
      message="We could not send it just now. Open the link from the email again and press the button in a minute."
    />
  );
}

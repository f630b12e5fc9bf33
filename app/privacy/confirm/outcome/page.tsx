import { PRIVACY_OUTCOME_KINDS, PrivacyConfirmOutcome } from "@/components/privacy/privacy-confirm-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Confirm your privacy request");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the script-less confirm post (app/privacy/confirm/send/route.ts) lands. */
export default async function PrivacyConfirmOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, PRIVACY_OUTCOME_KINDS);
  if (kind) return <PrivacyConfirmOutcome kind={kind} />;
  return (
    <TokenRetry
      id="privacy-retry-heading"
      title="Nothing was done yet"
      message="We could not carry out the request just now. Open the link from the email again and press the button in a minute."
    />
  );
}

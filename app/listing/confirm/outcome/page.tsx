import { CONFIRM_LINK_OUTCOME_KINDS, ConfirmLinkOutcome } from "@/components/freshness/confirm-link-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Confirm your listing");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the script-less confirm post (app/listing/confirm/send/route.ts) lands. */
export default async function ConfirmListingOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, CONFIRM_LINK_OUTCOME_KINDS);
  if (kind) return <ConfirmLinkOutcome kind={kind} />;
  return (
    <TokenRetry
      id="confirm-link-retry-heading"
      title="The details are not confirmed yet"
      message="We could not confirm them just now. Open the link from the email again and press the button in a minute."
    />
  );
}

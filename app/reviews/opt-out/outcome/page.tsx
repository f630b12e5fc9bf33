import { INVITATION_OUTCOME_KINDS, InvitationOutcome } from "@/components/reviews/invitation/invitation-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Stop review emails");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the opt-out button's post (app/reviews/opt-out/send/route.ts) lands. */
export default async function OptOutOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, INVITATION_OUTCOME_KINDS);
  if (kind) return <InvitationOutcome kind={kind} />;
  return (
    <TokenRetry
      id="opt-out-retry-heading"
      title="Nothing changed yet"
      message="We could not save it just now. Open the link from the email again and press the button in a minute."
    />
  );
}

import { INVITATION_OUTCOME_KINDS, InvitationOutcome } from "@/components/reviews/invitation/invitation-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("We didn't work together");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the decline form's post (app/reviews/decline/send/route.ts) lands. */
export default async function DeclineOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, INVITATION_OUTCOME_KINDS);
  if (kind) return <InvitationOutcome kind={kind} />;
  return (
    <TokenRetry
      id="decline-retry-heading"
      title="Your answer is not saved yet"
      message="We could not save it just now. Open the link from the email again and send your answer in a minute."
    />
  );
}

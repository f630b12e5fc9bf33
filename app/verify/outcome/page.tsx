import { VERIFY_OUTCOME_KINDS, VerifyOutcome } from "@/components/verify/verify-outcome";
import { outcomeKindOf, TokenRetry } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

export const metadata = outcomePageMetadata("Confirm your email");

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where the script-less confirm post (app/verify/confirm/route.ts) lands. */
export default async function VerifyOutcomePage({ searchParams }: { searchParams: SearchParams }) {
  const kind = outcomeKindOf((await searchParams).result, VERIFY_OUTCOME_KINDS);
  if (kind) return <VerifyOutcome kind={kind} />;
  return (
    <TokenRetry
      id="verify-retry-heading"
      title="Your email is not confirmed yet"
      message="We could not confirm it just now. Open the link from the email again and press the button in a minute."
    />
  );
}

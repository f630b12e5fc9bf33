import Link from "next/link";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { outcomePageMetadata } from "@/components/ui/token-page";

// Prerendered at build time: five minutes in a shared cache, not the year Next.js would give (as /signout).
export const revalidate = 300;
export const metadata = outcomePageMetadata("Your review was withdrawn");

/** Where the edit page's Withdraw leads. */
export default function ReviewWithdrawnPage() {
  return (
    <TokenOutcome id="review-withdrawn-heading" tone="success" title="Your review was withdrawn" message="It is no longer shown and no longer counts in the provider's rating.">
      <p>
        <Link href="/providers">Browse the provider directory</Link>
      </p>
    </TokenOutcome>
  );
}
